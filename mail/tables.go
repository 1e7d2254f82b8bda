package mail

import "taipan/events"

// Tables are the tables the mail gateway owns. All but one are copied by
// a move to another store: without them mail would be taken in or sent
// twice, reminders and digests repeated, held answers and queued tokens
// lost. mail_serving, which says which serve processes run on this
// database, is of the old store alone: the new one is served by whoever
// starts on it.
func Tables() []events.Table {
	copied := func(name string) events.Table { return events.Table{Name: name, Owner: "mail", Carry: events.Copied} }
	outbox := copied("outbox")
	outbox.Serial, outbox.Blobs = "id", []string{"body", "redacted"}
	held := copied("mail_held")
	held.Serial = "id"
	return []events.Table{
		copied("inbox"), outbox, copied("reminders"), copied("mail_rate"), held,
		copied("mail_senders"), copied("mail_files"), copied("mail_tokens"), copied("mail_marks"), copied("mail_token_codes"),
		{Name: "mail_serving", Owner: "mail", Carry: events.Rebuilt},
	}
}
