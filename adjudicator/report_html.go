package adjudicator

import (
	"bytes"
	"encoding/base64"
	"fmt"
	htmltemplate "html/template"
	"sync"

	"taipan/adjudicator/picture"
	"taipan/templates"
)

// rich is what a Renderer needs beyond the text templates: the fonts of
// the pictures and the HTML templates, each made the first time it is
// needed.
type rich struct {
	fontOnce sync.Once
	fontSet  *picture.Fonts
	fontErr  error
	buffers  picture.Buffers // reused from one picture to the next

	htmlOnce sync.Once
	html     *htmltemplate.Template
	htmlErr  error
}

// Report formats: how reports are mailed. A campaign's report_format and
// a player's own choice (Player.ReportFormat) take these values.
const (
	// FormatHTML mails reports as multipart/alternative: the plain text,
	// the HTML version with the picture, and the picture attached. It is
	// the default.
	FormatHTML = "html"
	// FormatPlain mails reports as plain text only.
	FormatPlain = "plain"
)

// Rich is a report in its three forms, as a multipart mail carries it.
type Rich struct {
	Text string // the plain-text report, complete on its own
	HTML string // the same report laid out in HTML, showing the picture
	PNG  []byte // the picture; nil for a game without one
}

// htmlData is what report.html draws: the report and the picture's URL.
type htmlData struct {
	*Report
	Picture htmltemplate.URL
}

// HTML renders rep as an HTML page: the same content as Render's text,
// laid out, with the picture at pictureURL (a cid: URL in a mail, a data:
// URL in a file; "" for none).
func (r *Renderer) HTML(rep *Report, pictureURL string) (string, error) {
	r.htmlOnce.Do(func() {
		r.html, r.htmlErr = templates.ParseHTML(htmltemplate.FuncMap{"time": FormatTime})
	})
	if r.htmlErr != nil {
		return "", fmt.Errorf("templates: %w", r.htmlErr)
	}
	var b bytes.Buffer
	// The URL is one Taipan made (cid: or data:image/png), which
	// html/template would otherwise refuse as an unknown scheme.
	if err := r.html.ExecuteTemplate(&b, "report-html", htmlData{rep, htmltemplate.URL(pictureURL)}); err != nil {
		return "", fmt.Errorf("render HTML report: %w", err)
	}
	return b.String(), nil
}

// Rich builds the report of g's last closed step for player in its three
// forms. The HTML shows the picture from pictureURL; when it is "" and the
// game has a picture, the picture is put in the page itself (a data: URL),
// so that the page stands alone as a file.
func (r *Renderer) Rich(g *Game, player, pictureURL string) (*Rich, error) {
	rep, err := r.Report(g, player)
	if err != nil {
		return nil, err
	}
	text, err := r.Render(rep)
	if err != nil {
		return nil, err
	}
	png, err := r.Picture(g, player)
	if err != nil {
		return nil, err
	}
	switch {
	case png == nil:
		pictureURL = ""
	case pictureURL == "":
		pictureURL = DataURL(png)
	}
	html, err := r.HTML(rep, pictureURL)
	if err != nil {
		return nil, err
	}
	return &Rich{Text: text, HTML: html, PNG: png}, nil
}

// DataURL is a PNG as a data: URL.
func DataURL(png []byte) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
}

// ReportFormat is how player's reports are mailed (FormatHTML or
// FormatPlain): the player's own choice if they made one, else the
// campaign's report_format, else FormatHTML. The GM ("") and observers
// get the campaign's.
func (g *Game) ReportFormat(player string) string {
	if pl := g.Player(player); pl != nil && pl.ReportFormat != "" {
		return pl.ReportFormat
	}
	if g.Campaign.ReportFormat != "" {
		return g.Campaign.ReportFormat
	}
	return FormatHTML
}
