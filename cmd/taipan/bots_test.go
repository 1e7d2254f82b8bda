package main_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"taipan/events/pgtest"
)

// arenaRow is a row as `taipan arena` prints it (adjudicator.ArenaRow).
var arenaRow = regexp.MustCompile(`^(\w+) games (\d+) wins ([0-9.]+) share ([0-9.]+)% mean-score (-?[0-9.]+)$`)

// `taipan arena` plays the games in memory and prints one row per seat
// kind, in the order the seats first name them; the wins add up to the
// games; the same seed prints the same rows. What it cannot play is
// refused in one line.
func TestArenaCommand(t *testing.T) {
	c := newCLI(t)
	args := []string{"arena", "trader", "--games", "8", "--seats", "bot,random,random", "--seed", "cli"}
	out := c.ok("", args...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("arena printed:\n%s", out)
	}
	wins, seats := 0.0, 0
	for i, l := range lines {
		m := arenaRow.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("row %q is not KIND games N wins W share S%% mean-score M", l)
		}
		if want := []string{"bot", "random"}[i]; m[1] != want {
			t.Errorf("row %d is %s, want %s", i+1, m[1], want)
		}
		w, _ := strconv.ParseFloat(m[3], 64)
		n, _ := strconv.Atoi(m[2])
		wins += w
		seats += n
	}
	if seats != 24 || math.Abs(wins-8) > 1e-9 {
		t.Errorf("%d seats and %v wins in 8 games of 3:\n%s", seats, wins, out)
	}
	if again := c.ok("", args...); again != out {
		t.Errorf("the same seed printed\n%s\nthen\n%s", out, again)
	}
	if out := c.ok("", "arena", "trader", "--games", "5", "--seats", "defaults,random", "--options", `{"sets": 1}`); !strings.HasPrefix(out, "defaults games 5 wins ") {
		t.Errorf("arena with options:\n%s", out)
	}
	c.fail(`seat kind "genius"`, "", "arena", "trader", "--games", "2", "--seats", "bot,genius")
	c.fail("unknown game", "", "arena", "chess", "--games", "2", "--seats", "bot,random")
	c.fail("--options: not valid JSON", "", "arena", "trader", "--games", "2", "--seats", "bot,random", "--options", "{sets")
	c.fail("--seats names a kind per seat", "", "arena", "trader", "--games", "2")
}

const disorderCampaign = `id: disorder-1
game: trader
players:
  - {name: alice, email: alice@example.test}
  - {name: bob, email: bob@example.test}
  - {name: carol, email: carol@example.test}
seed: "bot end to end"
civil_disorder: 1
civil_disorder_play: bot
`

// skeleton is the order file a player's report offers them (filled in
// from the legal choices), with their token.
func skeleton(t *testing.T, c *cli, game, player, token string) string {
	t.Helper()
	rep := c.ok("", "report", game, "--player", player)
	_, rest, ok := strings.Cut(rep, "Send an order file like:\n")
	if !ok {
		t.Fatalf("%s's report offers no order file:\n%s", player, rep)
	}
	var b strings.Builder
	for _, l := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(l, "    ") {
			break
		}
		b.WriteString(strings.TrimPrefix(l, "    ") + "\n")
	}
	return strings.Replace(b.String(), "YOUR-TOKEN", token, 1)
}

// waiting is whom `taipan status` says the game waits for, "" once it is
// over.
func waiting(t *testing.T, c *cli, game string) string {
	t.Helper()
	out := c.ok("", "status", game)
	if strings.Contains(out, "Finished after step") {
		return ""
	}
	for _, l := range strings.Split(out, "\n") {
		if w, ok := strings.CutPrefix(l, "Waiting for: "); ok {
			return w
		}
	}
	t.Fatalf("status says nothing of whom it waits for:\n%s", out)
	return ""
}

