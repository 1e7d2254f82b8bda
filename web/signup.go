package web

import (
	"net/http"
	"strings"

	"taipan/adjudicator"
	"taipan/events"
)

// Sign-up on the site. A game open for sign-up has a page of its own,
// /signup/GAME, with where its sign-up stands and a form to join it (a
// name, the address to be reached at, seat preferences and an entropy
// commitment), which joins it as `command: join` by mail does. The site
// holds no session for it: the address is proven at the muster, whose
// call to confirm goes to it by mail. A forming game's other pages lead
// here; once it starts they are its reports again.

// signUpRoutes adds the sign-up pages to mux.
func (s *Server) signUpRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /signup/{game}", s.signUpPage)
	mux.HandleFunc("POST /signup/{game}", s.signUpPost)
	mux.HandleFunc("POST /signup/{game}/confirm", s.confirmPost)
	mux.HandleFunc("POST /signup/{game}/leave", s.leavePost)
}

// signUpData is the sign-up page.
type signUpData struct {
	Answer   *answer
	Engine   string
	Seats    string
	Taken    int
	Names    string
	Phase    string
	Deadline string
	Open     bool // the form is shown: sign-up runs
	Muster   bool // the confirmation form is shown
	Waiting  string
	Choices  []string
	Form     signUpForm
	// AsksRecord says what record the game asks of a player; "" none.
	AsksRecord string
}

// signUpForm is what the reader typed, shown again after a refusal.
type signUpForm struct{ Name, Email, Seats, Entropy string }

// formingGame is the request's game if it is open for sign-up (or was:
// one whose sign-up closed); it answers the rest itself (a started game's
// page is its report).
func (s *Server) formingGame(w http.ResponseWriter, r *http.Request) (*adjudicator.Game, bool) {
	id := r.PathValue("game")
	if !gameID.MatchString(id) || s.cfg.private(id) {
		s.fail(w, r, http.StatusNotFound, "There is no game %q here.", id)
		return nil, false
	}
	g, err := s.host.Game(r.Context(), id)
	if err != nil {
		s.failErr(w, r, err)
		return nil, false
	}
	if !g.Forming() {
		http.Redirect(w, r, "/games/"+id, http.StatusSeeOther)
		return nil, false
	}
	return g, true
}

// signUpRedirect sends the reader of a forming game's other pages to its
// sign-up page, and says whether it did.
func (s *Server) signUpRedirect(w http.ResponseWriter, r *http.Request, id string) bool {
	g, err := s.host.Game(r.Context(), id)
	if err != nil || !g.Forming() {
		return false
	}
	http.Redirect(w, r, "/signup/"+id, http.StatusSeeOther)
	return true
}

func (s *Server) signUpPage(w http.ResponseWriter, r *http.Request) {
	g, ok := s.formingGame(w, r)
	if !ok {
		return
	}
	s.renderSignUp(w, r, http.StatusOK, g, nil, signUpForm{})
}

func (s *Server) renderSignUp(w http.ResponseWriter, r *http.Request, status int, g *adjudicator.Game, a *answer, f signUpForm) {
	su := g.SignUp
	d := signUpData{Answer: a, Engine: g.Engine.Name(), Seats: su.Seats.String(), Taken: len(su.Entrants),
		Phase: su.Phase, Deadline: adjudicator.FormatTime(su.Deadline), Open: su.Phase == adjudicator.PhaseSignUp,
		Muster: su.Phase == adjudicator.PhaseMuster, Waiting: strings.Join(su.Unconfirmed(), ", "), Form: f}
	if m := g.Campaign.MinRecord; m != nil && (m.Games > 0 || m.OnTime > 0) {
		d.AsksRecord = m.String()
	}
	var names []string
	for _, e := range su.Entrants {
		names = append(names, e.Name)
	}
	d.Names = strings.Join(names, ", ")
	for i := 1; i <= su.Seats.Max; i++ {
		d.Choices = append(d.Choices, g.Campaign.SeatLabel(i))
	}
	s.render(w, r, status, "signup", page{Title: "Sign up: " + g.ID, Game: g.ID, Data: d})
}

