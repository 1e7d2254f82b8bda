package web

import "taipan/events"

// Tables are the tables the site owns: its sessions and its one-time
// login links, copied by a move to another store so that nobody is logged
// out and no mailed link stops working.
func Tables() []events.Table {
	return []events.Table{
		{Name: "web_sessions", Owner: "web", Carry: events.Copied},
		{Name: "web_links", Owner: "web", Carry: events.Copied},
	}
}
