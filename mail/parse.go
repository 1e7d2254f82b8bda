package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // charsets beyond UTF-8 and ASCII
	gomail "github.com/emersion/go-message/mail"

	"taipan/orders"
)

// Inbound is a received mail as Taipan reads it: who sent it, whether a
// machine did, and the order file it carries.
type Inbound struct {
	MessageID  string   // without angle brackets; made from the content when missing
	From       string   // the sender's bare address, lower-cased
	Subject    string   // decoded
	References []string // the mail's References and In-Reply-To, for threading
	Size       int      // bytes of the raw message
	// AuthResults are the mail's Authentication-Results headers, top first
	// (see AuthCheck).
	AuthResults []string

	// Auto says why the mail was sent by a machine (a bounce, an
	// auto-reply, a list, our own mail coming back); "" for a person's mail.
	// Automatic mail is never answered.
	Auto string

	// File is the order file found, with quoted text and signature removed;
	// nil when there is none, and then Problem says why.
	File     []byte
	FileName string // the attachment's name, or "the message body"
	Problem  string
	// Reason is the text of a top-level `reason:` line, taken out of File
	// (its line left blank, so line numbers hold): the reason of a GM action.
	Reason string

	env    *orders.Envelope // File parsed, once envelope has been called
	envErr error
	parsed bool
	hidden []string // the secrets of File, once secrets has been called
	found  bool
	hash   string // contentHash, once called

	// key is what the inbox records the mail under: its Message-ID, or
	// for a corrected mail that reuses one, the id and its content's
	// digest (then corrected is set).
	key       string
	corrected bool
	// authentic says the mail proved its sender: it carried the right
	// token of the player (or GM) it names and came from that one's
	// address on record, or a code Taipan mailed only there. Its answers
	// are owed: no limit holds them back (see answer.go).
	authentic bool
}

// id is the key the mail is recorded and answered under.
func (m *Inbound) id() string {
	if m.key != "" {
		return m.key
	}
	return m.MessageID
}

// contentHash is a digest of what Taipan read from the mail (sender, order
// file or problem), which tells a corrected mail under a reused Message-ID
// from the same mail delivered twice (whose Received lines may differ).
func (m *Inbound) contentHash() string {
	if m.hash != "" {
		return m.hash
	}
	h := sha256.New()
	for _, part := range []string{m.From, m.FileName, string(m.File), m.Problem, m.Reason, m.Auto} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	m.hash = hex.EncodeToString(h.Sum(nil))
	return m.hash
}

// prepare works out at once what taking m in reads of it and needs no
// database: its order file parsed, its secrets, its content's digest.
// The IMAP poller reads a batch while the one before is taken in, so
// this work is done then, beside the transaction rather than in it.
func (m *Inbound) prepare() {
	m.envelope()
	m.secrets()
	m.contentHash()
}

// secrets are the secrets m carries: the token of its envelope, and what
// orders.Secrets finds in its file (token: values, words of 32 or more hex
// digits, in comments too, also when the file cannot be parsed), so that
// no answer, log line or kept row repeats them.
func (m *Inbound) secrets() []string {
	if m.found {
		return m.hidden
	}
	out := orders.Secrets(m.File)
	if env, _ := m.envelope(); env != nil && len(env.Token) >= minSecret && !slices.Contains(out, env.Token) {
		out = append([]string{env.Token}, out...)
	}
	m.hidden, m.found = out, true
	return out
}

// minSecret is the shortest envelope token hidden: shorter ones are no
// token (one is 32 characters), and hiding them would garble the line
// ("wrong token" with token: wrong).
const minSecret = 8

// hideSecrets replaces m's secrets in s: an answer, or a line for the log
// or the inbox.
func hideSecrets(s string, m *Inbound) string { return orders.HideIn(s, m.secrets()) }

// checkOnly says the mail's order file asks only to be checked (check:
// true), so that its answer reads as a check, with mistakes or without;
// also when the file is too broken to be read as an envelope.
func (m *Inbound) checkOnly() bool {
	if env, err := m.envelope(); err == nil && env != nil {
		return env.Check
	}
	return m.File != nil && orders.AsksCheck(m.File)
}

// envelope is the order file parsed (nil, nil without one), parsed once.
func (m *Inbound) envelope() (*orders.Envelope, error) {
	if !m.parsed {
		m.parsed = true
		if m.File != nil {
			m.env, m.envErr = orders.Parse(m.File)
		}
	}
	return m.env, m.envErr
}

// ErrUnreadable is a message whose header cannot be read at all.
var ErrUnreadable = errors.New("the message header cannot be read")

