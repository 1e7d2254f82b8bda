package web

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/adjudicator/engine"
	"taipan/events"
)

// Word of a turn wherever players are: feeds a feed reader or a calendar
// polls, so that nobody has to watch a mailbox for their turn.
//
//   - /games/GAME/feed.atom is a public game's Atom feed: an entry per
//     closed step, the public report as its text.
//   - /games/GAME/feeds/KEY/reports.atom is a player's own reports, and
//     /games/GAME/feeds/KEY/deadlines.ics their deadlines, as iCalendar:
//     the open step's, moved when the GM extends it or an absence does,
//     cancelled while the game is paused. KEY is a random secret the
//     player makes on their page (POST /games/GAME/feeds), shown once and
//     kept only as its hash; making new addresses voids the old ones.
//     The GM's feeds carry the GM's reports.
//
// A feed says nothing that the reader's report or the public page does
// not: the public feed is the observers' reports, a private feed its
// reader's.

// feedEntries bounds the entries of a feed: the latest steps.
const feedEntries = 30

// feedRoutes adds the feeds, and the attendance page they go with, to the
// site's URL space.
func (s *Server) feedRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /games/{game}/feed.atom", s.publicFeed)
	mux.HandleFunc("GET /games/{game}/feeds/{key}/reports.atom", s.privateFeed)
	mux.HandleFunc("GET /games/{game}/feeds/{key}/deadlines.ics", s.deadlineCalendar)
	mux.HandleFunc("POST /games/{game}/feeds", s.feedsPost)
	mux.HandleFunc("GET /games/{game}/attendance", s.attendancePage)
}

// publicFeed is a public game's feed of its closed steps.
func (s *Server) publicFeed(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("game")
	if !gameID.MatchString(id) || s.cfg.private(id) {
		s.fail(w, r, http.StatusNotFound, "There is no game %q here.", id)
		return
	}
	sn, err := s.cache.get(r.Context(), id)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	s.writeFeed(w, r, sn, engine.Observer, id+": the public reports", s.URL()+"/games/"+id)
}

// privateFeed is a reader's feed of their own reports.
func (s *Server) privateFeed(w http.ResponseWriter, r *http.Request) {
	sn, reader, ok := s.feedReader(w, r)
	if !ok {
		return
	}
	title, page := sn.game.ID+": the reports for "+reader, s.URL()+"/games/"+sn.game.ID+"/players/"+reader
	if reader == "" {
		title, page = sn.game.ID+": the GM's reports", s.URL()+"/games/"+sn.game.ID+"/gm"
	}
	w.Header().Set("Cache-Control", "private, no-cache")
	s.writeFeed(w, r, sn, reader, title, page)
}

// feedReader finds whose feed a private address is; it answers 404
// itself, the same for every key it does not know.
func (s *Server) feedReader(w http.ResponseWriter, r *http.Request) (*snapshot, string, bool) {
	id, key := r.PathValue("game"), r.PathValue("key")
	if gameID.MatchString(id) && key != "" {
		var player string
		err := s.host.Store.QueryRow(r.Context(), `SELECT player FROM web_feeds WHERE game_id = ? AND key_hash = ?`, id, hashSecret(key)).Scan(&player)
		if err == nil {
			sn, err := s.cache.get(r.Context(), id)
			if err != nil {
				s.failErr(w, r, err)
				return nil, "", false
			}
			if player == "" || sn.game.Player(player) != nil {
				return sn, player, true
			}
		} else if !errors.Is(err, sql.ErrNoRows) {
			s.failErr(w, r, err)
			return nil, "", false
		}
	}
	s.fail(w, r, http.StatusNotFound, "There is no such feed here: its address was replaced by newer ones, or never made.")
	return nil, "", false
}

// atomFeed and atomEntry are the Atom document (RFC 4287) a feed writes.
type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string      `xml:"id"`
	Title   string      `xml:"title"`
	Updated string      `xml:"updated"`
	Author  atomPerson  `xml:"author"`
	Links   []atomLink  `xml:"link"`
	Entries []atomEntry `xml:"entry"`
}

