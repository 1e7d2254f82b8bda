package webhook

import "taipan/events"

// Tables are the tables the webhooks own, copied by a move to another
// store so that no hook is lost and nothing is told twice.
func Tables() []events.Table {
	return []events.Table{
		{Name: "webhooks", Owner: "webhook", Carry: events.Copied},
		{Name: "webhook_deliveries", Owner: "webhook", Carry: events.Copied},
		{Name: "webhook_cursors", Owner: "webhook", Carry: events.Copied},
	}
}