// ReadMessage reads a raw RFC 5322 message. own lists Taipan's addresses, so
// that its own mail coming back is recognised as a loop. Only a message
// whose header cannot be parsed is an error; any problem with the body is
// described in Problem.
func ReadMessage(raw []byte, lim Limits, own ...string) (*Inbound, error) {
	in := &Inbound{Size: len(raw)}
	ent, err := message.Read(bytes.NewReader(raw))
	if ent == nil {
		return nil, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	h := gomail.Header{Header: ent.Header}
	in.MessageID = messageID(h, raw)
	if addrs, err := h.AddressList("From"); err == nil && len(addrs) > 0 {
		in.From = strings.ToLower(addrs[0].Address)
	} else if s := strings.TrimSpace(h.Get("From")); s != "" {
		// A sloppy From: take what looks like an address.
		if m := looseAddr.FindString(s); m != "" {
			in.From = strings.ToLower(m)
		}
	}
	in.Subject, _ = h.Subject()
	in.Subject = oneLineText(in.Subject, 200)
	if refs, err := h.MsgIDList("References"); err == nil {
		in.References = refs
	}
	if irt, err := h.MsgIDList("In-Reply-To"); err == nil {
		for _, id := range irt {
			if !slices.Contains(in.References, id) {
				in.References = append(in.References, id)
			}
		}
	}
	in.Auto = automatic(h, in.From, own)
	in.AuthResults = h.Values("Authentication-Results")
	if lim.MaxMessageSize > 0 && int64(len(raw)) > int64(lim.MaxMessageSize) {
		in.Problem = tooBig(int64(len(raw)), int64(lim.MaxMessageSize))
		return in, nil
	}
	if err != nil && !message.IsUnknownCharset(err) && !message.IsUnknownEncoding(err) {
		in.Problem = "the mail's body cannot be read: " + err.Error()
		return in, nil
	}
	w := walker{lim: lim}
	w.walk(ent, 0)
	switch {
	case w.problem != "":
		in.Problem = w.problem
	case w.attachment != nil:
		in.File, in.FileName = w.attachment, w.attachmentName
	case w.plain != nil:
		in.File, in.FileName = w.plain, "the message body"
	case w.html:
		in.Problem = "the mail has only an HTML part: send the order file as plain text, or attach it as a .yaml file"
	default:
		in.Problem = "the mail has no text part and no .yaml, .yml or .txt attachment"
	}
	if in.File != nil {
		file, reason := extractOrderFile(string(in.File))
		if file == "" {
			in.Problem = fmt.Sprintf("no order file found in %s: it should start with a line like 'game: GAME-ID'", in.FileName)
			in.File = nil
		} else {
			in.File, in.Reason = []byte(file), reason
		}
	}
	return in, nil
}

var looseAddr = regexp.MustCompile(`[^\s<>"@]+@[^\s<>"@]+`)

// tooBig is the Problem of a mail over the size limit.
func tooBig(size, limit int64) string {
	return fmt.Sprintf("the mail is %d bytes; the limit is %d: send the order file as plain text", size, limit)
}

func messageID(h gomail.Header, raw []byte) string {
	if id, err := h.MessageID(); err == nil && id != "" && len(id) < 250 {
		return id
	}
	return contentID(raw)
}

// contentID is the Message-ID given to a mail without one: made from its
// content, so that the same mail seen again is recognised.
func contentID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return "sha256-" + hex.EncodeToString(sum[:16]) + "@taipan.invalid"
}

// automatic says why a mail was sent by a machine, or "".
func automatic(h gomail.Header, from string, own []string) string {
	for _, a := range own {
		if a != "" && strings.EqualFold(from, a) {
			return "it is from Taipan's own address (a mail loop)"
		}
	}
	for _, a := range own {
		for _, v := range h.Values("X-Loop") {
			if strings.Contains(strings.ToLower(v), strings.ToLower(a)) {
				return "it has been through Taipan before (X-Loop)"
			}
		}
	}
	if v := strings.ToLower(strings.TrimSpace(h.Get("Auto-Submitted"))); v != "" && v != "no" {
		return "it was sent automatically (Auto-Submitted: " + v + ")"
	}
	switch strings.ToLower(strings.TrimSpace(h.Get("Precedence"))) {
	case "bulk", "junk", "list", "auto_reply":
		return "it is bulk or list mail (Precedence)"
	}
	if h.Get("X-Autoreply") != "" || h.Get("X-Autorespond") != "" || h.Get("List-Id") != "" {
		return "it is an auto-reply or list mail"
	}
	if strings.TrimSpace(h.Get("Return-Path")) == "<>" {
		return "it is a bounce (empty Return-Path)"
	}
	if t, _, _ := h.ContentType(); t == "multipart/report" {
		return "it is a delivery report"
	}
	local, _, _ := strings.Cut(from, "@")
	switch local {
	case "", "mailer-daemon", "postmaster", "noreply", "no-reply":
		return "it is from a mail system (" + from + ")"
	}
	return ""
}

// walker looks through a MIME tree for the order file.
type walker struct {
	lim            Limits
	parts          int
	plain          []byte
	html           bool
	attachment     []byte
	attachmentName string
	problem        string
}

// maxPartText is the most text read from one part: more than any order file.
const maxPartText = 128 << 10

