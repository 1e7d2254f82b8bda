// Package orders reads order files: the YAML envelope a player mails (or gives
// the CLI) around a game-specific list of orders.
//
// An order file looks like this:
//
//	game: bourse-1        # campaign id
//	player: alice
//	token: 7f3c...        # the player's secret; required by mail
//	step: 4               # optional guard against stale orders
//	orders:
//	  - buy: London
//
// The package knows nothing about any game. It turns the file into an
// [Envelope] whose Orders are [Item]s that remember their line and column, so
// that a game's checks can point at the exact place of a mistake. Every error
// it returns is an [*Error] (or a [List] of them) that names the line and the
// field, and is safe to show to the sender.
package orders
