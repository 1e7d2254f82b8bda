package events

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// A payload's commitment is HMAC-SHA256 keyed by its salt, whichever way
// it is worked out: on the stack for the salts and payloads a log holds,
// by crypto/hmac for any other (a long, odd or non-hex salt, a payload
// past the buffer).
func TestPayloadCommitmentIsHMAC(t *testing.T) {
	salts := []string{"", "00", "0123456789abcdef0123456789abcdef", "0123456789ABCDEF", strings.Repeat("ab", 64), strings.Repeat("cd", 65), "abc", "zz11", "0g"}
	payloads := []string{"", `{"orders":[{"buy":"London"}],"step":4}`, strings.Repeat("x", 959), strings.Repeat("y", 960), strings.Repeat("z", 961), strings.Repeat("w", 5000)}
	for _, salt := range salts {
		for _, payload := range payloads {
			key, _ := hex.DecodeString(salt)
			m := hmac.New(sha256.New, key)
			m.Write([]byte(payload))
			want := hex.EncodeToString(m.Sum(nil))
			if got := PayloadCommitment(Format2, salt, []byte(payload)); got != want {
				t.Errorf("salt %q, payload of %d bytes: %s, want %s", salt, len(payload), got, want)
			}
		}
	}
}
