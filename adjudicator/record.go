package adjudicator

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"
)

// RecordFormat names the shape of a signed record.
const RecordFormat = "taipan-record/1"

// A Record is a player's reliability record as a host signs it: per
// finished game the player played, the figures of their attendance
// (recomputed from the game's log) and the game's chain head signed by
// the GM, all signed with the host's key, so that anyone holding the
// public key can check it without the database, and a record altered in
// one figure fails.
//
// The signature is Ed25519 over the bytes "taipan-record/1\n" followed by
// the record's JSON without its "signature" member, written canonically:
// object keys sorted, no whitespace, no HTML escapes (Python's
// json.dumps(r, sort_keys=True, separators=(",", ":"), ensure_ascii=False)).
type Record struct {
	Format string `json:"record"`
	// Player is the address the record is of.
	Player string       `json:"player"`
	Issued time.Time    `json:"issued"`
	Games  []RecordGame `json:"games"`
	// Totals sum the games' figures.
	Totals RecordFigures `json:"totals"`
	// PublicKey is the signer's, in hex; Signature the record's, in hex.
	PublicKey string `json:"public_key"`
	Signature string `json:"signature,omitempty"`
}

// RecordGame is one finished game of a record.
type RecordGame struct {
	Game   string   `json:"game"`
	Engine string   `json:"engine"`
	Seats  []string `json:"seats"`
	// Figures are the player's attendance in the seats while they held
	// them.
	Figures RecordFigures `json:"figures"`
	// Head is the game's last event, signed with the same key: with the
	// game's export, anyone can recompute the figures (GameAttendance).
	Head          string `json:"head"`
	HeadSignature string `json:"head_signature"`
}

// RecordFigures are AttendanceFigures as a record writes them.
type RecordFigures struct {
	Owed     int `json:"owed"`
	OnTime   int `json:"on_time"`
	Late     int `json:"late"`
	Excused  int `json:"excused"`
	Missed   int `json:"missed"`
	Disorder int `json:"disorder"`
}

// Figures is f as a record writes it.
func (f AttendanceFigures) Figures() RecordFigures {
	return RecordFigures{Owed: f.Owed, OnTime: f.OnTime, Late: f.Late, Excused: f.Excused, Missed: f.Missed, Disorder: f.Disorder}
}

// Add adds o to f.
func (f *RecordFigures) Add(o RecordFigures) {
	f.Owed += o.Owed
	f.OnTime += o.OnTime
	f.Late += o.Late
	f.Excused += o.Excused
	f.Missed += o.Missed
	f.Disorder += o.Disorder
}

// OnTimeShare is the share of the steps owed that were on time or
// excused, in percent (100 for none owed).
func (f RecordFigures) OnTimeShare() float64 {
	if f.Owed == 0 {
		return 100
	}
	return 100 * float64(f.OnTime+f.Excused) / float64(f.Owed)
}

// recordMessage is what a record's signature covers.
func recordMessage(r Record) ([]byte, error) {
	r.Signature = ""
	raw, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(RecordFormat + "\n")
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // maps encode with their keys sorted
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// SignRecord fills in r's totals, format, public key and signature.
func SignRecord(key ed25519.PrivateKey, r *Record) error {
	r.Format = RecordFormat
	r.Totals = RecordFigures{}
	for _, g := range r.Games {
		r.Totals.Add(g.Figures)
	}
	r.PublicKey = PublicKeyText(key.Public().(ed25519.PublicKey))
	msg, err := recordMessage(*r)
	if err != nil {
		return err
	}
	r.Signature = hex.EncodeToString(ed25519.Sign(key, msg))
	return nil
}

// VerifyRecord checks a record read from data against the host's public
// key pub: its format, its signature, every game's signed head, and that
// its totals are the sum of its games. It returns the record.
func VerifyRecord(data []byte, pub ed25519.PublicKey) (*Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, Errorf(EINVALID, "the record does not read: %v", err)
	}
	if r.Format != RecordFormat {
		return nil, Errorf(EINVALID, "the record is %q, not a %s", r.Format, RecordFormat)
	}
	if r.PublicKey != PublicKeyText(pub) {
		return nil, Errorf(ECONFLICT, "the record names the key %s, not %s: it was signed by another host", short(r.PublicKey), short(PublicKeyText(pub)))
	}
	sig, err := hex.DecodeString(strings.TrimSpace(r.Signature))
	if err != nil || len(sig) != ed25519.SignatureSize {
		return nil, Errorf(EINVALID, "the record's signature does not read as %d hex digits", 2*ed25519.SignatureSize)
	}
	msg, err := recordMessage(r)
	if err != nil {
		return nil, err
	}
	if !ed25519.Verify(pub, msg, sig) {
		return nil, Errorf(ECONFLICT, "the record's signature does not match: the record was altered after it was signed, or signed by another key")
	}
	var sum RecordFigures
	for _, g := range r.Games {
		h, err := ParseHead(g.Head)
		if err != nil {
			return nil, err
		}
		if err := VerifyHead(pub, g.Game, h, g.HeadSignature); err != nil {
			return nil, err
		}
		sum.Add(g.Figures)
	}
	if sum != r.Totals {
		return nil, Errorf(ECONFLICT, "the record's totals are not the sum of its games")
	}
	return &r, nil
}
