package adjudicator_test

import (
	"crypto/ed25519"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"taipan/adjudicator"
)

// A head's signature checks only for the game, the head and the key it
// was made with; a key file reads back as the key it was written from.
func TestSignHead(t *testing.T) {
	pemFile, pub, err := adjudicator.NewSigningKey(rand.NewChaCha8([32]byte{'k'}))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "gm.key")
	if err := os.WriteFile(path, pemFile, 0o600); err != nil {
		t.Fatal(err)
	}
	key, err := adjudicator.ReadSigningKey(path)
	if err != nil {
		t.Fatal(err)
	}
	if !key.Public().(ed25519.PublicKey).Equal(pub) {
		t.Fatal("the key read back has another public key")
	}
	h := adjudicator.Head{Seq: 17, Hash: strings.Repeat("ab", 32)}
	sig := adjudicator.SignHead(key, "bourse-1", h)
	if err := adjudicator.VerifyHead(pub, "bourse-1", h, sig); err != nil {
		t.Fatalf("the signature does not check: %v", err)
	}
	parsed, err := adjudicator.ParsePublicKey(adjudicator.PublicKeyText(pub))
	if err != nil || !parsed.Equal(pub) {
		t.Fatalf("public key text does not read back: %v", err)
	}
	_, otherPub, _ := adjudicator.NewSigningKey(rand.NewChaCha8([32]byte{'o'}))
	for name, check := range map[string]func() error{
		"another game": func() error { return adjudicator.VerifyHead(pub, "bourse-2", h, sig) },
		"another seq": func() error {
			return adjudicator.VerifyHead(pub, "bourse-1", adjudicator.Head{Seq: 18, Hash: h.Hash}, sig)
		},
		"another hash": func() error {
			return adjudicator.VerifyHead(pub, "bourse-1", adjudicator.Head{Seq: 17, Hash: strings.Repeat("cd", 32)}, sig)
		},
		"another key":   func() error { return adjudicator.VerifyHead(otherPub, "bourse-1", h, sig) },
		"a bad text":    func() error { return adjudicator.VerifyHead(pub, "bourse-1", h, "xyz") },
		"a cut-off sig": func() error { return adjudicator.VerifyHead(pub, "bourse-1", h, sig[:100]) },
	} {
		if err := check(); err == nil {
			t.Errorf("%s: the signature checks", name)
		}
	}
	if _, err := adjudicator.ReadSigningKey(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("a missing key file reads")
	}
}
