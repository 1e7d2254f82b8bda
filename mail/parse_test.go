package mail_test

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"taipan/mail"
	"taipan/orders"
)

const orderText = "game: bourse-1\nplayer: alice\ntoken: abc\nstep: 4\norders:\n  - buy: London\n"

func mime(headers, body string) []byte {
	return []byte("From: Alice <alice@example.test>\r\nTo: taipan@example.test\r\nSubject: orders\r\nMessage-ID: <x1@example.test>\r\nMIME-Version: 1.0\r\n" +
		headers + "\r\n" + strings.ReplaceAll(body, "\n", "\r\n"))
}

func TestReadMessageFindsTheOrderFile(t *testing.T) {
	b64 := base64.StdEncoding.EncodeToString([]byte(orderText))
	cases := map[string][]byte{
		"plain body": mime("Content-Type: text/plain\r\n", orderText),
		"greeting, signature and quoted reply": mime("Content-Type: text/plain\r\n",
			"Hi Taipan,\n\n"+orderText+"\nThanks!\n-- \nAlice\n\nOn Mon, 1 Jan 2026, Taipan wrote:\n> game: bourse-1\n> orders:\n>   - sell: x\n"),
		"quoted-printable latin-1": mime("Content-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n",
			strings.Replace(orderText, "abc", "abc", 1)+"# caf=E9\n"),
		"base64 body": mime("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n", b64+"\n"),
		"yaml attachment": mime("Content-Type: multipart/mixed; boundary=XX\r\n",
			"--XX\nContent-Type: text/plain\n\nMy orders are attached.\n--XX\nContent-Type: application/octet-stream\nContent-Disposition: attachment; filename=\"orders.yaml\"\nContent-Transfer-Encoding: base64\n\n"+b64+"\n--XX--\n"),
		"alternative with html": mime("Content-Type: multipart/alternative; boundary=YY\r\n",
			"--YY\nContent-Type: text/plain\n\n"+orderText+"\n--YY\nContent-Type: text/html\n\n<p>game: bourse-1</p>\n--YY--\n"),
		"format=flowed":   mime("Content-Type: text/plain; format=flowed\r\n", strings.Replace(orderText, "player: alice", "player: \nalice", 1)),
		"no-break spaces": mime("Content-Type: text/plain; charset=utf-8\r\n", strings.Replace(orderText, "  - buy", "\u00a0\u00a0- buy", 1)),
	}
	for name, raw := range cases {
		t.Run(name, func(t *testing.T) {
			m, err := mail.ReadMessage(raw, mail.Limits{MaxMessageSize: 1 << 20, MaxParts: 10, MaxDepth: 3})
			if err != nil {
				t.Fatal(err)
			}
			if m.File == nil {
				t.Fatalf("no order file: %s", m.Problem)
			}
			env, err := orders.Parse(m.File)
			if err != nil {
				t.Fatalf("%v\n%s", err, m.File)
			}
			if env.Game != "bourse-1" || env.Player != "alice" || len(env.Orders) != 1 || env.Orders[0].Verb != "buy" {
				t.Errorf("envelope %+v", env)
			}
			if m.From != "alice@example.test" || m.MessageID != "x1@example.test" {
				t.Errorf("From %q, Message-ID %q", m.From, m.MessageID)
			}
		})
	}
}

func TestReasonLineIsTakenOut(t *testing.T) {
	m, err := mail.ReadMessage(mime("Content-Type: text/plain\r\n", "game: g\nplayer: gm\ntoken: t\ncommand: gm extend 24h\nreason: Alice is Away\n"), mail.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if m.Reason != "Alice is Away" {
		t.Errorf("reason %q", m.Reason)
	}
	if _, err := orders.Parse(m.File); err != nil {
		t.Errorf("the file with its reason taken out does not parse: %v", err)
	}
}

// The config never shows a password, however it is printed.
func TestSecretsNeverPrint(t *testing.T) {
	c, err := parseConfig([]byte("address: t@example.test\nimap: {host: h, user: u, password: hunter2}\nsmtp: {host: h, user: u, password: hunter2}\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{fmt.Sprint(c.IMAP), fmt.Sprintf("%+v", *c.SMTP), fmt.Sprintf("%#v", c.SMTP)} {
		if strings.Contains(s, "hunter2") {
			t.Errorf("password printed: %s", s)
		}
	}
	if c.IMAP.Port != 993 || c.SMTP.Port != 587 || c.SMTP.TLS != "starttls" || c.Limits.MaxMessageSize != mail.DefaultMaxMessageSize {
		t.Errorf("defaults: %+v %+v %+v", c.IMAP, c.SMTP, c.Limits)
	}
	if _, err := parseConfig([]byte("imap: {host: h, tls: maybe}\n")); err == nil {
		t.Error("a bad tls mode was accepted")
	}
	if _, err := parseConfig([]byte("smtp: {host: h, password_env: TAIPAN_NO_SUCH_VAR}\n")); err == nil {
		t.Error("an unset password_env was accepted")
	}
}

// FuzzReadMessage: extracting and parsing an order file from any raw
// message never panics, never reads past the limits, and gives a file only
// with a problem-free result.
func FuzzReadMessage(f *testing.F) {
	f.Add(mime("Content-Type: text/plain\r\n", orderText))
	f.Add(mime("Content-Type: multipart/mixed; boundary=XX\r\n", "--XX\nContent-Disposition: attachment; filename=o.yml\n\n"+orderText+"--XX--\n"))
	f.Add(mime("Content-Type: text/plain; format=flowed; delsp=yes\r\nContent-Transfer-Encoding: quoted-printable\r\n", "game: =\n x\n> q\n"))
	f.Add([]byte("From: <>\r\n\r\n"))
	f.Add([]byte("\r\n\r\n"))
	f.Add(mime("Content-Type: multipart/mixed; boundary=a\r\n", "--a\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\ngame: x\n--b--\n--a--\n"))
	lim := mail.Limits{MaxMessageSize: 64 << 10, MaxParts: 8, MaxDepth: 3}
	f.Fuzz(func(t *testing.T, raw []byte) {
		m, err := mail.ReadMessage(raw, lim, "taipan@example.test")
		if err != nil {
			return
		}
		if m.MessageID == "" {
			t.Fatal("no Message-ID, not even a made-up one")
		}
		if m.File != nil {
			if m.Problem != "" {
				t.Fatalf("a file and a problem: %s", m.Problem)
			}
			if len(m.File) > len(raw)*4+16 && len(m.File) > 256<<10 {
				t.Fatalf("file of %d bytes from %d", len(m.File), len(raw))
			}
			orders.Parse(m.File)
		} else if m.Problem == "" && m.Auto == "" {
			t.Fatal("no file and no reason why")
		}
	})
}
