package mail

import "taipan/events"

// Tables are the tables the mail gateway owns. Every one is copied by a
// move to another store: without them mail would be taken in or sent
// twice, reminders and digests repeated, held answers and queued tokens
// lost.
func Tables() []events.Table {
	copied := func(name string) events.Table { return events.Table{Name: name, Owner: "mail", Carry: events.Copied} }
	outbox := copied("outbox")
	outbox.Serial, outbox.Blobs = "id", []string{"body", "redacted"}
	held := copied("mail_held")
	held.Serial = "id"
	return []events.Table{
		copied("inbox"), outbox, copied("reminders"), copied("mail_rate"), held,
		copied("mail_senders"), copied("mail_files"), copied("mail_tokens"), copied("mail_marks"),
	}
}
