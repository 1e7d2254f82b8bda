package shanghaitrader

// What the step just played changed on the board, for the View and its
// picture: which counters moved and which establishments changed hands.
// Everything here is public (rules-analysis 1d: every counter on the
// board is), so every viewer sees the same.

// StepStart is where the players' counters stood and who controlled
// each location when the step last resolved began. The View compares the
// state with it to say what that step moved. It is no part of the state's
// JSON or digest: Resolve makes it afresh from the state it resolves, so
// replaying the log makes it again, and the logs already written keep
// their digests.
type StepStart struct {
	At    []int // by seat: the location, -1 out of the city
	Owner []int // by location: the owner's seat, -1 uncontrolled
}

// stepStart records the board before a step is resolved.
func (s *State) stepStart() *StepStart {
	st := &StepStart{At: make([]int, len(s.Players)), Owner: make([]int, len(s.Estabs))}
	for p := range s.Players {
		st.At[p] = s.Players[p].At
	}
	for i := range s.Estabs {
		st.Owner[i] = s.Estabs[i].Owner
	}
	return st
}

// MoveView is a player's counter that moved in the step just played.
type MoveView struct {
	Player string `json:"player"`
	// From and To are the locations (names, ids and districts as in
	// establishments[]); To is empty when the player left the city.
	From         string `json:"from"`
	FromID       string `json:"from_id"`
	FromDistrict string `json:"from_district"`
	To           string `json:"to,omitempty"`
	ToID         string `json:"to_id,omitempty"`
	ToDistrict   string `json:"to_district,omitempty"`
	// Shanghaied: dragged to Old Chinatown; Out: why the player left the
	// city (escaped, assassinated, removed).
	Shanghaied bool   `json:"shanghaied,omitempty"`
	Out        string `json:"out,omitempty"`
}

// ChangeView is an establishment that changed hands in the step just
// played: its owner before and after ("" uncontrolled).
type ChangeView struct {
	ID   string `json:"id"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
}

// lastStep is what the step just played moved and changed hands, from
// the state's StepStart (none before the first step).
func (s *State) lastStep() ([]MoveView, []ChangeView) {
	st := s.Start
	if st == nil || len(st.At) != len(s.Players) || len(st.Owner) != len(s.Estabs) {
		return nil, nil
	}
	d := s.d()
	name := func(p int) string {
		if p < 0 {
			return ""
		}
		return s.Players[p].Name
	}
	var moves []MoveView
	for p := range s.Players {
		pl := &s.Players[p]
		from := st.At[p]
		if from < 0 || from == pl.At {
			continue
		}
		mv := MoveView{Player: pl.Name, From: d.locName(from), FromID: d.loc(from).ID, FromDistrict: d.district(from).Name, Shanghaied: pl.Shanghaied}
		if pl.At >= 0 {
			mv.To, mv.ToID, mv.ToDistrict = d.locName(pl.At), d.loc(pl.At).ID, d.district(pl.At).Name
		} else {
			mv.Out = pl.Out
		}
		moves = append(moves, mv)
	}
	var changed []ChangeView
	for i := range s.Estabs {
		if o := s.Estabs[i].Owner; o != st.Owner[i] {
			changed = append(changed, ChangeView{ID: d.loc(i).ID, From: name(st.Owner[i]), To: name(o)})
		}
	}
	return moves, changed
}
