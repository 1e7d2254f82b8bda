package adjudicator

import (
	"bytes"
	"encoding/json"
	"time"
)

// ReportSchema names the shape of a JSON report: the envelope is
// docs/schema/report.schema.json and the view of each game is
// docs/schema/GAME.view.schema.json. A change that removes or retypes a
// field takes a new name; adding a field keeps it.
const ReportSchema = "taipan-report/1"

// JSONReport is a report for client tools: what the text report says, as
// data, with the player's view as the engine gives it. Players build their
// own tools on it, as Eressea's and Atlantis's players do on computer
// reports; every report mail carries it and `taipan report --json` prints
// it. It holds exactly what the reader's text report holds, no more.
type JSONReport struct {
	// Schema is ReportSchema.
	Schema string `json:"schema"`
	// ViewSchema is the file of docs/schema that describes View.
	ViewSchema string `json:"view_schema"`
	Game       string `json:"game"`
	// Title is the game's engine name, e.g. "trader".
	Title string `json:"title"`
	// Step is the step reported; 0 is the set-up.
	Step int `json:"step"`
	// Reason says why the step closed, in words.
	Reason string `json:"reason"`
	// Player is the reader: a player's name, "" for the GM or Observer
	// ("observer") for the public.
	Player   string   `json:"player"`
	Observer bool     `json:"observer"`
	Players  []string `json:"players"`
	// Happenings are what happened in the step that the reader may see,
	// in order, as the text report words them.
	Happenings []string `json:"happenings"`
	// Press is the step's press the reader may see, one line each.
	Press []string `json:"press"`
	// Notes are the GM's notes of the step.
	Notes []string `json:"notes"`
	// Defaults, Overruled, Late and Disorder are the players who sent
	// nothing, whose orders were no longer legal, whose orders came in
	// the grace period, and who were put in civil disorder at this close.
	Defaults  []string `json:"defaults"`
	Overruled []string `json:"overruled"`
	Late      []string `json:"late"`
	Disorder  []string `json:"disorder"`
	// Bots are the players whose seat the game's bot played in the step
	// (left out when none).
	Bots []string `json:"bots,omitempty"`
	// Practice says what a practice game is: whose, forked from which
	// game and step (left out for every other game).
	Practice string `json:"practice,omitempty"`
	Paused   bool   `json:"paused"`
	Finished bool   `json:"finished"`
	// Result names the winners once the game is over.
	Result string `json:"result,omitempty"`
	// Next is the step now open, Phase what it decides, YourTurn whether
	// the reader owes orders for it and Waiting who does.
	Next     int        `json:"next"`
	Phase    string     `json:"phase"`
	YourTurn bool       `json:"your_turn"`
	Waiting  []string   `json:"waiting"`
	Deadline *time.Time `json:"deadline,omitempty"`
	// Choices are the reader's legal orders, when the report lists them.
	Choices []string `json:"choices,omitempty"`
	// Commitment is the game's seed commitment; Seed the seed, once the
	// game is over.
	Commitment    string `json:"commitment"`
	Seed          string `json:"seed,omitempty"`
	EngineVersion string `json:"engine_version"`
	LogFormat     int    `json:"log_format"`
	// Digest is the state's digest (the GM's reports, and every report
	// once the game is over); StateCommitment stands in for it while the
	// game runs (see Report.StateCommitment).
	Digest          string `json:"digest,omitempty"`
	StateCommitment string `json:"state_commitment,omitempty"`
	// Head is the log's chain head the report was made from, signed when
	// the host signs reports.
	Head JSONHead `json:"head"`
	// View is the engine's view for the reader (Engine.View), described
	// by ViewSchema.
	View json.RawMessage `json:"view"`
}

// JSONHead is a report's chain head: the event that closed the step.
type JSONHead struct {
	Seq       int64  `json:"seq"`
	Hash      string `json:"hash"`
	Signature string `json:"signature,omitempty"`
	Key       string `json:"key,omitempty"`
}

// ViewSchemaFile is the file of docs/schema describing the view of the
// named game.
func ViewSchemaFile(game string) string { return game + ".view.schema.json" }

// JSON builds the JSON report of g's last closed step for player: the
// same report Text renders, as data.
func (r *Renderer) JSON(g *Game, player string) (*JSONReport, error) {
	rep, err := r.Report(g, player)
	if err != nil {
		return nil, err
	}
	view, err := json.Marshal(g.Engine.View(g.State, player))
	if err != nil {
		return nil, err
	}
	out := &JSONReport{
		Schema: ReportSchema, ViewSchema: ViewSchemaFile(rep.Title),
		Game: rep.GameID, Title: rep.Title, Step: rep.Step, Reason: rep.Reason,
		Player: rep.Player, Observer: rep.Observer, Players: nonNil(g.Names()),
		Happenings: nonNil(rep.Happenings), Press: nonNil(rep.Press), Notes: nonNil(rep.Notes),
		Defaults: nonNil(rep.Defaults), Overruled: nonNil(rep.Overruled),
		Late: nonNil(rep.Late), Disorder: nonNil(rep.Disorder), Bots: rep.Bots, Practice: rep.Practice,
		Paused: rep.Paused, Finished: rep.Finished, Result: rep.Result,
		Next: rep.Next, Phase: rep.Phase, YourTurn: rep.YourTurn, Waiting: []string{},
		Choices: rep.Choices, Commitment: rep.Commitment, Seed: rep.Seed,
		EngineVersion: rep.EngineVersion, LogFormat: rep.LogFormat,
		Digest: rep.Digest, StateCommitment: rep.StateCommitment,
		Head: JSONHead{Seq: rep.HeadSeq, Hash: rep.HeadHash, Signature: rep.HeadSignature, Key: rep.HeadKey},
		View: view,
	}
	if !rep.Finished {
		out.Waiting = nonNil(g.Awaiting())
	}
	if !rep.Deadline.IsZero() {
		d := rep.Deadline.UTC()
		out.Deadline = &d
	}
	return out, nil
}

// Bytes is the report written out: indented by two spaces, without HTML
// escapes, with a final newline.
func (j *JSONReport) Bytes() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
