package web

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"
)

// Public pages carry validators, so that browsers and caches ask again
// with If-None-Match (or If-Modified-Since) and get 304 Not Modified while
// the page stands: the games list until a game changes, a game's pages
// until its log grows. They are the same for every reader who is not
// logged in, and set no cookie; a logged-in reader's pages differ (the
// header names them), hence Vary: Cookie.

// drawnPage is a public page as drawn once and served to every reader
// until what it shows changes.
type drawnPage struct {
	body []byte
	etag string
	err  error
}

// newDrawnPage keeps body with its entity tag, a digest of the body itself
// (so that the same page drawn by another process or build has the same
// tag, and a changed one another).
func newDrawnPage(body []byte, err error) *drawnPage {
	if err != nil {
		return &drawnPage{err: err}
	}
	return &drawnPage{body: body, etag: entityTag(body)}
}

// entityTag is a strong entity tag for body.
func entityTag(body []byte) string {
	h := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(h[:18]) + `"`
}

// notModified sets the validators of a public page (etag, and modified
// unless zero) and reports whether the request already holds that page,
// answering 304 itself. If-None-Match decides when it is given; else
// If-Modified-Since, to the second as HTTP dates go (as net/http's
// ServeContent does).
func notModified(w http.ResponseWriter, r *http.Request, etag string, modified time.Time) bool {
	h := w.Header()
	h.Set("ETag", etag)
	if !modified.IsZero() {
		h.Set("Last-Modified", modified.UTC().Format(http.TimeFormat))
	}
	h.Set("Cache-Control", "no-cache")
	h.Add("Vary", "Cookie")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	match := false
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		match = etagListHas(inm, etag)
	} else if ims, err := http.ParseTime(r.Header.Get("If-Modified-Since")); err == nil && !modified.IsZero() {
		match = !modified.Truncate(time.Second).After(ims)
	}
	if match {
		w.WriteHeader(http.StatusNotModified)
	}
	return match
}

// etagListHas reports whether an If-None-Match list names etag (weak
// comparison, as If-None-Match takes), or is *.
func etagListHas(list, etag string) bool {
	etag = strings.TrimPrefix(etag, "W/")
	for _, t := range strings.Split(list, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// serveDrawn writes a drawn public page, or 304 when the request holds it.
func serveDrawn(w http.ResponseWriter, r *http.Request, p *drawnPage, modified time.Time) {
	if notModified(w, r, p.etag, modified) {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(p.body)
}
