package adjudicator_test

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
	"taipan/orders"
)

// A game asking for a record takes a player whose finished games on this
// host meet it, refuses one whose record falls short, saying by how much,
// and takes one who brings a record a trusted host signed for their
// address; a record of another address, or of an untrusted host, is
// refused; every refusal changes nothing.
func TestSignUpGatedOnRecord(t *testing.T) {
	h, _ := clubHost(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	// ann plays a game to its end here, sending orders every step.
	camp, err := adjudicator.ParseCampaign([]byte("id: past\ngame: dice\nplayers: [{name: ann, email: ann@club.test}, {name: ben, email: ben@club.test}]\noptions: {target: 1}\nseed: fixed\n"))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := h.Create(ctx, camp)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		g, _ := h.Load(ctx, "past")
		if g.Status.Finished {
			break
		}
		if i == 50 {
			t.Fatal("the past game does not end")
		}
		env := &orders.Envelope{Game: "past", Player: "ann", Token: ng.Tokens["ann"], Step: g.Step, Orders: []orders.Item{orders.With("pick", "1")}}
		if _, err := h.Submit(ctx, env, adjudicator.SubmitOptions{}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := h.Close(ctx, "past", adjudicator.ReasonGM); err != nil {
			t.Fatal(err)
		}
	}
	openGame(t, h, "id: gated\ngame: dice\nseats: 2-4\nsignup: 7d\nmin_record: {games: 1, on_time: 90}\ntrusted_hosts: ["+adjudicator.PublicKeyText(trustedPub)+"]\n")
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "gated", Name: "ann", Email: "ann@club.test"}); err != nil {
		t.Fatalf("ann, on time in every step of a finished game: %v", err)
	}
	evs, _ := h.Store.Events(ctx, "gated")
	refused := func(r adjudicator.JoinRequest, want string) {
		t.Helper()
		_, err := join(t, h, r)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s joins: %v; want %q", r.Email, err, want)
		}
		if after, _ := h.Store.Events(ctx, "gated"); len(after) != len(evs) {
			t.Errorf("a refused join was logged")
		}
	}
	refused(adjudicator.JoinRequest{Game: "gated", Name: "ben", Email: "ben@club.test"}, "has 1 finished games on this host, on time or excused in 0% of")
	refused(adjudicator.JoinRequest{Game: "gated", Name: "dan", Email: "dan@else.test"}, "dan@else.test has 0 finished games")
	refused(adjudicator.JoinRequest{Game: "gated", Name: "dan", Email: "dan@else.test", Record: signedRecord(t, trustedKey, "eve@else.test")}, "is eve@else.test's, not dan@else.test's")
	refused(adjudicator.JoinRequest{Game: "gated", Name: "dan", Email: "dan@else.test", Record: signedRecord(t, untrustedKey, "dan@else.test")}, "not signed by a host game gated trusts")
	tampered := strings.Replace(string(signedRecord(t, trustedKey, "dan@else.test")), `"missed":0`, `"missed":1`, 1)
	refused(adjudicator.JoinRequest{Game: "gated", Name: "dan", Email: "dan@else.test", Record: []byte(tampered)}, "altered")
	if _, err := join(t, h, adjudicator.JoinRequest{Game: "gated", Name: "dan", Email: "dan@else.test", Record: signedRecord(t, trustedKey, "dan@else.test")}); err != nil {
		t.Errorf("dan, with a trusted host's record: %v", err)
	}
}

var (
	trustedPub, trustedKey, _ = ed25519.GenerateKey(fixedEntropy("trusted host"))
	_, untrustedKey, _        = ed25519.GenerateKey(fixedEntropy("untrusted host"))
)

// signedRecord is a record of two finished games, always on time, signed
// by key for addr.
func signedRecord(t *testing.T, key ed25519.PrivateKey, addr string) []byte {
	t.Helper()
	r := &adjudicator.Record{Player: addr}
	for _, id := range []string{"far-1", "far-2"} {
		h, _ := adjudicator.ParseHead("9:" + strings.Repeat("cd", 32))
		r.Games = append(r.Games, adjudicator.RecordGame{Game: id, Engine: "dice/1", Seats: []string{"x"},
			Figures: adjudicator.RecordFigures{Owed: 5, OnTime: 5}, Head: h.String(), HeadSignature: adjudicator.SignHead(key, id, h)})
	}
	if err := adjudicator.SignRecord(key, r); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(r)
	return b
}
