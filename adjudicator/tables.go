package adjudicator

import "taipan/events"

// Tables are the tables the host owns: the games index (rebuilt from the
// logs, never copied) and the players' credentials.
func Tables() []events.Table {
	return []events.Table{
		{Name: "games", Owner: "adjudicator", Carry: events.Rebuilt},
		{Name: "credentials", Owner: "adjudicator", Carry: events.Copied},
	}
}
