package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	mimetype "mime"
	"mime/multipart"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/emersion/go-imap/v2"

	"taipan/adjudicator"
	"taipan/adjudicator/picture"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/internal/testkit"
	"taipan/mail"
)

// richDraft is a report of the golden three-player Trader game, in the
// middle, for bob, as a draft and its parts.
func richDraft(t testing.TB, id string) (*mail.Draft, *mail.ReportParts) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "adjudicator", "testdata", "golden", "trader-3p.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	evs, err := events.ReadJSONL(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	g, err := adjudicator.ReplayUntil(adjudicator.NewRegistry(trader.New()), evs, 5)
	if err != nil {
		t.Fatal(err)
	}
	r, err := adjudicator.NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	d := &mail.Draft{Game: g.ID, Kind: mail.KindReport, Step: 5, To: "bob@example.test",
		Subject: "[golden-3p] step 5 report", MessageID: id}
	rich, err := r.Rich(g, "bob", mail.PictureURL(d.MessageID))
	if err != nil {
		t.Fatal(err)
	}
	d.Body = rich.Text
	rep, err := r.JSON(g, "bob")
	if err != nil {
		t.Fatal(err)
	}
	js, err := rep.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return d, &mail.ReportParts{HTML: rich.HTML, PNG: rich.PNG, PictureID: mail.PictureID(d.MessageID), PictureName: "golden-3p-step-5-bob.png", JSON: js}
}

// leaf is one part of a mail, its transfer encoding undone.
type leaf struct {
	Type   string
	Header map[string][]string
	Body   []byte
}

// leaves reads a MIME message into its leaf parts, depth first.
func leaves(t testing.TB, raw []byte) (top string, out []leaf) {
	t.Helper()
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var walk func(h map[string][]string, body io.Reader)
	walk = func(h map[string][]string, body io.Reader) {
		ct := ""
		if v := h["Content-Type"]; len(v) > 0 {
			ct = v[0]
		}
		mt, params, err := mimetype.ParseMediaType(ct)
		if err != nil {
			t.Fatalf("Content-Type %q: %v", ct, err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(body, params["boundary"])
			for {
				p, err := mr.NextPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p.Header, p)
			}
		}
		b, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		if enc := h["Content-Transfer-Encoding"]; len(enc) > 0 && strings.EqualFold(enc[0], "base64") {
			if b, err = base64.StdEncoding.DecodeString(strings.NewReplacer("\r", "", "\n", "").Replace(string(b))); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, leaf{Type: mt, Header: h, Body: b})
	}
	walk(m.Header, m.Body)
	top, _, _ = mimetype.ParseMediaType(m.Header.Get("Content-Type"))
	return top, out
}

// checkReportParts checks a report mail as a reader gets it: the text
// complete on its own, the HTML showing the picture by its Content-ID, the
// picture and the JSON report attached.
func checkReportParts(t testing.TB, raw []byte, d *mail.Draft, p *mail.ReportParts) {
	t.Helper()
	top, ls := leaves(t, raw)
	if top != "multipart/mixed" || len(ls) != 4 {
		t.Fatalf("a %s mail of %d parts, want multipart/mixed of 4", top, len(ls))
	}
	if ls[0].Type != "text/plain" || ls[1].Type != "text/html" || ls[2].Type != "image/png" || ls[3].Type != "application/json" {
		t.Fatalf("parts %s, %s, %s, %s", ls[0].Type, ls[1].Type, ls[2].Type, ls[3].Type)
	}
	checkJSONPart(t, ls[3], d, p)
	if got := strings.ReplaceAll(string(ls[0].Body), "\r\n", "\n"); got != d.Body {
		t.Errorf("the text part is not the report:\n%s", got)
	}
	if got := strings.ReplaceAll(string(ls[1].Body), "\r\n", "\n"); got != strings.ReplaceAll(p.HTML, "\r\n", "\n") {
		t.Error("the HTML part is not the HTML report")
	}
	if !strings.Contains(string(ls[1].Body), `src="cid:`+p.PictureID+`"`) {
		t.Error("the HTML does not show the picture by its Content-ID")
	}
	if !bytes.Equal(ls[2].Body, p.PNG) {
		t.Error("the attached picture is not the picture")
	}
	if cid := ls[2].Header["Content-Id"]; len(cid) == 0 || cid[0] != "<"+p.PictureID+">" {
		t.Errorf("the picture's Content-ID is %q", cid)
	}
	if cd := ls[2].Header["Content-Disposition"]; len(cd) == 0 || !strings.HasPrefix(cd[0], "attachment") || !strings.Contains(cd[0], p.PictureName) {
		t.Errorf("the picture's Content-Disposition is %q", cd)
	}
}

