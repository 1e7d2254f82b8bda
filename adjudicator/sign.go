package adjudicator

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"io"
	"os"
	"strings"

	"taipan/events"
)

// Signed chain heads. A chain head (Head) a player keeps proves that a
// later log still holds that event, but a log rewritten and chained again
// from its start holds a chain of its own, which an auditor who holds no
// report cannot tell from the true one. With a signing key (ed25519) the
// GM signs the head of each report and of each export they publish: the
// signature binds the game and the head, so an auditor holding the GM's
// public key knows the head is the GM's, and a rewritten log cannot carry
// it. The key stays with the GM (a file, in the serve config or on the
// command line); only its public half is handed out. ed25519 signatures are
// deterministic, so a report rendered again from the log is the same.

// headMessage is what a head's signature covers: the game and the head,
// after a line that keeps a signature from being taken for any other.
func headMessage(game string, h Head) []byte {
	return []byte("taipan chain head v1\n" + game + "\n" + h.String() + "\n")
}

// SignHead signs game's head with key, in hex (128 digits).
func SignHead(key ed25519.PrivateKey, game string, h Head) string {
	return hex.EncodeToString(ed25519.Sign(key, headMessage(game, h)))
}

// VerifyHead checks that sig (hex, as SignHead writes it) is the signature
// of game's head by the key whose public half is pub.
func VerifyHead(pub ed25519.PublicKey, game string, h Head, sig string) error {
	raw, err := hex.DecodeString(strings.TrimSpace(sig))
	if err != nil || len(raw) != ed25519.SignatureSize {
		return Errorf(EINVALID, "bad signature %q: write it as the report prints it (%d hex digits)", sig, 2*ed25519.SignatureSize)
	}
	if !ed25519.Verify(pub, headMessage(game, h), raw) {
		return Errorf(ECONFLICT, "the signature of game %s's head %s is not the GM's (key %s): the head, the game or the key differ from what was signed", game, h, short(PublicKeyText(pub)))
	}
	return nil
}

// PublicKeyText writes a public key as ParsePublicKey reads it: hex.
func PublicKeyText(pub ed25519.PublicKey) string { return hex.EncodeToString(pub) }

// ParsePublicKey reads a public key written by PublicKeyText.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	raw, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil || len(raw) != ed25519.PublicKeySize {
		return nil, Errorf(EINVALID, "bad public key %q: write it as `taipan keygen` printed it (%d hex digits)", s, 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(raw), nil
}

// NewSigningKey makes a signing key from entropy and returns it as a PEM
// file's contents (PKCS #8), and its public half.
func NewSigningKey(entropy io.Reader) (pemFile []byte, pub ed25519.PublicKey, err error) {
	pub, key, err := ed25519.GenerateKey(entropy)
	if err != nil {
		return nil, nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), pub, nil
}

// ReadSigningKey reads a signing key from a PEM file (PKCS #8, ed25519),
// as NewSigningKey writes it.
func ReadSigningKey(path string) (ed25519.PrivateKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, Errorf(EINVALID, "signing key: %v", err)
	}
	block, _ := pem.Decode(data)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, Errorf(EINVALID, "signing key %s: not a PEM private key (make one with `taipan keygen`)", path)
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, Errorf(EINVALID, "signing key %s: %v", path, err)
	}
	key, ok := k.(ed25519.PrivateKey)
	if !ok {
		return nil, Errorf(EINVALID, "signing key %s: a %T, not an ed25519 key", path, k)
	}
	return key, nil
}

// LogHead is the head of a whole log: its last event.
func LogHead(evs []events.Event) Head {
	last := evs[len(evs)-1]
	return Head{Seq: last.Seq, Hash: last.Hash}
}