func (s *Server) signUpPost(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r) || !s.formOK(w, r) {
		return
	}
	g, ok := s.formingGame(w, r)
	if !ok {
		return
	}
	f := signUpForm{Name: strings.TrimSpace(r.PostFormValue("name")), Email: strings.TrimSpace(r.PostFormValue("email")),
		Seats: strings.TrimSpace(r.PostFormValue("seats")), Entropy: strings.TrimSpace(r.PostFormValue("entropy"))}
	req := adjudicator.JoinRequest{Game: g.ID, Name: f.Name, Email: f.Email, Commitment: f.Entropy, Via: "web"}
	if rec := strings.TrimSpace(r.PostFormValue("record")); rec != "" {
		req.Record = []byte(rec)
	}
	req.Seats = strings.FieldsFunc(f.Seats, func(c rune) bool { return c == ',' || c == ' ' })
	g, err := s.signUpChange(r, g, func(tx *events.Tx) (*adjudicator.Game, error) { return s.host.JoinTx(r.Context(), tx, req) })
	s.signUpAnswer(w, r, g, err, f, "You have joined game "+g.ID+" as "+req.Name+". When its seats are taken, or its sign-up ends, every player is asked by mail, at "+req.Email+", to confirm.")
}

// confirmPost is a player's confirmation at the muster, with the code of
// the call to confirm mailed to them, and their reveal.
func (s *Server) confirmPost(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r) || !s.formOK(w, r) {
		return
	}
	g, ok := s.formingGame(w, r)
	if !ok {
		return
	}
	f := signUpForm{Name: strings.TrimSpace(r.PostFormValue("name"))}
	g, err := s.signUpChange(r, g, func(tx *events.Tx) (*adjudicator.Game, error) {
		return s.host.ConfirmByCodeTx(r.Context(), tx, g.ID, f.Name, r.PostFormValue("code"), r.PostFormValue("reveal"))
	})
	s.signUpAnswer(w, r, g, err, f, "You have confirmed for game "+g.ID+", as "+f.Name+".")
}

// signUpChange makes a sign-up change of g in one transaction with what
// it owes by mail (the Notifier's Changed): the game as the change left
// it, or g and the refusal.
func (s *Server) signUpChange(r *http.Request, g *adjudicator.Game, change func(tx *events.Tx) (*adjudicator.Game, error)) (*adjudicator.Game, error) {
	err := s.host.Store.Update(r.Context(), func(tx *events.Tx) error {
		changed, err := change(tx)
		if err != nil {
			return err
		}
		g = changed
		if s.opt.Notifier != nil {
			return s.opt.Notifier.Changed(r.Context(), tx, changed)
		}
		return nil
	})
	return g, err
}

// signUpAnswer answers a sign-up form: the refusal, or done, on the
// sign-up page while the game forms, on a page of its own once it starts.
func (s *Server) signUpAnswer(w http.ResponseWriter, r *http.Request, g *adjudicator.Game, err error, f signUpForm, done string) {
	if err != nil {
		if httpStatus(err) == http.StatusInternalServerError {
			s.failErr(w, r, err)
			return
		}
		if fresh, gerr := s.host.Game(r.Context(), g.ID); gerr == nil && fresh.Forming() {
			g = fresh
		}
		if !g.Forming() {
			s.fail(w, r, httpStatus(err), "%s", err.Error())
			return
		}
		s.renderSignUp(w, r, httpStatus(err), g, &answer{Class: "refused", Head: "Refused", Text: err.Error()}, f)
		return
	}
	if !g.Forming() {
		done += " The game has started: your token comes by mail."
		s.render(w, r, http.StatusOK, "text", page{Title: g.ID, Game: g.ID, Data: textData{Answer: &answer{Class: "ok", Head: "Done", Text: done}, Back: "/games/" + g.ID}})
		return
	}
	s.renderSignUp(w, r, http.StatusOK, g, &answer{Class: "ok", Head: "Done", Text: done}, signUpForm{})
}

// leavePost is a player leaving before the start, with the code mailed to
// them when they joined on the site.
func (s *Server) leavePost(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r) || !s.formOK(w, r) {
		return
	}
	g, ok := s.formingGame(w, r)
	if !ok {
		return
	}
	name := strings.TrimSpace(r.PostFormValue("name"))
	g, err := s.signUpChange(r, g, func(tx *events.Tx) (*adjudicator.Game, error) {
		return s.host.LeaveByCodeTx(r.Context(), tx, g.ID, name, r.PostFormValue("code"))
	})
	s.signUpAnswer(w, r, g, err, signUpForm{}, "You have left game "+g.ID+".")
}
