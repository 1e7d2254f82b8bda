package mail_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"gopkg.in/yaml.v3"

	"taipan/adjudicator"
	"taipan/adjudicator/shanghaitrader"
	"taipan/adjudicator/trader"
	"taipan/events"
	"taipan/mail"
	"taipan/orders"
)

const (
	taipanAddr = "taipan@example.test"
	aliceAddr  = "alice@example.test"
	bobAddr    = "bob@example.test"
	gmAddr     = "gm@example.test"
)

// testSeed is every test game's seed: 64 hex digits are used as they are
// (a text seed is salted), so that games made apart have the same deal and
// an order file played in one is legal in another.
const testSeed = "6d61696c20746573742073656564206f6620746169706e616e20676f6f642121"

func campaign(id string) string {
	return fmt.Sprintf(`id: %s
game: trader
players:
  - {name: alice, email: %s}
  - {name: bob, email: %s}
gm: %s
seed: "%s"
deadline: 72h
`, id, aliceAddr, bobAddr, gmAddr, testSeed)
}

// fixture is a database with one game and a mail service on it.
type fixture struct {
	t      testing.TB
	store  *events.Store
	path   string // the database: an SQLite file or a postgres:// URL
	dir    string // the test's folder
	host   *adjudicator.Host
	svc    *mail.Service
	tokens map[string]string
	game   string
}

// lenient is the embedded mode's configuration with limits on answers high
// enough for a test that sends many bad mails from one address.
func lenient() *mail.Config {
	return &mail.Config{Address: taipanAddr, Limits: mail.Limits{AnswersPerHour: 1000, QuietAfter: 1000, FilesPerStep: 1000}}
}

func newFixture(t testing.TB, cfg *mail.Config) *fixture {
	t.Helper()
	return newFixtureOn(t, cfg, "", "")
}

