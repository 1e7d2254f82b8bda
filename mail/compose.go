package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"mime"
	"mime/quotedprintable"
	"strings"
	"time"
)

// Draft is an outgoing mail before it is queued.
type Draft struct {
	Game      string
	Kind      string // one of the Kind constants
	Step      int    // for reports and reminders; -1 otherwise
	To        string
	Subject   string
	Body      string
	MessageID string   // without angle brackets; stable, so that a retry or a second enqueue is the same mail
	InReplyTo string   // the Message-ID answered, or the thread's first mail
	Refs      []string // the answered mail's references
	// Secrets are words of Body (a token) that must not stay in the
	// outbox once the mail is sent: they are replaced in the kept copy.
	Secrets []string
	// Parts makes a report a multipart mail: the text, the HTML page and
	// the picture (see MultipartBytes); nil: plain text.
	Parts *ReportParts
}

// Kinds of outgoing mail.
const (
	KindAck      = "ack"
	KindReject   = "reject"
	KindReply    = "reply"
	KindReport   = "report"
	KindReminder = "reminder"
	KindNotice   = "notice"
	KindToken    = "token"     // a new game's token mailed on its own (the set-up report had gone)
	KindDigest   = "digest"    // answers held back by the rate limit, in one mail
	KindGMDigest = "gm-digest" // the GM's daily digest of refusals
	KindDeadline = "deadline"  // players told of a deadline the GM changed
)

// isAnswer says whether a kind of mail answers a received mail: such mail
// is marked auto-replied, and counts against the rate limits.
func isAnswer(kind string) bool {
	switch kind {
	case KindAck, KindReject, KindReply, KindNotice, KindDigest:
		return true
	}
	return false
}

// Redacted is the draft with its secrets replaced, as the outbox keeps it
// once sent.
func (d *Draft) Redacted() *Draft {
	r := *d
	r.Secrets = nil
	if d.Parts != nil {
		p := *d.Parts
		r.Parts = &p
	}
	for _, s := range d.Secrets {
		if s != "" {
			r.Body = strings.ReplaceAll(r.Body, s, "(sent once; not kept)")
			if r.Parts != nil {
				r.Parts.HTML = strings.ReplaceAll(r.Parts.HTML, s, "(sent once; not kept)")
				r.Parts.JSON = bytes.ReplaceAll(r.Parts.JSON, []byte(s), []byte("(sent once; not kept)"))
			}
		}
	}
	return &r
}

// Bytes renders the draft as an RFC 5322 message from the given address,
// dated at.
func (d *Draft) Bytes(fromName, from string, at time.Time) []byte {
	var b bytes.Buffer
	hdr := func(k, v string) { // without fmt: a closing writes several mails
		b.WriteString(k)
		b.WriteString(": ")
		b.WriteString(v)
		b.WriteString("\r\n")
	}
	hdr("From", (&mimeAddr{fromName, from}).String())
	hdr("To", d.To)
	hdr("Subject", mime.QEncoding.Encode("utf-8", d.Subject))
	hdr("Date", at.UTC().Format(time.RFC1123Z))
	hdr("Message-ID", "<"+d.MessageID+">")
	if d.InReplyTo != "" {
		hdr("In-Reply-To", "<"+d.InReplyTo+">")
		refs := append(append([]string(nil), d.Refs...), d.InReplyTo)
		if len(refs) > 10 {
			refs = refs[len(refs)-10:]
		}
		hdr("References", "<"+strings.Join(refs, "> <")+">")
	}
	auto := "auto-generated"
	if isAnswer(d.Kind) {
		auto = "auto-replied"
	}
	hdr("Auto-Submitted", auto)
	hdr("X-Auto-Response-Suppress", "All")
	hdr("X-Loop", from)
	if d.Game != "" {
		hdr("X-Taipan-Game", d.Game)
	}
	hdr("MIME-Version", "1.0")
	hdr("Content-Type", `text/plain; charset="utf-8"`)
	hdr("Content-Transfer-Encoding", "quoted-printable")
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	body := strings.ReplaceAll(d.Body, "\r\n", "\n")
	qp.Write([]byte(strings.ReplaceAll(body, "\n", "\r\n")))
	qp.Close()
	if !bytes.HasSuffix(b.Bytes(), []byte("\r\n")) {
		b.WriteString("\r\n")
	}
	return b.Bytes()
}

type mimeAddr struct{ name, addr string }

// String writes the address with its encoded display name.
func (a *mimeAddr) String() string {
	if a.name == "" {
		return "<" + a.addr + ">"
	}
	return mime.QEncoding.Encode("utf-8", a.name) + " <" + a.addr + ">"
}

// newID makes a stable Message-ID from its parts: the same parts always give
// the same id, which is what makes enqueueing idempotent.
func newID(domain, kind string, parts ...string) string {
	// Made without fmt: reports make several of these per closing.
	var buf [256]byte
	in := buf[:0]
	for _, p := range parts {
		in = append(append(in, p...), 0)
	}
	sum := sha256.Sum256(in)
	var digest [24]byte
	hex.Encode(digest[:], sum[:12])
	return "taipan." + kind + "." + string(digest[:]) + "@" + domain
}

// domainOf is the part of an address after the @.
func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[i+1:]
	}
	return "localhost"
}
