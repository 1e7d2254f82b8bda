package adjudicator

import (
	"context"
	"slices"
	"strings"
)

// GamesQuery asks the games index for one page of games, in the order of
// their ids: those that pass every filter given, after (or before) a game
// of an earlier page. A page costs index seeks over the games it lists,
// however many games the store holds.
type GamesQuery struct {
	Status GameStatus
	// Title is a game's name in the registry (trader, shanghai, …): its
	// games whichever version of the rules they play.
	Title string
	// Player is the name of one of a game's seats, in any case.
	Player string
	// After and Before are where the page starts: the games after the
	// game After (the next page), or the ones before Before (the
	// previous page); neither is the first page.
	After, Before string
	// Limit is the most games on the page (DefaultGamesPage if 0).
	Limit int
	// Hidden leaves out the games it reports true for (a site's private
	// games), as if they were not in the index.
	Hidden func(id string) bool
}

// GameStatus filters games by where they stand.
type GameStatus string

// The statuses a GamesQuery takes.
const (
	AnyStatus      GameStatus = ""
	OpenForOrders  GameStatus = "open"     // running, not paused, awaiting orders
	FinishedStatus GameStatus = "finished" // over
)

// DefaultGamesPage is the size of a page of games when the query gives
// none; MaxGamesPage the largest a query may ask for.
const (
	DefaultGamesPage = 50
	MaxGamesPage     = 500
)

// GamesPage is one page of games from the index.
type GamesPage struct {
	Games []Summary
	// Prev and Next are the cursors of the neighbouring pages (Before:
	// Prev, After: Next); "" where there is none.
	Prev, Next string
}

// ListGames returns a page of the games index as q asks (see GamesQuery).
// A title or status it does not know is refused (EINVALID), saying what
// it takes.
func (h *Host) ListGames(ctx context.Context, q GamesQuery) (GamesPage, error) {
	var page GamesPage
	where, args, err := h.gamesFilter(q)
	if err != nil {
		return page, err
	}
	if err := h.ensureIndexed(ctx); err != nil {
		return page, err
	}
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultGamesPage
	}
	limit = min(limit, MaxGamesPage)
	back := q.Before != "" && q.After == ""
	cursor := q.After
	if back {
		cursor = q.Before
	}
	games, err := h.seek(ctx, where, args, q.Hidden, cursor, back, limit+1)
	if err != nil {
		return page, err
	}
	more := len(games) > limit
	if more {
		games = games[:limit]
	}
	if back {
		slices.Reverse(games)
	}
	page.Games = games
	if len(games) == 0 {
		return page, nil
	}
	first, last := games[0].ID, games[len(games)-1].ID
	// One neighbour is known from the fetch itself (more); the other by
	// looking for one game beyond the page's other end, unless the page
	// starts the index.
	if back {
		if more {
			page.Prev = first
		}
		if page.Next, err = h.beyond(ctx, where, args, q.Hidden, last, false); err != nil {
			return page, err
		}
		return page, nil
	}
	if more {
		page.Next = last
	}
	if q.After != "" {
		if page.Prev, err = h.beyond(ctx, where, args, q.Hidden, first, true); err != nil {
			return page, err
		}
	}
	return page, nil
}

// beyond returns end when a game passing the filters lies beyond it
// (before it, with back), else "".
func (h *Host) beyond(ctx context.Context, where string, args []any, hidden func(string) bool, end string, back bool) (string, error) {
	near, err := h.seek(ctx, where, args, hidden, end, back, 1)
	if err != nil || len(near) == 0 {
		return "", err
	}
	return end, nil
}

// gamesFilter is q's filters as SQL conditions on the games index, with
// their arguments.
func (h *Host) gamesFilter(q GamesQuery) (string, []any, error) {
	var conds []string
	var args []any
	switch q.Status {
	case AnyStatus:
	case OpenForOrders:
		conds = append(conds, `finished = 0 AND paused = 0 AND awaiting <> ''`)
	case FinishedStatus:
		conds = append(conds, `finished = 1`)
	default:
		return "", nil, Errorf(EINVALID, "status %q: a game's status is %s or %s", string(q.Status), OpenForOrders, FinishedStatus)
	}
	if q.Title != "" {
		e, err := h.Games.Engine(q.Title)
		if err != nil {
			return "", nil, err
		}
		// Every version of its rules: the versions are NAME/N.
		prefix := e.Version()[:strings.LastIndex(e.Version(), "/")+1]
		conds = append(conds, `engine >= ? AND engine < ?`)
		args = append(args, prefix, prefix[:len(prefix)-1]+"0") // '0' follows '/'
	}
	if q.Player != "" {
		conds = append(conds, `EXISTS (SELECT 1 FROM game_people p WHERE p.game_id = games.game_id AND p.role = '`+RolePlayer+`' AND lower(p.name) = ?)`)
		args = append(args, strings.ToLower(q.Player))
	}
	return strings.Join(conds, " AND "), args, nil
}

// seek reads up to n games of the index passing where and not hidden,
// from cursor on (exclusive) in the order of their ids, or backwards.
func (h *Host) seek(ctx context.Context, where string, args []any, hidden func(string) bool, cursor string, back bool, n int) ([]Summary, error) {
	query := `SELECT ` + summaryColumns + ` FROM games WHERE game_id > ?`
	order := ` ORDER BY game_id LIMIT ?`
	if back {
		query = `SELECT ` + summaryColumns + ` FROM games WHERE game_id < ?`
		order = ` ORDER BY game_id DESC LIMIT ?`
	}
	if where != "" {
		query += " AND " + where
	}
	query += order
	var out []Summary
	for len(out) < n {
		// Hidden games are skipped a batch at a time.
		batch := n - len(out)
		if hidden != nil {
			batch = max(batch, DefaultGamesPage)
		}
		rows, err := h.Store.Query(ctx, query, append(append([]any{cursor}, args...), batch)...)
		if err != nil {
			return nil, err
		}
		got, err := scanSummaries(rows)
		if err != nil {
			return nil, err
		}
		for _, s := range got {
			if hidden == nil || !hidden(s.ID) {
				out = append(out, s)
			}
		}
		if len(got) < batch {
			break
		}
		cursor = got[len(got)-1].ID
	}
	return out[:min(len(out), n)], nil
}