// A campaign where a seat falls into civil disorder and the bot plays it
// to the end, through the real binary, on both stores: alice and carol
// send the order files their reports offer; bob sends nothing, the GM
// closes his first turn, and from then on the bot plays every turn of his
// the moment it opens, logged as his orders marked as a bot's. The
// reports and status say so, the attendance counts it, and the audit
// passes and reproduces every bot move from the bot's stream, also from
// the export once the seed is revealed.
func TestCivilDisorderPlayedByTheBotToTheEnd(t *testing.T) {
	stores := map[string]func(t *testing.T) string{
		"sqlite":   func(t *testing.T) string { return filepath.Join(t.TempDir(), "taipan.db") },
		"postgres": func(t *testing.T) string { return pgtest.Get(t).NewDatabase(t) },
	}
	for _, name := range []string{"sqlite", "postgres"} {
		t.Run(name, func(t *testing.T) {
			c := &cli{t: t, db: stores[name](t)}
			toks := tokens(c.ok(disorderCampaign, "new", "-", "--no-mail"))
			const game = "disorder-1"
			fell := false
			for turn := 0; ; turn++ {
				if turn > 200 {
					t.Fatal("the game did not end")
				}
				who, _, _ := strings.Cut(waiting(t, c, game), ", ")
				switch who {
				case "":
				case "alice", "carol":
					c.ok(skeleton(t, c, game, who, toks[who]), "submit", game, "--player", who, "-")
					continue
				case "bob":
					if fell {
						t.Fatal("the game waits for bob in civil disorder")
					}
					c.ok("", "adjudicate", game)
					fell = true
					if st := c.ok("", "status", game); !strings.Contains(st, "bob is in civil disorder, played by the game's bot") {
						t.Errorf("status after bob's miss:\n%s", st)
					}
					continue
				default:
					t.Fatalf("waiting for %q", who)
				}
				break
			}
			if !fell {
				t.Fatal("bob never had a turn")
			}
			var evs []struct {
				Kind    string          `json:"kind"`
				Actor   string          `json:"actor"`
				Payload json.RawMessage `json:"payload"`
			}
			if err := json.Unmarshal([]byte(c.ok("", "log", game, "--json")), &evs); err != nil {
				t.Fatal(err)
			}
			bots := map[string]int{}
			for _, e := range evs {
				var p struct {
					Bot bool `json:"bot"`
				}
				if e.Kind == "orders" && json.Unmarshal(e.Payload, &p) == nil && p.Bot {
					bots[e.Actor]++
				}
			}
			if bots["bob"] == 0 || len(bots) != 1 {
				t.Fatalf("bot orders by seat: %v", bots)
			}
			audit := c.ok("", "audit", game)
			if logged := fmt.Sprintf("Bot moves: %d moves logged; --bots asks this build's bot again", bots["bob"]); !strings.Contains(audit, "Audit passed") || !strings.Contains(audit, logged) {
				t.Errorf("audit:\n%s\nwant %q", audit, logged)
			}
			want := fmt.Sprintf("Bot moves: %d moves logged, %d reproduced by this build's bot from the bot's stream.", bots["bob"], bots["bob"])
			if listed := c.ok("", "audit", game, "--bots"); !strings.Contains(listed, want) || strings.Count(listed, ", bob: ") != bots["bob"] || strings.Count(listed, " reproduced\n") != bots["bob"] {
				t.Errorf("audit --bots:\n%s\nwant %q and each move", listed, want)
			}
			export := filepath.Join(t.TempDir(), "game.jsonl")
			if err := os.WriteFile(export, []byte(c.ok("", "export", game, "--public")), 0o644); err != nil {
				t.Fatal(err)
			}
			if out := c.ok("", "audit", "--file", export, "--bots"); !strings.Contains(out, want) {
				t.Errorf("audit of the public export after the end:\n%s", out)
			}
			att := c.ok("", "attendance", game)
			if !strings.Contains(att, "the bot played the seat") {
				t.Errorf("attendance says nothing of the bot:\n%s", att)
			}
			found := false
			for step := 2; step < 200 && !found; step++ {
				out, _, code := c.run("", "report", game, "--step", strconv.Itoa(step))
				if code != 0 {
					break
				}
				found = strings.Contains(out, "bob's seat was played by the game's bot.")
			}
			if !found {
				t.Error("no GM report says the bot played bob's seat")
			}
		})
	}
}

