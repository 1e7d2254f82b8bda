package web

import "taipan/events"

// Tables are the tables the site owns: its sessions, its one-time login
// links and the keys of the players' private feeds, copied by a move to
// another store so that nobody is logged out and no mailed link or feed
// address stops working.
func Tables() []events.Table {
	return []events.Table{
		{Name: "web_sessions", Owner: "web", Carry: events.Copied},
		{Name: "web_links", Owner: "web", Carry: events.Copied},
		{Name: "web_feeds", Owner: "web", Carry: events.Copied},
	}
}
