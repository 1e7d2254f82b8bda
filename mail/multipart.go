package mail

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"strings"
	"time"
)

// ReportParts are what a report mail carries beside its plain text (the
// Draft's Body): the HTML version, the picture and the report as JSON for
// client tools. A campaign or a player that chose report_format plain
// gets the text and the JSON alone.
type ReportParts struct {
	// HTML is the report as an HTML page that shows the picture from
	// "cid:" + PictureID (adjudicator.Renderer.Rich with PictureURL);
	// empty for a plain report.
	HTML string
	// PNG is the picture; nil for a game without one or a plain report.
	PNG []byte
	// PictureID is the picture's Content-ID, without angle brackets
	// (PictureID(MessageID)).
	PictureID string
	// PictureName is the attachment's file name; empty: GAME-step-N.png.
	PictureName string
	// JSON is the report for client tools (adjudicator.JSONReport), nil
	// for none; it is attached as GAME-step-N.json.
	JSON []byte
}

// PictureID is the Content-ID of the picture of the mail whose Message-ID
// is messageID: stable, like the Message-ID, and unique with it.
func PictureID(messageID string) string { return "picture." + messageID }

// PictureURL is the URL an HTML report shows its picture from in the mail
// whose Message-ID is messageID.
func PictureURL(messageID string) string { return "cid:" + PictureID(messageID) }

// render is the whole message: multipart when the draft has parts.
func (d *Draft) render(fromName, from string, at time.Time) []byte {
	if d.Parts != nil {
		return d.MultipartBytes(fromName, from, at, d.Parts)
	}
	return d.Bytes(fromName, from, at)
}

// MultipartBytes renders the draft as a report mail in parts, from the
// given address, dated at:
//
//	multipart/mixed
//	├── multipart/alternative
//	│   ├── text/plain   the report as Bytes sends it, byte for byte
//	│   └── text/html    the same report laid out, the picture by cid:
//	├── image/png        the picture, attached, with its Content-ID
//	└── application/json the report for client tools, attached
//
// A reader without HTML reads the text and finds the picture attached; an
// HTML reader shows the picture in the page (RFC 2392 lets a cid: URL
// name any part of the message); a client tool reads the JSON. Without
// HTML (a plain report) the text/plain part stands in for the
// alternative; without a picture or JSON there is no attachment for it,
// and without any attachment the mail is the text and HTML alone. The
// headers are Bytes's, and boundaries are derived from the content, so
// the same draft gives the same bytes.
//
// To send reports this way, a dispatcher renders the report with
// Renderer.Rich(game, viewer, PictureURL(d.MessageID)), puts its Text in
// d.Body and the rest in a ReportParts, and queues MultipartBytes instead
// of Bytes; acknowledgements and refusals stay Bytes.
func (d *Draft) MultipartBytes(fromName, from string, at time.Time, p *ReportParts) []byte {
	plain := d.Bytes(fromName, from, at)
	head, body, _ := bytes.Cut(plain, []byte("\r\n\r\n"))
	var b bytes.Buffer
	// Every header of the plain mail but its content headers.
	for _, h := range headerFields(head) {
		name, _, _ := strings.Cut(h, ":")
		switch strings.ToLower(name) {
		case "content-type", "content-transfer-encoding":
			continue
		}
		b.WriteString(h + "\r\n")
	}
	sum := sha256.New()
	fmt.Fprintf(sum, "%s\x00%s\x00", d.MessageID, p.HTML)
	sum.Write(p.PNG)
	if p.JSON != nil {
		sum.Write([]byte{0})
		sum.Write(p.JSON)
	}
	boundary := "taipan-" + hex.EncodeToString(sum.Sum(nil))[:24]
	alt, mixed := boundary+"-alt", boundary+"-mixed"

	attached := p.PNG != nil || p.JSON != nil
	if attached {
		fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=%q\r\n\r\n", mixed)
		fmt.Fprintf(&b, "--%s\r\n", mixed)
	}
	const plainPart = "Content-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
	if p.HTML == "" {
		b.WriteString(plainPart)
		b.Write(body)
	} else {
		fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", alt)
		fmt.Fprintf(&b, "--%s\r\n", alt)
		b.WriteString(plainPart)
		b.Write(body)
		fmt.Fprintf(&b, "\r\n--%s\r\n", alt)
		b.WriteString("Content-Type: text/html; charset=\"utf-8\"\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		writeQP(&b, p.HTML)
		fmt.Fprintf(&b, "\r\n--%s--\r\n", alt)
	}
	if !attached {
		return b.Bytes()
	}
	if p.PNG != nil {
		name := p.PictureName
		if name == "" {
			name = fmt.Sprintf("%s-step-%d.png", d.Game, d.Step)
		}
		fmt.Fprintf(&b, "\r\n--%s\r\n", mixed)
		fmt.Fprintf(&b, "Content-Type: image/png; name=%q\r\n", name)
		fmt.Fprintf(&b, "Content-Disposition: %s\r\n", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
		fmt.Fprintf(&b, "Content-ID: <%s>\r\n", p.PictureID)
		writeBase64(&b, p.PNG)
	}
	if p.JSON != nil {
		name := fmt.Sprintf("%s-step-%d.json", d.Game, d.Step)
		fmt.Fprintf(&b, "\r\n--%s\r\n", mixed)
		fmt.Fprintf(&b, "Content-Type: application/json; name=%q\r\n", name)
		fmt.Fprintf(&b, "Content-Disposition: %s\r\n", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
		writeBase64(&b, p.JSON)
	}
	fmt.Fprintf(&b, "--%s--\r\n", mixed)
	return b.Bytes()
}

// writeBase64 ends a part's header and writes data as its base64 body in
// lines of 76 characters.
func writeBase64(b *bytes.Buffer, data []byte) {
	b.WriteString("Content-Transfer-Encoding: base64\r\n\r\n")
	enc := base64.StdEncoding.EncodeToString(data)
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\r\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\r\n")
}

// headerFields splits a header block into its fields, each with its
// continuation lines.
func headerFields(head []byte) []string {
	var out []string
	for _, line := range strings.Split(string(head), "\r\n") {
		if (strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")) && len(out) > 0 {
			out[len(out)-1] += "\r\n" + line
			continue
		}
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// writeQP writes text quoted-printable, with CRLF line ends.
func writeQP(b *bytes.Buffer, text string) {
	qp := quotedprintable.NewWriter(b)
	text = strings.ReplaceAll(text, "\r\n", "\n")
	qp.Write([]byte(strings.ReplaceAll(text, "\n", "\r\n")))
	qp.Close()
}
