// Package mail is Taipan's mail gateway: it takes order files in by mail and
// sends replies, reports and reminders out, so that a game can be played
// entirely by email.
//
// Inbound mail arrives either from an IMAP mailbox (the [IMAP] poller, on
// go-imap v2; IDLE where the server offers it, polling otherwise) or, with no
// mail server configured, from Taipan's own small SMTP listener on 127.0.0.1
// (the [Listener], on go-smtp's server). Either way each message goes to the
// [Ingester], which reads the MIME structure ([ReadMessage]), finds the order
// file, authenticates it (the player's token and the From address on record
// for that player), checks it against the game and appends it. The message's
// Message-ID is recorded in the inbox table in the same transaction as the
// orders it carried and as the replies it caused, so that a crash at any point
// neither loses a mail nor applies it twice: a mail seen again is recognised
// and only filed away. Mail fetched together is taken in up to a hundred to
// a transaction, several of one game each starting from the change before
// ([Ingester.IngestAll]); should such a transaction fail, its mails are
// taken again one by one. An accepted file's acknowledgement, owed
// whatever the limits on answers, is written on another goroutine while
// the transaction goes on with the next mail, and queued in that same
// transaction before its commit ([Outbox.EnqueueDraft]); the work that
// needs no database (parsing the file, finding its secrets) is done as
// the mail is read, while the batch before it is taken in. The reports of
// the steps a mail closed are not rendered in that transaction but just
// after it commits, by the [Dispatcher], from the game as the change left
// it ([Dispatcher.ChangedTx], [Dispatcher.Owed]). A mail over the size
// limit is fetched no further than its header, and refused.
//
// Everything Taipan sends goes through the outbox table ([Outbox]) with a
// stable Message-ID, and is handed to a [Sender] — the [SMTP] client (AUTH
// PLAIN over STARTTLS or implicit TLS) or, in the embedded mode, a local
// [Maildir], which keeps one file per Message-ID — by a loop that retries
// with exponential backoff until the server takes it. A process claims the
// rows it sends with a lease (lease.go), so that two processes on one
// database never send the same mail, and marks each sent with a write no
// shutdown cancels. Step reports are keyed by (game, step, recipient), so
// the [Dispatcher] that enqueues them after any closing (by mail, by the
// CLI, by a deadline or by the GM) can run any number of times without
// doubling them; it also mails a new game's tokens with its set-up report
// (tokens.go), and tells the players of a deadline the GM changed.
// Reminders before a deadline are recorded in the reminders table so that a
// restart does not resend them.
//
// Whatever is sent in answer to a received mail goes through the limits of
// answer.go (per address and hour, quiet addresses, one digest of what was
// held back), so that a public address cannot be turned into a flood; with
// [AuthCheck], a From the receiving server did not authenticate is refused
// outright.
//
// The [Service] ties these together for `taipan serve`: it checks the mail
// servers at start ([Service.Check]), cleans up after a killed process, and
// drains when stopped. [Config] is its YAML configuration file. The package
// depends on events, orders and adjudicator only through their exported
// API.
package mail
