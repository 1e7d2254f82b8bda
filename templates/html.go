package templates

import (
	"embed"
	"html/template"
)

// htmlFiles are the HTML alternatives of the reports: report.html is the
// frame, which shows the game's text view in a preformatted block beside
// its picture.
//
//go:embed *.html
var htmlFiles embed.FS

// ParseHTML parses the HTML templates with html/template, which escapes
// everything it inserts. funcs are made available to all of them.
func ParseHTML(funcs template.FuncMap) (*template.Template, error) {
	return template.New("taipan-html").Funcs(funcs).ParseFS(htmlFiles, "*.html")
}
