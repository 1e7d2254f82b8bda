package web

import (
	"fmt"
	"net/http"
	"strings"
	"text/tabwriter"

	"taipan/adjudicator"
)

// attendancePage is /games/GAME/attendance: how each seat met each step,
// recomputed from the log, and each seat's figures, as `taipan attendance
// GAME` prints them. It shows what the public reports already say (who
// sent nothing, who was late, who is away).
func (s *Server) attendancePage(w http.ResponseWriter, r *http.Request) {
	sn, sess, ok := s.game(w, r)
	if !ok {
		return
	}
	steps, err := adjudicator.GameAttendance(s.host.Games, sn.evs)
	if err != nil {
		s.failErr(w, r, err)
		return
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "STEP\tSEAT\tATTENDANCE\tWHY")
	for _, st := range steps {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", st.Step, st.Seat, st.Status, st.Rule)
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "SEAT\tOWED\tON TIME\tLATE\tEXCUSED\tMISSED\tDISORDER\tON TIME OR EXCUSED")
	for _, x := range adjudicator.BySeat(steps) {
		f := x.Figures.Figures()
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.0f%%\n", x.Seat, f.Owed, f.OnTime, f.Late, f.Excused, f.Missed, f.Disorder, f.OnTimeShare())
	}
	tw.Flush()
	s.render(w, r, http.StatusOK, "text", page{Title: sn.game.ID + ": attendance", Game: sn.game.ID, Who: sess.label(),
		Data: struct {
			Answer *answer
			Text   string
			Back   string
		}{nil, b.String(), "/games/" + sn.game.ID}})
}
