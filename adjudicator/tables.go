package adjudicator

import "taipan/events"

// Tables are the tables the host owns: the games index and the games'
// people (rebuilt from the logs, never copied), the players' credentials, and the grey press held
// until its step closes (lost, it would never be relayed), and the club's
// standby list, identities and the codes that confirm an address added.
func Tables() []events.Table {
	return []events.Table{
		{Name: "games", Owner: "adjudicator", Carry: events.Rebuilt},
		{Name: "game_people", Owner: "adjudicator", Carry: events.Rebuilt},
		{Name: "credentials", Owner: "adjudicator", Carry: events.Copied},
		{Name: "grey_press", Owner: "adjudicator", Carry: events.Copied, Serial: "id"},
		{Name: "standby", Owner: "adjudicator", Carry: events.Copied},
		{Name: "identities", Owner: "adjudicator", Carry: events.Copied},
		{Name: "identity_codes", Owner: "adjudicator", Carry: events.Copied},
	}
}
