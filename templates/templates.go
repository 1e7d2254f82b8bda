// Package templates holds the text of Taipan's reports, as Go text/templates
// embedded into the binary: report.tmpl is the frame every report shares, and
// each game adds GAME.tmpl defining "GAME-view", which draws that game's
// View for one player.
package templates

import (
	"embed"
	"text/template"
)

//go:embed *.tmpl
var files embed.FS

// Parse parses every template. funcs are made available to all of them.
func Parse(funcs template.FuncMap) (*template.Template, error) {
	return template.New("taipan").Funcs(funcs).ParseFS(files, "*.tmpl")
}