type atomPerson struct {
	Name string `xml:"name"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomEntry struct {
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Link    atomLink `xml:"link"`
	Content atomText `xml:"content"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// writeFeed writes the Atom feed of reader's reports of the game's latest
// steps, newest first.
func (s *Server) writeFeed(w http.ResponseWriter, r *http.Request, sn *snapshot, reader, title, page string) {
	g := sn.game
	steps := s.stepsPage(reader, g)
	f := atomFeed{
		ID: "urn:taipan:" + g.ID + ":" + feedKind(reader), Title: title, Author: atomPerson{Name: "Taipan"},
		Updated: g.Created.UTC().Format(time.RFC3339),
		Links:   []atomLink{{Rel: "alternate", Type: "text/html", Href: page}, {Rel: "self", Href: s.URL() + r.URL.Path}},
	}
	closes := adjudicator.StepCloses(sn.evs)
	for i := len(closes) - 1; i >= 0 && len(f.Entries) < feedEntries; i-- {
		c := closes[i]
		if c.Voided {
			continue
		}
		v := s.cache.view(sn, c.Step, reader)
		if v.err != nil {
			s.failErr(w, r, v.err)
			return
		}
		heading := "the set-up"
		if c.Step > 0 {
			heading = "step " + strconv.Itoa(c.Step)
		}
		if len(f.Entries) == 0 {
			f.Updated = c.At.UTC().Format(time.RFC3339)
		}
		f.Entries = append(f.Entries, atomEntry{
			ID: "urn:taipan:" + g.ID + ":" + feedKind(reader) + ":event:" + strconv.FormatInt(c.Seq, 10), Title: g.ID + ": " + heading,
			Updated: c.At.UTC().Format(time.RFC3339),
			Link:    atomLink{Rel: "alternate", Type: "text/html", Href: steps + "/steps/" + strconv.Itoa(c.Step)},
			Content: atomText{Type: "text", Text: v.text},
		})
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		s.failErr(w, r, err)
		return
	}
	b.WriteString("\n")
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	if reader == engine.Observer && notModified(w, r, entityTag(b.Bytes()), lastChange(sn)) {
		return // a feed reader polling a public feed that stands
	}
	w.Write(b.Bytes())
}

// feedKind names whose reports a feed carries, in its ids: the public's
// feed and each reader's are distinct feeds.
func feedKind(reader string) string {
	switch reader {
	case engine.Observer:
		return "public"
	case "":
		return "gm"
	}
	return "player:" + reader
}

// stepsPage is the page under which reader's reports of each step are.
func (s *Server) stepsPage(reader string, g *adjudicator.Game) string {
	switch reader {
	case engine.Observer:
		return s.URL() + "/games/" + g.ID
	case "":
		return s.URL() + "/games/" + g.ID + "/gm"
	}
	return s.URL() + "/games/" + g.ID + "/players/" + reader
}

// deadlineCalendar is a reader's deadlines as an iCalendar (RFC 5545)
// feed: the open step's deadline while one runs, for every reader; a
// paused game's is cancelled (no deadline runs until the GM resumes it). A calendar that polls it moves the event
// when the deadline moves (an extension, an absence), since the event
// keeps its UID and its SEQUENCE grows with the log.
func (s *Server) deadlineCalendar(w http.ResponseWriter, r *http.Request) {
	sn, reader, ok := s.feedReader(w, r)
	if !ok {
		return
	}
	g := sn.game
	var b strings.Builder
	line := func(l string) { b.WriteString(foldICal(l) + "\r\n") }
	line("BEGIN:VCALENDAR")
	line("VERSION:2.0")
	line("PRODID:-//Taipan//deadlines//EN")
	line("CALSCALE:GREGORIAN")
	line("X-WR-CALNAME:" + icalText(g.ID+" deadlines"))
	due := g.Deadline
	if g.Paused && g.PausedLeft > 0 {
		// No deadline runs while paused: the event stays, cancelled, where
		// the time left would end if the game went on now.
		due = lastChange(sn).Add(g.PausedLeft)
	}
	if !g.Status.Finished && !due.IsZero() {
		summary := g.ID + ": orders for step " + strconv.Itoa(g.Step) + " due"
		switch {
		case g.Paused:
			summary = g.ID + ": paused by the GM (no deadline runs)"
		case reader == "":
			summary = g.ID + ": step " + strconv.Itoa(g.Step) + " closes"
		case !g.IsPending(reader):
			summary = g.ID + ": step " + strconv.Itoa(g.Step) + " closes (you owe no orders)"
		case !containsName(g.Awaiting(), reader):
			summary = g.ID + ": step " + strconv.Itoa(g.Step) + " closes (your orders are in)"
		}
		desc := "Game " + g.ID + ", step " + strconv.Itoa(g.Step) + ": " + g.Status.Phase + ". Deadline " + adjudicator.FormatTime(due)
		if g.Paused {
			desc = "Game " + g.ID + ", step " + strconv.Itoa(g.Step) + ": " + g.Status.Phase + ". The GM has paused the game; " + g.PausedLeft.String() + " will be left when it resumes"
		} else if g.Grace > 0 {
			desc += "; orders are taken late until " + adjudicator.FormatTime(due.Add(g.Grace))
		}
		desc += "."
		line("BEGIN:VEVENT")
		line("UID:" + g.ID + "-step-" + strconv.Itoa(g.Step) + "-" + strconv.Itoa(g.Rollbacks) + "@taipan")
		line("DTSTAMP:" + icalTime(lastChange(sn)))
		line("SEQUENCE:" + strconv.FormatInt(sn.seq, 10))
		line("DTSTART:" + icalTime(due))
		line("DTEND:" + icalTime(due.Add(15*time.Minute)))
		line("SUMMARY:" + icalText(summary))
		line("DESCRIPTION:" + icalText(desc))
		line("URL:" + s.stepsPage(reader, g))
		if g.Paused {
			line("STATUS:CANCELLED")
		} else {
			line("STATUS:CONFIRMED")
		}
		line("END:VEVENT")
	}
	line("END:VCALENDAR")
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Cache-Control", "private, no-cache")
	w.Write([]byte(b.String()))
}

// lastChange is when the snapshot's last event was recorded.
func lastChange(sn *snapshot) time.Time {
	if n := len(sn.evs); n > 0 {
		return sn.evs[n-1].RecordedAt
	}
	return sn.game.Created
}

// icalTime is t as iCalendar's UTC form, 20261201T090000Z.
func icalTime(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// icalText escapes a TEXT value (RFC 5545 3.3.11).
func icalText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\n", `\n`).Replace(s)
}

// foldICal folds a content line at 75 octets (RFC 5545 3.1), without
// splitting a UTF-8 character.
func foldICal(l string) string {
	if len(l) <= 75 {
		return l
	}
	var b strings.Builder
	limit := 75
	for len(l) > limit {
		cut := limit
		for cut > 0 && l[cut]&0xC0 == 0x80 {
			cut--
		}
		b.WriteString(l[:cut] + "\r\n ")
		l = l[cut:]
		limit = 74 // the leading space counts
	}
	b.WriteString(l)
	return b.String()
}

// feedsPost makes a logged-in reader new private feed addresses and shows
// them once.
func (s *Server) feedsPost(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.posted(w, r, false)
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	if sess == nil {
		s.fail(w, r, http.StatusForbidden, "Log in to make your private feed addresses.")
		return
	}
	key, err := s.newFeedKey(r.Context(), sn.game.ID, sess.player)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	base := s.URL() + "/games/" + sn.game.ID + "/feeds/" + key
	text := fmt.Sprintf("Your private feeds of %s (keep them to yourself: whoever has them reads what you read; making new ones voids these):\n\n"+
		"  Your reports (Atom):   %s/reports.atom\n  Your deadlines (iCalendar): %s/deadlines.ics\n\nThey are shown once.", sn.game.ID, base, base)
	back := "/games/" + sn.game.ID + "/me"
	s.render(w, r, http.StatusOK, "text", page{Title: sn.game.ID + ": your feeds", Game: sn.game.ID, Who: sess.label(),
		Data: struct {
			Answer *answer
			Text   string
			Back   string
		}{&answer{Class: "ok", Head: "New feed addresses", Text: "The old ones, if any, no longer work."}, text, back}})
}

// newFeedKey makes the reader's private feed key, replacing any earlier
// one in one statement, and returns it; the database keeps its hash.
func (s *Server) newFeedKey(ctx context.Context, game, player string) (string, error) {
	key := randomSecret()
	_, err := s.host.Store.Exec(ctx, `INSERT INTO web_feeds (game_id, player, key_hash, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id, player) DO UPDATE SET key_hash = excluded.key_hash, created_at = excluded.created_at`,
		game, player, hashSecret(key), events.SortableTime(s.now()))
	return key, err
}
