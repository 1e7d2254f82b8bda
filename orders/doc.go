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
//
// # How values are read
//
// One reading for every game, so that what a game checks is exactly what
// the event log stores and a replay reads back ([Parse] normalises every
// value of the orders to it).
//
// A value is read as it is written. Quoted values and block scalars (| or >)
// are text. An unquoted value is
//
//   - a number when it is plain decimal digits, with an optional minus
//     sign: 0, 120, -5;
//   - true or false (in any of YAML's spellings true, True, TRUE, …) as a
//     yes/no value;
//   - nothing when it is empty, ~ or null;
//   - text in every other case, exactly as written: yes, no, on, off,
//     2024-01-01 and 8-0 are words.
//
// An unquoted value that some YAML reader would take for a number in another
// way is refused with its line and field, because the player and the
// machine could read it differently: a leading zero (0100, octal 64 in
// YAML 1.1), 0x1F, 0o17, 0b101, 1e3, 1_000, +5, 1.5, .5, 1:30 (sexagesimal
// in YAML 1.1), .inf and .nan. Mapping keys follow the same reading and are
// stored as text (8: is the key "8"); a key may not be empty, given twice,
// or a list or mapping. Anchors (&a), aliases (*a), merge keys (<<:) and
// explicit tags (!!str) are refused: write the value out in full, and quote
// it to make it text.
//
// # The log's orders
//
// The event log holds each order file as canonical JSON, which replay
// reads back without the YAML parser: [ParseLoggedPayload] into the same
// nodes the YAML parser made of it, and [ParseLoggedPayloadText] leaving
// each value as its JSON text ([Item].Logged) for a game that reads that
// text itself (engine.TextReader), since building the nodes was most of
// reading a game's history. [Item]'s methods read either form.
package orders