// newFixtureOn is newFixture on the database db (a postgres:// URL; ""
// for a new SQLite file), with extra lines in the game's campaign.
func newFixtureOn(t testing.TB, cfg *mail.Config, db, extra string) *fixture {
	t.Helper()
	dir := t.TempDir()
	path := db
	if path == "" {
		path = filepath.Join(dir, "taipan.db")
	}
	f := &fixture{t: t, path: path, dir: dir, game: "bourse-1"}
	f.open(cfg)
	c, err := adjudicator.ParseCampaign([]byte(campaign(f.game) + extra))
	if err != nil {
		t.Fatal(err)
	}
	ng, err := f.host.Create(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	f.tokens = ng.Tokens
	return f
}

// open (re)opens the database and builds the service, as a restart does.
func (f *fixture) open(cfg *mail.Config) {
	f.t.Helper()
	st, err := events.Open(f.path)
	if err != nil {
		f.t.Fatal(err)
	}
	f.t.Cleanup(func() { st.Close() })
	// A fixed stream, so that two fixtures of one campaign get the same
	// seed (text seeds are salted) and so the same deal.
	st.Entropy = rand.NewChaCha8([32]byte{'m', 'a', 'i', 'l'})
	r, err := adjudicator.NewRenderer()
	if err != nil {
		f.t.Fatal(err)
	}
	if cfg == nil {
		cfg = &mail.Config{Address: taipanAddr}
	}
	if cfg.Embedded.Maildir == "" {
		cfg.Embedded.Maildir = filepath.Join(f.dir, "maildir")
	}
	if cfg.IMAP == nil && cfg.Embedded.Listen == "" {
		// A port of its own: never the default one, which a running
		// `taipan serve` (or another test) may hold.
		cfg.Embedded.Listen = "127.0.0.1:0"
	}
	if err := cfg.Normalize(); err != nil {
		f.t.Fatal(err)
	}
	f.store = st
	f.host = &adjudicator.Host{Store: st, Games: adjudicator.NewRegistry(trader.New(), shanghaitrader.New())}
	var logger *log.Logger
	if testing.Verbose() {
		logger = log.New(os.Stderr, "serve: ", log.Lmicroseconds)
	}
	svc, err := mail.NewService(cfg, f.host, r, logger)
	if err != nil {
		f.t.Fatal(err)
	}
	svc.FlushEvery = 20 * time.Millisecond
	f.svc = svc
}

func (f *fixture) load() *adjudicator.Game {
	f.t.Helper()
	g, err := f.host.Load(context.Background(), f.game)
	if err != nil {
		f.t.Fatal(err)
	}
	return g
}

func (f *fixture) eventCount() int {
	f.t.Helper()
	evs, err := f.store.Events(context.Background(), f.game)
	if err != nil {
		f.t.Fatal(err)
	}
	return len(evs)
}

// orderFile is the order file the awaited player would send now (the game's
// default orders), with that player's name and token.
func (f *fixture) orderFile() (player, file string) {
	f.t.Helper()
	g := f.load()
	aw := g.Awaiting()
	if len(aw) == 0 {
		f.t.Fatal("nobody is awaited")
	}
	return aw[0], orderFileFor(f.t, g, aw[0], f.tokens[aw[0]])
}

func orderFileFor(t testing.TB, g *adjudicator.Game, player, token string) string {
	generic, err := orders.Generic(g.Engine.Default(g.State, player))
	if err != nil {
		t.Fatal(err)
	}
	body, err := yaml.Marshal(map[string]any{"orders": generic})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("game: %s\nplayer: %s\ntoken: %s\nstep: %d\n%s", g.ID, player, token, g.Step, body)
}

func addrOf(player string) string {
	switch player {
	case "alice":
		return aliceAddr
	case "bob":
		return bobAddr
	}
	return player + "@example.test"
}

var msgSeq int

// plainMail is a simple text/plain message.
func plainMail(from, subject, body string, extra ...string) []byte {
	msgSeq++
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <m%d.%d@example.test>\r\n",
		from, taipanAddr, subject, time.Now().Format(time.RFC1123Z), msgSeq, time.Now().UnixNano())
	for _, h := range extra {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	return []byte(b.String())
}

// outbox lists the queued mails: recipient, kind and subject.
type queued struct{ To, Kind, Subject, Body string }

func (f *fixture) outbox() []queued {
	f.t.Helper()
	rows, err := f.store.DB().Query(`SELECT recipient, kind, subject, body FROM outbox ORDER BY id`)
	if err != nil {
		f.t.Fatal(err)
	}
	defer rows.Close()
	var out []queued
	for rows.Next() {
		var q queued
		var body []byte
		if err := rows.Scan(&q.To, &q.Kind, &q.Subject, &body); err != nil {
			f.t.Fatal(err)
		}
		q.Body = string(body)
		out = append(out, q)
	}
	return out
}

// ingest takes raw in, and then, if it changed a game, queues the reports
// the change owes, as `taipan serve` does at once (Dispatcher.Owed).
func (f *fixture) ingest(raw []byte) *mail.Result {
	f.t.Helper()
	res, err := f.svc.Ingester.Ingest(context.Background(), raw)
	if err != nil {
		f.t.Fatal(err)
	}
	select {
	case <-f.svc.Dispatcher.Owed():
		if err := f.svc.Dispatcher.Run(context.Background()); err != nil {
			f.t.Fatal(err)
		}
	default:
	}
	return res
}

func countDir(dir string) int {
	es, _ := os.ReadDir(dir)
	return len(es)
}

// plainOf is the decoded text of a raw mail: the body of a plain mail, or
// the text/plain part of a report sent as multipart.
func plainOf(raw []byte) (string, error) {
	ent, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		return "", err
	}
	var text string
	found := false
	err = ent.Walk(func(_ []int, part *message.Entity, err error) error {
		if err != nil || found {
			return err
		}
		if mt, _, _ := part.Header.ContentType(); mt == "text/plain" || mt == "" {
			b, err := io.ReadAll(part.Body)
			if err != nil {
				return err
			}
			text, found = string(b), true
		}
		return nil
	})
	return strings.ReplaceAll(text, "\r\n", "\n"), err
}

// parseConfig reads a mail section as the serve config holds it (its keys
// at the top level), strictly, and checks it, as `taipan serve` does.
func parseConfig(data []byte) (*mail.Config, error) {
	var c mail.Config
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&c); err != nil && err != io.EOF {
		return nil, err
	}
	if err := c.Normalize(); err != nil {
		return nil, err
	}
	return &c, nil
}
