package adjudicator

import "taipan/events"

// Voided says which events of a game's log a rollback voided: each such
// event's sequence number maps to the rollback's. A voided event stays in
// the log (the chain covers it) but no longer counts: replay skips it, as
// rollback does, keeping only the events that are not about play
// (keptByRollback). An event voided by an earlier rollback keeps that
// one. evs is the whole log, as the store holds it; a public export of a
// running game withholds the step closings that tell where each rollback
// cuts, so it is read from the full log and its marks shown on the
// public one (which events a rollback voids depends only on their kinds,
// their order and the rollback itself, none of them withheld).
func Voided(evs []events.Event) map[int64]int64 {
	out := map[int64]int64{}
	for i, e := range evs {
		if e.Kind != KindRollback {
			continue
		}
		var p Rollback
		if e.Decode(&p) != nil {
			continue
		}
		// The rollback takes the game back to the end of step p.Step, the
		// event closingOf finds, as replay does (see rollback).
		cut := closingOf(evs[:i], p.Step)
		for _, k := range evs[cut+1 : i] {
			if _, done := out[k.Seq]; !done && !keptByRollback[k.Kind] {
				out[k.Seq] = e.Seq
			}
		}
	}
	return out
}
