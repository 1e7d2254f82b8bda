package mail_test

import (
	"io"
	"mime/quotedprintable"
	"strings"
	"testing"

	"taipan/mail"
)

// body decodes a queued mail's quoted-printable body.
func body(t *testing.T, raw string) string {
	t.Helper()
	_, text, _ := strings.Cut(strings.ReplaceAll(raw, "\r\n", "\n"), "\n\n")
	b, err := io.ReadAll(quotedprintable.NewReader(strings.NewReader(text)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The acknowledgement echoes the orders as the log holds them, as YAML
// (issue 11: "Every accepted file is echoed back in the acknowledgement as
// the log holds it").
func TestAckEchoesTheLoggedOrders(t *testing.T) {
	f := newFixture(t, nil)
	player, file := f.orderFile()
	res := f.ingest(plainMail(addrOf(player), "orders", file))
	if res.Outcome != mail.Accepted {
		t.Fatalf("outcome %s (%s)", res.Outcome, res.Reason)
	}
	ack := body(t, f.outbox()[0].Body)
	if !strings.Contains(ack, "As the game's log holds them:\n\n  orders:\n    - ") || strings.Contains(ack, "{\"") {
		t.Errorf("the ack does not echo the orders as YAML:\n%s", ack)
	}
}

// A refusal shows the file back with the token hidden, also when the token
// is a block scalar (issue 10).
func TestRefusalHidesABlockToken(t *testing.T) {
	f := newFixture(t, nil)
	player, file := f.orderFile()
	tok := f.tokens[player]
	bad := strings.Replace(file, "token: "+tok, "token: |\n  "+tok, 1) + "  - no-such-order\n"
	res := f.ingest(plainMail(addrOf(player), "orders", bad))
	if res.Outcome != mail.Rejected {
		t.Fatalf("outcome %s (%s)", res.Outcome, res.Reason)
	}
	box := f.outbox()
	reply := body(t, box[len(box)-1].Body)
	if strings.Contains(reply, tok) || !strings.Contains(reply, "token: (hidden)") {
		t.Errorf("the refusal shows the token:\n%s", reply)
	}
}