func (w *walker) walk(e *message.Entity, depth int) {
	if w.problem != "" {
		return
	}
	w.parts++
	if w.lim.MaxParts > 0 && w.parts > w.lim.MaxParts {
		w.problem = fmt.Sprintf("the mail has more than %d parts; send the order file alone", w.lim.MaxParts)
		return
	}
	if mr := e.MultipartReader(); mr != nil {
		if w.lim.MaxDepth > 0 && depth >= w.lim.MaxDepth {
			w.problem = fmt.Sprintf("the mail's parts are nested more than %d deep", w.lim.MaxDepth)
			return
		}
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				return
			}
			if p == nil {
				if err != nil && w.plain == nil && w.attachment == nil {
					w.problem = "the mail's multipart structure is broken: " + oneLineText(err.Error(), 100)
				}
				return
			}
			w.walk(p, depth+1)
			if w.problem != "" {
				return
			}
		}
	}
	mt, params, err := e.Header.ContentType()
	if err != nil || mt == "" {
		mt = "text/plain"
	}
	disp, dparams, _ := e.Header.ContentDisposition()
	name := dparams["filename"]
	if name == "" {
		name = params["name"]
	}
	if name != "" {
		if dec, err := new(mime.WordDecoder).DecodeHeader(name); err == nil {
			name = dec
		}
	}
	ext := strings.ToLower(path.Ext(name))
	orderExt := ext == ".yaml" || ext == ".yml" || ext == ".txt"
	switch {
	case name != "" && orderExt:
		if w.attachment == nil {
			if b, ok := readText(e.Body); ok {
				w.attachment, w.attachmentName = b, "the attachment "+oneLineText(path.Base(name), 80)
			}
		}
	case disp == "attachment" || name != "":
		// Another attachment: not ours to read.
	case mt == "text/plain" && w.plain == nil:
		if b, ok := readText(e.Body); ok {
			if strings.EqualFold(params["format"], "flowed") {
				b = []byte(unflow(string(b), strings.EqualFold(params["delsp"], "yes")))
			}
			w.plain = b
		}
	case mt == "text/html":
		w.html = true
	}
}

// readText reads up to maxPartText bytes of decoded text.
func readText(r io.Reader) ([]byte, bool) {
	b, err := io.ReadAll(io.LimitReader(r, maxPartText))
	if err != nil && len(b) == 0 {
		return nil, false
	}
	return b, true
}

// unflow joins the soft line breaks of format=flowed text (RFC 3676).
func unflow(s string, delsp bool) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		soft := strings.HasSuffix(l, " ") && l != "-- " && !strings.HasPrefix(l, ">")
		if soft && delsp {
			l = l[:len(l)-1]
		}
		b.WriteString(l)
		if !soft && i < len(lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

var (
	// envelopeKey is a top-level key of an order file.
	envelopeKey = regexp.MustCompile(`^(?i:game|player|token|step|command|orders|check|press|absence|reason)\s*:`)
	// anyKey is a line that YAML would read as a top-level key.
	anyKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*\s*:(\s|$)`)
	// attribution is the line a mail client writes above quoted text.
	attribution = regexp.MustCompile(`(?i)^(on .{1,200} wrote:|le .{1,200} a écrit :|am .{1,200} schrieb .{0,100}:|-+ ?original message ?-+|_{10,}|from: .*)\s*$`)
	reasonLine  = regexp.MustCompile(`^(?i:reason)\s*:\s*(.*)$`)
)

// extractOrderFile finds the order file in a text: from the first line that
// starts an envelope key (game:, player:, …) to the end of the YAML, which
// is the first line that is quoted (>), a signature delimiter (-- ), a
// reply's attribution line, or plain prose at the left margin. It returns
// the file, with a top-level reason: line blanked, and that reason.
func extractOrderFile(text string) (file, reason string) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\u00a0", " ") // no-break spaces some clients indent with
	text = strings.TrimPrefix(text, "\ufeff")
	lines := strings.Split(text, "\n")
	start := -1
	for i, l := range lines {
		if envelopeKey.MatchString(l) {
			start = i
			break
		}
	}
	if start < 0 {
		return "", ""
	}
	var out []string
	for _, l := range lines[start:] {
		t := strings.TrimRight(l, " \t")
		if t == "--" || strings.HasPrefix(l, ">") || attribution.MatchString(t) {
			break
		}
		ok := t == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '#' || l[0] == '-' || anyKey.MatchString(l)
		if !ok {
			break
		}
		if m := reasonLine.FindStringSubmatch(t); m != nil {
			reason = strings.Trim(strings.TrimSpace(m[1]), `"'`)
			t = ""
		}
		out = append(out, t)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n") + "\n", reason
}

// oneLineText makes s safe for one header or log line of at most n bytes.
func oneLineText(s string, n int) string {
	if !oneLine(s) {
		s = strings.Join(strings.Fields(s), " ")
	}
	if len(s) > n {
		s = s[:n]
		for len(s) > 0 && s[len(s)-1]&0xc0 == 0x80 {
			s = s[:len(s)-1]
		}
		if len(s) > 0 && s[len(s)-1] >= 0xc0 {
			s = s[:len(s)-1]
		}
	}
	return s
}

// oneLine says whether s is one line already: printable ASCII words with
// single spaces, nothing around them.
func oneLine(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c > '~' || c == ' ' && (i == 0 || i == len(s)-1 || s[i+1] == ' ') {
			return false
		}
	}
	return true
}
