package web

import (
	"net/http"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// A player's page of their games: every seat the person holds on this
// host, under any of their addresses (adjudicator.Host.PersonTx). It is
// shown to the player alone, logged in to one of their games: which games
// a person plays is theirs to tell.

// personRoutes adds the player's games page to mux.
func (s *Server) personRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /games/{game}/players/{player}/games", s.personPage)
}

// personData is the page: the person's addresses and seats.
type personData struct {
	Addresses []string
	Seats     []adjudicator.Membership
	// Attendance is the person's attendance in every game of the host,
	// by address, recomputed from the logs.
	Attendance []personAttendance
}

// personAttendance is one game's figures of one of the person's
// addresses.
type personAttendance struct {
	Game, Address, Seats string
	Finished             bool
	Figures              adjudicator.RecordFigures
}

func (s *Server) personPage(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	name := r.PathValue("player")
	if sess == nil || sess.gm() || sess.player != name {
		http.Redirect(w, r, "/games/"+sn.game.ID+"/login", http.StatusSeeOther)
		return
	}
	pl := sn.game.Player(name)
	if pl == nil || pl.Email == "" {
		s.fail(w, r, http.StatusNotFound, "%s has no address in game %s: no games to list.", name, sn.game.ID)
		return
	}
	var p *adjudicator.Person
	err := s.host.Store.Update(r.Context(), func(tx *events.Tx) error {
		var err error
		p, err = s.host.PersonTx(r.Context(), tx, pl.Email)
		return err
	})
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	d := personData{Addresses: []string{pl.Email}}
	if p != nil {
		d.Addresses, d.Seats = p.Addresses, p.Seats
	}
	for _, addr := range d.Addresses {
		games, err := s.host.PlayerAttendance(r.Context(), addr)
		if err != nil {
			s.failErr(w, r, err)
			return
		}
		for _, g := range games {
			d.Attendance = append(d.Attendance, personAttendance{Game: g.Game, Address: addr, Seats: strings.Join(g.Seats, ", "), Finished: g.Finished, Figures: g.Figures.Figures()})
		}
	}
	s.render(w, r, http.StatusOK, "person", page{Title: "Your games", Game: sn.game.ID, Who: sess.label(), Data: d})
}
