// Package webhook tells a game's channels of a turn: when a step closes
// and when the open step's deadline moves, it posts a message to each URL
// the GM hooked to the game — a Discord or Slack incoming webhook, or any
// endpoint that takes plain JSON — so that players hear of their turn
// where they already are.
//
// It is an adapter beside the mail gateway and the web site, and like
// them it reads the games only through the Host (the one replay of each
// log). It owns three tables (Tables): the hooks of each game, the
// deliveries owed, and how far each game has been told. A Follower turns
// what changed in a game into deliveries, in one short transaction with
// its cursor, so that each change is queued once whatever stops the
// process; a Sender posts them, each claimed by one atomic statement so
// that two serves on one database never both send it, retried with
// backoff until the endpoint takes it. Each delivery carries a stable id
// (the X-Taipan-Delivery header) with which an endpoint can drop the
// repeat a crash between its answer and the mark would cause.
//
// A hook names a URL, which may carry a secret (Discord's and Slack's
// do): it is kept out of the games' logs, never printed whole, and posts
// go only to public addresses — loopback, private, link-local and other
// special ranges are refused at the moment of connecting (so a name that
// resolves to one is refused too), unless the host allows them
// (Config.AllowPrivate), as a test or a LAN-only club may.
//
// What a message says is public: the step closed, why, who is awaited
// next and until when — what the game's public page says.
package webhook
