package main

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"taipan/mail"
)

// FuzzParseConfig: any configuration file is refused with a message that
// says it is the configuration, or read into one `taipan serve` can run
// with as it stands: normalized (normalizing it again changes nothing),
// every limit, duration and port in range, the database it names readable.
func FuzzParseConfig(f *testing.F) {
	for _, seed := range []string{
		"",
		"address: Taipan@Example.test\nname: Taipan\n",
		"imap:\n  host: imap.example.test\n  port: 993\n  tls: implicit\n  user: u\n  password: p\n  poll: 1m\nsmtp: {host: smtp.example.test, tls: starttls, password: p}\n",
		"limits:\n  max_message_size: 256KiB\n  max_parts: 32\n  max_depth: 4\n  answers_per_hour: 10\n  files_per_step: 10\n  quiet_after: 5\n  quiet_for: 12h\n",
		"authentication: {authserv_id: mx.example.test, require: [dmarc, dkim]}\n",
		"retry: {min: 30s, max: 1h}\nreminder: 24h\ntick: 30s\nretention: 90d\n",
		"retention: forever\ndatabase: /var/lib/taipan/taipan.db\nweb: {listen: 127.0.0.1:8080}\n",
		"embedded: {listen: 127.0.0.1:2525, maildir: taipan-mail}\nsigning_key: /etc/taipan/key.pem\n",
		"web:\n",
		"web: {listen: 127.0.0.1:8080, bogus: 1}\nbogus: 2\n",
		"database: a.db\ndatabase_env: TAIPAN_DB_URL\n",
		"limits: {max_message_size: 1MB}\n",
		"imap: {host: h, tls: none}\nsmtp: {host: h, tls: implicit}\n",
		"limits: {max_message_size: 9007199254740993KiB}\n",
		"limits: {max_parts: -1, max_depth: -2}\n",
		"imap: {host: h, port: 99999}\nsmtp: {host: h, port: -25}\n",
		"reminder: 106752d\n",
		"{",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := parseConfig(data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "config: ") {
				t.Fatalf("%q: a refusal that does not name the configuration: %v", data, err)
			}
			return
		}
		again := deepCopy(c)
		if err := again.normalize(); err != nil {
			t.Fatalf("%q: a configuration read fails its own check: %v", data, err)
		}
		if !reflect.DeepEqual(again, c) {
			t.Fatalf("%q: normalizing again changes it:\n%+v\n%+v", data, c, again)
		}
		if _, err := c.databaseTarget(); err != nil {
			t.Fatalf("%q: the database of a configuration read: %v", data, err)
		}
		l := c.Mail.Limits
		for name, v := range map[string]int64{
			"max_message_size": int64(l.MaxMessageSize), "max_parts": int64(l.MaxParts), "max_depth": int64(l.MaxDepth),
			"answers_per_hour": int64(l.AnswersPerHour), "files_per_step": int64(l.FilesPerStep), "quiet_after": int64(l.QuietAfter),
			"quiet_for": int64(l.QuietFor), "retry.min": int64(c.Mail.Retry.Min), "retry.max": int64(c.Mail.Retry.Max),
			"reminder": int64(c.Mail.Reminder), "tick": int64(c.Mail.Tick),
		} {
			if v <= 0 {
				t.Fatalf("%q: %s is %d", data, name, v)
			}
		}
		if c.Mail.Retention != mail.Forever && time.Duration(c.Mail.Retention) < 24*time.Hour {
			t.Fatalf("%q: retention %v", data, time.Duration(c.Mail.Retention))
		}
		for _, s := range []*mail.Server{c.Mail.IMAP, c.Mail.SMTP} {
			if s != nil && (s.Port < 1 || s.Port > 65535 || s.Poll <= 0) {
				t.Fatalf("%q: server %s port %d poll %v", data, s.Host, s.Port, time.Duration(s.Poll))
			}
		}
	})
}

// deepCopy copies a configuration and what its pointers hold, so that
// normalizing the copy leaves the original as it was.
func deepCopy(c *serveConfig) *serveConfig {
	cp := *c
	for _, s := range []**mail.Server{&cp.Mail.IMAP, &cp.Mail.SMTP} {
		if *s != nil {
			srv := **s
			*s = &srv
		}
	}
	if cp.Mail.Authentication != nil {
		a := *cp.Mail.Authentication
		a.Require = slices.Clone(a.Require)
		cp.Mail.Authentication = &a
	}
	if cp.Web != nil {
		w := *cp.Web
		w.Private = slices.Clone(w.Private)
		cp.Web = &w
	}
	return &cp
}