// checkJSONPart checks the JSON report attached to a report mail: the
// very report, for the mail's reader, named for the game and step.
func checkJSONPart(t testing.TB, l leaf, d *mail.Draft, p *mail.ReportParts) {
	t.Helper()
	if !bytes.Equal(l.Body, p.JSON) {
		t.Error("the attached JSON is not the JSON report")
	}
	var rep struct {
		Schema, Game, Player string
		Step                 int
	}
	if err := json.Unmarshal(l.Body, &rep); err != nil || rep.Schema != "taipan-report/1" || rep.Game != d.Game || rep.Step != d.Step {
		t.Errorf("the attached JSON: %v, %+v", err, rep)
	}
	name := fmt.Sprintf("%s-step-%d.json", d.Game, d.Step)
	if cd := l.Header["Content-Disposition"]; len(cd) == 0 || !strings.HasPrefix(cd[0], "attachment") || !strings.Contains(cd[0], name) {
		t.Errorf("the JSON's Content-Disposition is %q, want an attachment %s", cd, name)
	}
}

// A report mail has the plain text unchanged (the very bytes of the plain
// mail's body), the HTML, the picture and the JSON report; the same
// draft gives the same bytes; without a picture it is the two
// alternatives and the JSON; a plain report is the text and the JSON;
// without attachments it is the two alternatives alone (issue 17).
func TestMultipartReport(t *testing.T) {
	d, p := richDraft(t, "taipan.report.test@example.test")
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	raw := d.MultipartBytes("Taipan", "taipan@example.test", at, p)
	checkReportParts(t, raw, d, p)
	if !bytes.Equal(raw, d.MultipartBytes("Taipan", "taipan@example.test", at, p)) {
		t.Error("the same draft gave two different mails")
	}
	plain := d.Bytes("Taipan", "taipan@example.test", at)
	head, body, _ := bytes.Cut(plain, []byte("\r\n\r\n"))
	if !bytes.Contains(raw, body) {
		t.Error("the text part is not the plain mail's body, byte for byte")
	}
	for _, h := range []string{"Message-ID: <" + d.MessageID + ">", "Subject: ", "Auto-Submitted: auto-generated", "MIME-Version: 1.0"} {
		if !bytes.Contains(head, []byte(h)) || !bytes.Contains(raw[:bytes.Index(raw, []byte("\r\n\r\n"))], []byte(h)) {
			t.Errorf("header %q is not kept", h)
		}
	}
	if bytes.Count(raw, []byte("Content-Type: text/plain")) != 1 {
		t.Error("the plain mail's own Content-Type is kept beside the multipart one")
	}

	p.PNG = nil
	top, ls := leaves(t, d.MultipartBytes("Taipan", "taipan@example.test", at, p))
	if top != "multipart/mixed" || len(ls) != 3 || ls[2].Type != "application/json" {
		t.Errorf("without a picture: a %s mail of %d parts", top, len(ls))
	}
	plainReport := &mail.ReportParts{JSON: p.JSON}
	top, ls = leaves(t, d.MultipartBytes("Taipan", "taipan@example.test", at, plainReport))
	if top != "multipart/mixed" || len(ls) != 2 || ls[0].Type != "text/plain" || ls[1].Type != "application/json" {
		t.Fatalf("a plain report: a %s mail of %d parts", top, len(ls))
	}
	if got := strings.ReplaceAll(string(ls[0].Body), "\r\n", "\n"); got != d.Body {
		t.Errorf("the plain report's text is not the report:\n%s", got)
	}
	checkJSONPart(t, ls[1], d, plainReport)
	p.JSON = nil
	top, ls = leaves(t, d.MultipartBytes("Taipan", "taipan@example.test", at, p))
	if top != "multipart/alternative" || len(ls) != 2 {
		t.Errorf("without attachments: a %s mail of %d parts", top, len(ls))
	}
}

// The end-to-end mail path: a report mail sent through the real Postfix is
// read back from the real Dovecot over IMAP with its three parts.
func TestMultipartReportThroughRealServer(t *testing.T) {
	s := needRealServer(t)
	id := fmt.Sprintf("taipan.report.%d@example.test", time.Now().UnixNano())
	d, p := richDraft(t, id)
	d.To = "carol@example.test"
	raw := d.MultipartBytes("Taipan", taipanAddr, time.Now(), p)
	s.Send(t, taipanAddr, []string{d.To}, raw)

	var got []byte
	testkit.Eventually(t, "the report in carol's mailbox", func() bool {
		got = fetchByMessageID(t, s, "carol@example.test", id)
		return got != nil
	})
	checkReportParts(t, got, d, p)
}