// A practice fork from a running game at the command line: the player's
// private game from a closed step, the bot in the other seat; the
// original's export and audit are as they were, and it plays on. What
// cannot be forked is refused in one line.
func TestForkCommand(t *testing.T) {
	c := newCLI(t)
	toks := tokens(c.ok(campaign, "new", "-", "--no-mail"))
	for range 2 {
		who := waiting(t, c, "bourse-1")
		c.ok(skeleton(t, c, "bourse-1", who, toks[who]), "submit", "bourse-1", "--player", who, "-")
	}
	before := c.ok("", "export", "bourse-1")
	out := c.ok("", "fork", "bourse-1", "--as", "bob", "--step", "1")
	if !strings.Contains(out, "Created practice game bourse-1-practice-bob (trader)") || !strings.Contains(out, "The bot plays alice.") {
		t.Fatalf("fork:\n%s", out)
	}
	ftoks := tokens(out)
	if ftoks["bob"] == "" {
		t.Fatalf("no token for bob in:\n%s", out)
	}
	if after := c.ok("", "export", "bourse-1"); after != before {
		t.Error("the fork changed the original's log")
	}
	if out := c.ok("", "audit", "bourse-1"); !strings.Contains(out, "Audit passed") {
		t.Errorf("audit of the original: %s", out)
	}
	st := c.ok("", "status", "bourse-1-practice-bob")
	if !strings.Contains(strings.Join(strings.Fields(st), " "), "Practice game of bob, forked from game bourse-1 at step 1") || !strings.Contains(st, "alice is the bot's seat") {
		t.Errorf("the practice game's status:\n%s", st)
	}
	for turn := 0; waiting(t, c, "bourse-1-practice-bob") == "bob"; turn++ {
		if turn > 100 {
			t.Fatal("the practice game did not end")
		}
		c.ok(skeleton(t, c, "bourse-1-practice-bob", "bob", ftoks["bob"]), "submit", "bourse-1-practice-bob", "--player", "bob", "-")
	}
	if out := c.ok("", "audit", "bourse-1-practice-bob", "--bots"); !strings.Contains(out, "Audit passed") || !regexp.MustCompile(`Bot moves: (\d+) moves logged, (\d+) reproduced`).MatchString(out) {
		t.Errorf("audit of the practice game:\n%s", out)
	}
	c.fail(`no player "zed"`, "", "fork", "bourse-1", "--as", "zed")
	c.fail("has not closed yet", "", "fork", "bourse-1", "--as", "bob", "--step", "9")
	c.fail("not both", "", "fork", "bourse-1", "--as", "bob", "--step", "1", "--fresh")
	c.fail("--as names the player", "", "fork", "bourse-1")
}

// The README's Bots section is held to the binary: every command it
// quotes is one `taipan help` lists, with only the flags its usage there
// gives; the arena example, run as quoted, prints rows of the kinds the
// README shows, in its order and form; the campaign lines it quotes pass
// the campaign checker.
func TestReadmeBotsSectionQuotesTheCommands(t *testing.T) {
	c := newCLI(t)
	section := readme(t, "Bots")
	help := c.ok("", "help")
	usage := map[string]string{}
	for _, l := range strings.Split(help, "\n") {
		if f := strings.Fields(l); len(f) > 0 && strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
			usage[f[0]] += l
		}
	}
	quoted := regexp.MustCompile("taipan ([a-z]+)((?: [^`\n]*)?)").FindAllStringSubmatch(strings.ReplaceAll(section, "\n", " "), -1)
	if len(quoted) < 5 {
		t.Fatalf("read only %d commands from the README's Bots section", len(quoted))
	}
	for _, q := range quoted {
		u, ok := usage[q[1]]
		if !ok {
			t.Errorf("the README quotes `taipan %s`, which taipan help does not list", q[1])
			continue
		}
		for _, flag := range regexp.MustCompile(`--[a-z-]+`).FindAllString(q[2], -1) {
			if !strings.Contains(u, flag) {
				t.Errorf("the README quotes `taipan %s %s`, but taipan help gives %s no %s", q[1], q[2], q[1], flag)
			}
		}
	}
	example := regexp.MustCompile(`(?m)^    \$ taipan (arena .*)\n((?:    \w+ games .*\n)+)`).FindStringSubmatch(section)
	if example == nil {
		t.Fatal("the README's Bots section shows no arena run")
	}
	out := c.ok("", strings.Fields(example[1])...)
	var kinds, shown []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !arenaRow.MatchString(l) {
			t.Errorf("arena prints %q, not as the README says", l)
		}
		kinds = append(kinds, strings.Fields(l)[0])
	}
	for _, l := range strings.Split(strings.TrimSpace(example[2]), "\n") {
		l = strings.TrimSpace(l)
		if !arenaRow.MatchString(l) {
			t.Errorf("the README's arena row %q is not KIND games N wins W share S%% mean-score M", l)
		}
		shown = append(shown, strings.Fields(l)[0])
	}
	if strings.Join(kinds, ",") != strings.Join(shown, ",") {
		t.Errorf("`taipan %s` prints the kinds %v; the README shows %v", example[1], kinds, shown)
	}
	for _, quote := range []string{"civil_disorder_play: bot", "{name: dora, bot: true}"} {
		if !strings.Contains(section, quote) {
			t.Errorf("the README's Bots section no longer quotes %q, which the campaign below holds", quote)
		}
	}
	camp := "id: bots-1\ngame: trader\nplayers:\n  - alice\n  - {name: dora, bot: true}\ncivil_disorder: 1\ncivil_disorder_play: bot\n"
	if out := c.ok(camp, "new", "--check", "--no-mail", "-"); !strings.Contains(out, "Campaign bots-1 is good") {
		t.Errorf("the README's bot lines in a campaign: %s", out)
	}
}
