// Package adjudicator is Taipan's core, above the engine contract
// (adjudicator/engine) and the games (adjudicator/<game>) and below the
// adapters (mail, web, cmd/taipan):
//
//   - the replay: the registry of games and their engine versions, the
//     fold of a game's event log into its state (Game, Replay), the step
//     digests, the audit and the signed chain heads;
//   - the host: the application service on an event store (Host) that
//     creates games from campaign files, checks and logs orders, closes
//     steps, applies the GM's actions, keeps the credentials and the games
//     index, and renders each reader's report;
//   - the bots (bots.go): the seats the game's bot plays (a bot's seat, a
//     seat in civil disorder with civil_disorder_play: bot), whose orders
//     the host asks of the engine from the bot's own stream, checks and
//     logs as the seat's, marked as a bot's, so that no replay runs a bot;
//     practice forks (fork.go), a player's private game from a step of
//     theirs redealt for what they could see; and the arena (arena.go),
//     which plays bots against other kinds of seats in memory.
//
// The log holds inputs only (game created, orders, steps closed, GM
// actions); every outcome is recomputed by replaying it through the game's
// engine, a pure function of (state, orders, random stream). Replaying the
// same log with the same engine version gives the same states, digests and
// reports on every machine.
package adjudicator
