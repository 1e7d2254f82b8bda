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
//     index, and renders each reader's report.
//
// The log holds inputs only (game created, orders, steps closed, GM
// actions); every outcome is recomputed by replaying it through the game's
// engine, a pure function of (state, orders, random stream). Replaying the
// same log with the same engine version gives the same states, digests and
// reports on every machine.
package adjudicator
