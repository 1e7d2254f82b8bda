package events

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
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

// The time a format-2 hash holds is written as recordedAtLayout writes
// it, in UTC, whatever the time: every year of four digits written by
// hand, any other by AppendFormat.
func TestRecordedAtAsLayout(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	zones := []*time.Location{time.UTC, time.FixedZone("east", 5*3600+1800), time.FixedZone("west", -11*3600)}
	times := []time.Time{{}, time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 6, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 12, 3, 0, 0, 0, 1e6-1, time.FixedZone("east", 3600))}
	for range 20000 {
		times = append(times, time.Unix(r.Int64N(1<<36)-1<<35, r.Int64N(1e9)).In(zones[r.IntN(len(zones))]))
	}
	for _, at := range times {
		want := at.UTC().Format(recordedAtLayout)
		if got := string(appendRecordedAt([]byte("x"), at)); got != "x"+want {
			t.Fatalf("%v is written %q, want %q", at, got[1:], want)
		}
	}
}

// BenchmarkVerify checks the chain of a log of 2,000 format-2 events of
// an order file each, as every audit does beside its replay.
func BenchmarkVerify(b *testing.B) {
	evs := make([]Event, 2000)
	at := time.Date(2026, 12, 3, 13, 0, 0, 0, time.UTC)
	prev := ""
	for i := range evs {
		e := &evs[i]
		*e = Event{Game: "bench", Seq: int64(i + 1), Kind: "orders", Actor: "ann", Format: Format2,
			Salt:       hex.EncodeToString([]byte(strings.Repeat(string(rune('a'+i%26)), SaltSize))),
			Payload:    []byte(`{"orders":[{"buy":["London","Paris"]},{"sell":{"red":4}}],"step":` + strconv.Itoa(i) + `}`),
			RecordedAt: at.Add(time.Duration(i) * 1234567 * time.Microsecond), PrevHash: prev}
		e.Hash = e.ComputeHash()
		prev = e.Hash
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := Verify(evs); err != nil {
			b.Fatal(err)
		}
	}
}
