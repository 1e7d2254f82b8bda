package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"taipan/adjudicator"
)

// The front page lists the public games a page at a time, filtered by
// status (open for orders, finished), by game (its title) and by player,
// from the games index (Host.ListGames): a page costs the same with a
// hundred games as with ten thousand. Each page, once drawn, is served to
// every reader until a game changes (Host.Changes), with its entity tag,
// so that a reader who has it gets 304.

// listFilter is what the list page asks of the index: the query string's
// status, game, player, and after or before (the page).
type listFilter struct {
	Status, Game, Player string
	After, Before        string
}

// maxPlayerFilter bounds the player filter: a seat's name is shorter.
const maxPlayerFilter = 64

// listFilterOf reads r's query, or says what is wrong with it.
func (s *Server) listFilterOf(r *http.Request) (listFilter, string) {
	q := r.URL.Query()
	f := listFilter{Status: q.Get("status"), Game: q.Get("game"), Player: strings.TrimSpace(q.Get("player")), After: q.Get("after"), Before: q.Get("before")}
	switch adjudicator.GameStatus(f.Status) {
	case adjudicator.AnyStatus, adjudicator.OpenForOrders, adjudicator.FinishedStatus:
	default:
		return f, "status: " + strconv.Quote(f.Status) + " is not a status; the list takes status=open (open for orders) or status=finished, or none for every game."
	}
	if f.Game != "" {
		if _, err := s.host.Games.Engine(f.Game); err != nil {
			return f, "game: " + err.Error() + "."
		}
	}
	if len(f.Player) > maxPlayerFilter || !utf8.ValidString(f.Player) {
		return f, "player: a player's name is at most " + strconv.Itoa(maxPlayerFilter) + " characters."
	}
	for _, c := range []struct{ name, v string }{{"after", f.After}, {"before", f.Before}} {
		if c.v != "" && !gameID.MatchString(c.v) {
			return f, c.name + ": " + strconv.Quote(c.v) + " is not a game's id."
		}
	}
	if f.After != "" && f.Before != "" {
		return f, "after and before: a page starts after one game or ends before one, not both."
	}
	return f, ""
}

// query is the filter's query string, without the page (page "") or with
// after= or before= the game.
func (f listFilter) query(page, game string) string {
	v := url.Values{}
	for k, x := range map[string]string{"status": f.Status, "game": f.Game, "player": f.Player} {
		if x != "" {
			v.Set(k, x)
		}
	}
	if page != "" {
		v.Set(page, game)
	}
	return v.Encode() // sorted by key: one string per filter and page
}

// list is the front page: a page of the public games.
func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	f, problem := s.listFilterOf(r)
	if problem != "" {
		s.fail(w, r, http.StatusBadRequest, "%s", problem)
		return
	}
	key := f.query("after", f.After)
	if f.Before != "" {
		key = f.query("before", f.Before)
	}
	lp := s.lists.get(s.host.Changes(), key, func() *drawnPage { return newDrawnPage(s.drawList(r, f)) })
	if lp.page.err != nil {
		s.failErr(w, r, lp.page.err)
		return
	}
	serveDrawn(w, r, lp.page, lp.modified)
}

// drawList draws a page of the list from the index.
func (s *Server) drawList(r *http.Request, f listFilter) ([]byte, error) {
	// Drawn for every reader who asks meanwhile: not ended by this one's
	// leaving.
	ctx := context.WithoutCancel(r.Context())
	found, err := s.host.ListGames(ctx, adjudicator.GamesQuery{Status: adjudicator.GameStatus(f.Status), Title: f.Game, Player: f.Player,
		After: f.After, Before: f.Before, Hidden: s.cfg.private})
	if err != nil {
		return nil, err
	}
	type row struct{ ID, Engine, Step, Awaiting, Closes, Phase string }
	rows := make([]row, 0, len(found.Games))
	for _, g := range found.Games {
		x := row{ID: g.ID, Engine: g.Engine, Step: strconv.Itoa(g.Step), Awaiting: strings.Join(g.Awaiting, ", "), Closes: "none", Phase: g.Phase}
		switch {
		case g.Finished:
			x.Step, x.Awaiting, x.Closes = x.Step+" (over)", "-", "-"
		case g.Paused:
			x.Closes = "paused"
		case !g.CloseAt.IsZero():
			x.Closes = adjudicator.FormatTime(g.CloseAt)
		}
		if x.Awaiting == "" {
			x.Awaiting = "nobody"
		}
		rows = append(rows, x)
	}
	data := struct {
		Games            []row
		Filter           listFilter
		Filtered         bool
		Titles           []string
		Prev, Next, Home string
	}{Games: rows, Filter: f, Filtered: f.Status != "" || f.Game != "" || f.Player != "", Titles: s.host.Games.Names()}
	if found.Prev != "" {
		data.Prev = "/?" + f.query("before", found.Prev)
	}
	if found.Next != "" {
		data.Next = "/?" + f.query("after", found.Next)
	}
	if f.After != "" || f.Before != "" {
		data.Home = "/?" + f.query("", "")
	}
	return s.draw("list", page{Title: "Games", Data: data})
}

// listCache keeps the list's pages drawn since the games last changed.
type listCache struct {
	mu    sync.Mutex
	mark  uint64 // Host.Changes when the pages were drawn
	pages map[string]*listPage
	// before are the pages of the previous mark: a page drawn again the
	// same keeps the time it was first drawn as its Last-Modified.
	before map[string]*listPage
}

// listPage is one page of the list: drawn once (ready closes then) for
// every reader who asks while the mark stands.
type listPage struct {
	ready    chan struct{}
	page     *drawnPage
	modified time.Time
}

// maxListPages bounds the pages kept: filters by player make as many as
// there are names to try.
const maxListPages = 1024

// get returns the page key as of mark, drawing it (once, however many ask
// at once) if it was not drawn since the mark moved. A reader with an
// older mark than the pages kept draws its own, keeping nothing.
func (c *listCache) get(mark uint64, key string, draw func() *drawnPage) *listPage {
	c.mu.Lock()
	switch {
	case c.pages == nil || mark > c.mark:
		c.before, c.pages, c.mark = c.pages, map[string]*listPage{}, mark
	case mark < c.mark:
		c.mu.Unlock()
		return &listPage{page: draw(), modified: time.Now()}
	}
	if p := c.pages[key]; p != nil {
		c.mu.Unlock()
		<-p.ready
		return p
	}
	if len(c.pages) >= maxListPages {
		c.before, c.pages = nil, map[string]*listPage{}
	}
	p := &listPage{ready: make(chan struct{})}
	c.pages[key] = p
	old := c.before[key]
	c.mu.Unlock()

	p.page, p.modified = draw(), time.Now()
	if old != nil && drawnAlready(old) && old.page.err == nil && old.page.etag == p.page.etag {
		p.modified = old.modified
	}
	if p.page.err != nil {
		// Not kept: the next reader tries again.
		c.mu.Lock()
		if c.pages[key] == p {
			delete(c.pages, key)
		}
		c.mu.Unlock()
	}
	close(p.ready)
	return p
}

// drawnAlready reports whether p has been drawn.
func drawnAlready(p *listPage) bool {
	select {
	case <-p.ready:
		return true
	default:
		return false
	}
}
