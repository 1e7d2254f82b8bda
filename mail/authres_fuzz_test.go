package mail_test

import (
	"strings"
	"testing"

	"taipan/mail"
)

// FuzzAuthCheck reads any Authentication-Results header and From as the
// `authentication:` setting does. It never panics, and a forged From never
// passes by what a sender can write: a header below the receiving
// server's own (which says fail) does not count; nothing in a quoted value
// or a comment is a result; and a pass needs the server's name and a
// "pass" in the header.
func FuzzAuthCheck(f *testing.F) {
	for _, s := range [][3]string{
		{"mx.taipan.test; dmarc=pass header.from=example.test", "x", "alice@example.test"},
		{"mx.taipan.test 1; spf=pass smtp.mailfrom=alice@example.test; dkim=fail header.d=example.test", "x", "alice@example.test"},
		{"mx.taipan.test; dkim=pass (good signature) header.i=@sub.example.test", "x", "alice@example.test"},
		{"MX.Taipan.Test; DMARC=PASS header.from=\"example.test\"", "x", "alice@example.test"},
		{"other.test; dmarc=pass", "x", "alice@example.test"},
		{"mx.taipan.test; spf=fail smtp.mailfrom=\"a;dmarc=pass\"@evil.test", "x;dmarc=pass", "alice@example.test"},
		{"mx.taipan.test; dkim=fail header.b=\"x dmarc=pass\"", " dmarc=pass ", "alice@example.test"},
		{"mx.taipan.test (x; dmarc=pass); dmarc=fail", "; dmarc=pass header.from=example.test", "alice@example.test"},
		{"mx.taipan.test; dmarc=pass header.from=\\\"example.test", "\\", "alice@example.test"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	const server = "mx.taipan.test"
	a := &mail.AuthCheck{AuthservID: server, Require: []string{"dmarc", "dkim", "spf"}}
	f.Fuzz(func(t *testing.T, header, inner, from string) {
		fail := server + "; dmarc=fail header.from=" + from
		if v := a.Check([]string{fail, header}, from); v == "" {
			t.Fatalf("from %q: the server says fail, and a header below it, %q, passes", from, header)
		}
		if !strings.ContainsAny(inner, `"\`) {
			quoted := server + "; spf=fail smtp.mailfrom=\"" + inner + "\"@evil.test; dkim=fail header.b=\"" + inner + "\""
			if a.Check([]string{quoted}, from) == "" {
				t.Fatalf("from %q: passes by what is quoted in %q", from, quoted)
			}
		}
		if !strings.ContainsAny(inner, `()\`) {
			commented := server + " (" + inner + "); dmarc=fail (" + inner + ") header.from=evil.test (" + inner + ")"
			if a.Check([]string{commented}, from) == "" {
				t.Fatalf("from %q: passes by what is in the comments of %q", from, commented)
			}
		}
		if a.Check([]string{header}, from) == "" {
			h := strings.ToLower(header)
			if !strings.Contains(h, server) || !strings.Contains(h, "pass") {
				t.Fatalf("from %q: %q passes", from, header)
			}
		}
	})
}
