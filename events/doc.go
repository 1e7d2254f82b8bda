// Package events is Taipan's event log: the envelope of an event, its
// canonical JSON payload, the SHA-256 hash chain that links each game's
// events, and the SQLite store that appends and reads them.
//
// The log is append-only. The store never updates or deletes an event, and
// the schema's triggers refuse to let anyone else do so. Each game's events
// are numbered 1, 2, … without gaps, and each carries
//
//	hash = SHA-256(prev_hash ‖ "\n" ‖ game_id ‖ "\n" ‖ seq ‖ "\n" ‖ kind ‖ "\n" ‖ actor ‖ "\n" ‖ SHA-256(payload))
//
// in lower-case hex (both hashes), with seq in decimal and prev_hash the
// previous event's hash ("" for the first), so that any change to a stored
// event, or a gap, breaks the chain from that event on. The time an event
// was recorded is informative and outside the hash. Because the payload
// enters only through its own hash, an export may withhold a secret payload
// (Event.Redact) and keep its payload hash: the chain still verifies, and
// the payload revealed later can be checked against it.
//
// On PostgreSQL a worker's time goes to round trips, not to the statements
// themselves: a transaction's statements whose result nobody waits for (an
// append, a game's lock, a savepoint, an operational row) are run Later,
// sent in one pgx batch on the transaction's own connection before the
// next statement that is awaited, or with it when that is a ReadAll: the
// reads a transaction knows it will need, of many games at once (LockGames
// takes their locks, in one sorted statement, and reads their heads with
// them), go in the same round trip. SQLite, in the process, runs each at
// once.
package events
