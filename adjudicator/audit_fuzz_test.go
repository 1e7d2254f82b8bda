package adjudicator_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/events"
)

// FuzzAudit alters one event of a real log, its kind, its payload or both,
// as anyone who hands over a log may, and audits it (`taipan audit
// --file`). The audit never panics; it passes the log unaltered, and
// names the altered event otherwise. Replay alone (which reads a log
// whose chain is checked apart) never panics either, and fails, if at
// all, at the altered event or after it: the events before it read as
// they did.
func FuzzAudit(f *testing.F) {
	var logs [][]events.Event
	for _, name := range []string{
		"adjudicator/testdata/frozen/format2/trader-2p.jsonl", "adjudicator/testdata/frozen/format2/shanghai-4p.jsonl",
		"adjudicator/testdata/frozen/format2/singapore-4p.jsonl", "adjudicator/testdata/frozen/format2/old-shanghai-4p.jsonl",
		"adjudicator/testdata/frozen/format2/shanghai-trader-6p-advanced.jsonl", "testdata/compat/format1/fx-trader-2p.jsonl",
	} {
		data, err := os.ReadFile(filepath.Join("..", name))
		if err != nil {
			f.Fatal(err)
		}
		evs, err := events.ReadJSONL(bytes.NewReader(data))
		if err != nil {
			f.Fatal(err)
		}
		// The first steps are enough to reach every kind of event the
		// log has early, and keep an audit cheap.
		logs = append(logs, evs[:min(len(evs), 40)])
	}
	for li, evs := range logs {
		for at := range evs {
			// The event as it is, and another event's payload in its place.
			f.Add(uint8(li), uint8(at), "", []byte(evs[at].Payload))
			f.Add(uint8(li), uint8(at), "", []byte(evs[(at+1)%len(evs)].Payload))
		}
	}
	reg := goldenRegistry()
	f.Fuzz(func(t *testing.T, which, at uint8, kind string, payload []byte) {
		orig := logs[int(which)%len(logs)]
		evs := slices.Clone(orig)
		i := int(at) % len(evs)
		if kind != "" {
			evs[i].Kind = kind
		}
		evs[i].Payload = payload
		altered := evs[i].Kind != orig[i].Kind || !bytes.Equal(evs[i].Payload, orig[i].Payload)

		_, err := adjudicator.Audit(reg, evs)
		var ce *events.ChainError
		switch {
		case !altered && err != nil:
			t.Fatalf("event %d left as it was: the audit fails: %v", i+1, err)
		case altered && err == nil:
			t.Fatalf("event %d altered (%s %q): the audit passes", i+1, evs[i].Kind, payload)
		case altered && (!errors.As(err, &ce) || ce.Event.Seq != evs[i].Seq):
			t.Fatalf("event %d altered: the audit does not name it: %v", i+1, err)
		}

		_, err = adjudicator.Replay(reg, evs)
		var re *adjudicator.ReplayError
		if err != nil && (!errors.As(err, &re) || re.Event.Seq < evs[i].Seq) {
			t.Fatalf("event %d altered (%s %q): replay fails before it, or without naming an event: %v", i+1, evs[i].Kind, payload, err)
		}
	})
}

// FuzzSignedHead reads any head, signature and key as `taipan audit
// --expect-head --signature --public-key` does: a head read is SEQ:HASH
// with 64 hex digits and reads back from how it prints; a signature is
// taken only if it is the key's very signature of that game's head.
func FuzzSignedHead(f *testing.F) {
	pemFile, pub, err := adjudicator.NewSigningKey(rand.NewChaCha8([32]byte{}))
	if err != nil {
		f.Fatal(err)
	}
	keyFile := filepath.Join(f.TempDir(), "key.pem")
	if err := os.WriteFile(keyFile, pemFile, 0o600); err != nil {
		f.Fatal(err)
	}
	key, err := adjudicator.ReadSigningKey(keyFile)
	if err != nil {
		f.Fatal(err)
	}
	hash := strings.Repeat("3f", 32)
	good := adjudicator.SignHead(key, "bourse-1", adjudicator.Head{Seq: 17, Hash: hash})
	for _, s := range [][2]string{
		{"17:" + hash, good}, {" 17:" + strings.ToUpper(hash) + " ", strings.ToUpper(good)}, {"17:" + hash, good[:126] + "00"},
		{"17:" + strings.Repeat("zz", 32), good}, {"0:" + hash, good}, {"17:" + hash[:63], ""}, {"17", good}, {":", "x"},
	} {
		f.Add(s[0], s[1], adjudicator.PublicKeyText(pub))
	}
	f.Fuzz(func(t *testing.T, head, sig, pubText string) {
		h, err := adjudicator.ParseHead(head)
		if err != nil {
			return
		}
		if _, herr := hex.DecodeString(h.Hash); h.Seq < 1 || len(h.Hash) != 64 || herr != nil || h.Hash != strings.ToLower(h.Hash) {
			t.Fatalf("%q reads as head %d:%q", head, h.Seq, h.Hash)
		}
		if back, err := adjudicator.ParseHead(h.String()); err != nil || back != h {
			t.Fatalf("%q reads as %v, which reads back as %v, %v", head, h, back, err)
		}
		k, err := adjudicator.ParsePublicKey(pubText)
		if err != nil {
			return
		}
		if adjudicator.VerifyHead(k, "bourse-1", h, sig) != nil {
			return
		}
		raw, _ := hex.DecodeString(strings.TrimSpace(sig))
		want, _ := hex.DecodeString(adjudicator.SignHead(key, "bourse-1", h))
		if !k.Equal(pub) || !bytes.Equal(raw, want) {
			t.Fatalf("signature %q of head %v taken for key %s", sig, h, pubText)
		}
	})
}
