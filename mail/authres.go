package mail

import (
	"fmt"
	"slices"
	"strings"
)

// AuthCheck is the `authentication:` setting. Anyone can write any From;
// the mail server that receives Taipan's mail can tell whether the sender's
// domain vouched for it (SPF, DKIM, DMARC) and writes what it found in an
// Authentication-Results header (RFC 8601). With this setting Taipan reads
// that header and refuses outright, unanswered, a mail whose From is not
// authenticated: a forged From then makes no refusal to the forged address,
// and a stolen token used under a player's address is not taken.
type AuthCheck struct {
	// AuthservID is the receiving server's name in its own headers (the
	// first word of the header, e.g. mx.example.test). Headers of any other
	// name are a sender's and are not read; only the topmost of that name
	// counts (a server adds its own above what came in).
	AuthservID string `yaml:"authserv_id"`
	// Require lists the methods (dmarc, dkim, spf) of which one must pass
	// for the From's domain; default [dmarc].
	Require []string `yaml:"require"`
}

// authMethods are the methods AuthCheck knows.
var authMethods = []string{"dmarc", "dkim", "spf"}

func (a *AuthCheck) normalize() error {
	a.AuthservID = strings.ToLower(strings.TrimSpace(a.AuthservID))
	if a.AuthservID == "" {
		return fmt.Errorf("config: authentication: authserv_id is missing: give the name your mail server writes first in its Authentication-Results headers")
	}
	if len(a.Require) == 0 {
		a.Require = []string{"dmarc"}
	}
	for i, m := range a.Require {
		a.Require[i] = strings.ToLower(strings.TrimSpace(m))
		if !slices.Contains(authMethods, a.Require[i]) {
			return fmt.Errorf("config: authentication: require %q: use dmarc, dkim or spf", m)
		}
	}
	return nil
}

// Check says why a mail with these Authentication-Results headers (top
// first) and this From is not authenticated, or "" when it is.
func (a *AuthCheck) Check(headers []string, from string) string {
	_, domain, ok := strings.Cut(strings.ToLower(from), "@")
	if !ok || domain == "" {
		return "it has no From address to authenticate"
	}
	for _, h := range headers {
		id, results := parseAuthResults(h)
		if id != a.AuthservID {
			continue
		}
		var seen []string
		for _, r := range results {
			if !slices.Contains(a.Require, r.method) {
				continue
			}
			if r.result == "pass" && aligned(r.domain(), domain) {
				return ""
			}
			seen = append(seen, r.method+"="+r.result)
		}
		if len(seen) == 0 {
			return fmt.Sprintf("its From (%s) is not authenticated: %s's Authentication-Results gives no %s result", from, a.AuthservID, strings.Join(a.Require, " or "))
		}
		return fmt.Sprintf("its From (%s) is not authenticated: %s's Authentication-Results says %s", from, a.AuthservID, strings.Join(seen, ", "))
	}
	return fmt.Sprintf("its From (%s) is not authenticated: it has no Authentication-Results header from %s", from, a.AuthservID)
}

// authResult is one method's result in an Authentication-Results header.
type authResult struct {
	method, result string
	props          map[string]string // ptype.property → value, e.g. header.d
}

// domain is the domain the result vouches for: DMARC's header.from,
// DKIM's signing domain, SPF's envelope sender's domain ("" when the header
// does not say, which aligns with any From for DMARC only).
func (r authResult) domain() string {
	var v string
	switch r.method {
	case "dmarc":
		if v = r.props["header.from"]; v == "" {
			return "*"
		}
	case "dkim":
		if v = r.props["header.d"]; v == "" {
			v = r.props["header.i"]
		}
	case "spf":
		v = r.props["smtp.mailfrom"]
	}
	if i := strings.LastIndexByte(v, '@'); i >= 0 {
		v = v[i+1:]
	}
	return strings.ToLower(strings.Trim(v, `"<> `))
}

// aligned says whether a vouching domain covers the From's domain, as
// DMARC's relaxed alignment does: the same domain, or one a parent of the
// other.
func aligned(vouched, from string) bool {
	if vouched == "*" {
		return true
	}
	if vouched == "" {
		return false
	}
	return vouched == from || strings.HasSuffix(from, "."+vouched) || strings.HasSuffix(vouched, "."+from)
}

// parseAuthResults reads an Authentication-Results header value:
// "authserv-id [version]; method=result ptype.prop=value …; …", with
// comments in parentheses. A value may be a quoted string, whose ';' and
// spaces are part of it: what a sender wrote (an envelope sender
// "x;dmarc=pass"@evil.test) never reads as a result.
func parseAuthResults(v string) (id string, out []authResult) {
	parts := splitUnquoted(stripComments(v), func(c byte) bool { return c == ';' })
	head := fields(parts[0])
	if len(head) == 0 {
		return "", nil
	}
	id = strings.ToLower(head[0])
	for _, p := range parts[1:] {
		words := fields(p)
		if len(words) == 0 {
			continue
		}
		method, result, ok := strings.Cut(words[0], "=")
		if !ok {
			continue
		}
		method, _, _ = strings.Cut(method, "/") // method/version
		r := authResult{method: strings.ToLower(method), result: strings.ToLower(result), props: map[string]string{}}
		for _, w := range words[1:] {
			if k, val, ok := strings.Cut(w, "="); ok {
				r.props[strings.ToLower(k)] = strings.Trim(val, `"`)
			}
		}
		out = append(out, r)
	}
	return id, out
}

// fields splits s at runs of spaces outside quoted strings.
func fields(s string) []string {
	var out []string
	for _, w := range splitUnquoted(s, func(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }) {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// splitUnquoted splits s at every byte sep accepts outside a quoted string
// ("…", in which a backslash quotes the next byte).
func splitUnquoted(s string, sep func(byte) bool) []string {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && sep(c):
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// stripComments drops RFC 5322 comments (nested parentheses) outside
// quoted strings.
func stripComments(s string) string {
	var b strings.Builder
	depth, quoted := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			if depth == 0 {
				b.WriteByte(c)
				b.WriteByte(s[i+1])
			}
			i++
		case c == '"' && depth == 0:
			quoted = !quoted
			b.WriteByte(c)
		case c == '(' && !quoted:
			depth++
		case c == ')' && !quoted && depth > 0:
			depth--
			b.WriteByte(' ')
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}