// fetchByMessageID returns the raw mail of user's INBOX with that
// Message-ID, or nil.
func fetchByMessageID(t testing.TB, s *realServer, user, id string) []byte {
	t.Helper()
	c := s.client(t, user)
	defer c.Close()
	if _, err := c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait(); err != nil {
		t.Fatal(err)
	}
	found, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "Message-ID", Value: id}}}, nil).Wait()
	if err != nil {
		t.Fatal(err)
	}
	uids := found.AllUIDs()
	if len(uids) == 0 {
		return nil
	}
	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(uids[0]), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	if err != nil || len(msgs) == 0 {
		t.Fatalf("fetch: %v", err)
	}
	return msgs[0].FindBodySection(section)
}

// clientPage is the HTML part of a report mail as a mail client shows it:
// cid: URLs replaced by the parts they name.
func clientPage(t testing.TB, raw []byte) string {
	t.Helper()
	_, ls := leaves(t, raw)
	page := ""
	for _, l := range ls {
		if l.Type == "text/html" {
			page = string(l.Body)
		}
	}
	for _, l := range ls {
		if cid := l.Header["Content-Id"]; len(cid) > 0 {
			page = strings.ReplaceAll(page, "cid:"+strings.Trim(cid[0], "<>"), "data:"+l.Type+";base64,"+base64.StdEncoding.EncodeToString(l.Body))
		}
	}
	return page
}

// The HTML report, opened in headless Chromium, shows the picture: the
// page of the mail (its cid: picture resolved as a client does) and the
// page `taipan report --html` writes (the picture inside it). Screenshots
// are kept in a temporary folder, named in the log.
func TestReportInChromium(t *testing.T) {
	bctx := testkit.Browser(t, 1280, 900)
	d, p := richDraft(t, "taipan.report.browser@example.test")
	raw := d.MultipartBytes("Taipan", taipanAddr, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), p)
	dir := testkit.Artifacts(t)
	t.Logf("pages and screenshots in %s", dir)
	standalone := strings.ReplaceAll(p.HTML, "cid:"+p.PictureID, adjudicator.DataURL(p.PNG))
	for _, pg := range []struct{ name, html string }{{"mail", clientPage(t, raw)}, {"file", standalone}} {
		path := filepath.Join(dir, pg.name+".html")
		if err := os.WriteFile(path, []byte(pg.html), 0o644); err != nil {
			t.Fatal(err)
		}
		tab, closeTab := chromedp.NewContext(bctx)
		ctx, cancel := context.WithCancel(tab)
		pic := `document.getElementById('picture')`
		err := chromedp.Do(ctx,
			chromedp.Navigate("file://"+path),
			chromedp.WaitVisible(`#picture`),
			chromedp.Poll[chromedp.Void](pic+`.complete && `+pic+`.naturalWidth > 0`, chromedp.WithPollingTimeout(0)),
		)
		var width, shown int
		var shot []byte
		if err == nil {
			width, err = chromedp.Run(ctx, chromedp.Evaluate[int](pic+`.naturalWidth`))
		}
		if err == nil {
			shown, err = chromedp.Run(ctx, chromedp.Evaluate[int](`Math.round(`+pic+`.getBoundingClientRect().width)`))
		}
		if err == nil {
			shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
		}
		cancel()
		closeTab()
		if len(shot) > 0 {
			os.WriteFile(filepath.Join(dir, pg.name+".png"), shot, 0o644)
		}
		if err != nil {
			t.Fatalf("%s page: %v (see %s)", pg.name, err, dir)
		}
		if width != picture.Width || shown < 600 {
			t.Errorf("%s page: the picture is %d pixels wide, shown %d wide (see %s)", pg.name, width, shown, dir)
		}
	}
}

// BenchmarkMultipartBytes is the mail part of a report with a picture:
// encoding the text, the HTML and the picture into one message.
func BenchmarkMultipartBytes(b *testing.B) {
	d, p := richDraft(b, "taipan.report.bench@example.test")
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var n int
	b.ReportAllocs()
	for b.Loop() {
		n = len(d.MultipartBytes("Taipan", "taipan@example.test", at, p))
	}
	b.ReportMetric(float64(n), "bytes")
}
