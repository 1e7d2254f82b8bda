#!/usr/bin/env bash
# Made the format-1 fixtures in this folder, once, with the build of commit
# 9a89db1 (the last build before log formats were versioned). Kept to say how
# they were made; never run again: the fixtures must stay what that build
# wrote. Usage: make-format1.sh TAIPAN-BINARY OUT-DIR
set -euo pipefail
T=$1; OUT=$2
mkdir -p "$OUT"; cd "$OUT"
DB=format1.db
rm -f $DB $DB-wal $DB-shm
t() { "$T" --db $DB "$@"; }
tok() { grep -E "^  $1 " new-$2.txt | awk '{print $2}'; }

new() { # new ID GAME PLAYERS OPTIONS EXTRA
    cat > c-$1.yaml <<YAML
id: $1
game: $2
options: $4
players: [$3]
deadline: 72h
$5
YAML
    t new c-$1.yaml > new-$1.txt
}
P2='{name: alice, email: alice@example.test}, {name: bob, email: bob@example.test}'
P3="$P2, {name: carol, email: carol@example.test}"
P4="$P3, {name: dave, email: dave@example.test}"

new fx-trader-2p trader "$P2" '{sets: 2}' 'reminder: 12h'
new fx-trader-3p trader "$P3" '{}' 'seed: "fixture three"'
new fx-trader-4p trader "$P4" '{}' ''
new fx-shanghai shanghai "$P4" '{}' ''
new fx-singapore singapore-1889 "$P4" '{ordinance: true, influential-figures: true}' ''
new fx-old-shanghai old-shanghai "$P3" '{}' ''
new fx-finished trader "$P2" '{}' 'seed: "fixture finished"'

sub() { # sub GAME PLAYER ORDERS...
    local g=$1 p=$2; shift 2
    { echo "game: $g"; echo "player: $p"; echo "token: $(tok $p $g)"; echo "orders:"; for o in "$@"; do echo "  - $o"; done; } | t submit $g --player $p -
}

# Trader, 2 players: an order, a standing plan, GM actions, closes.
sub fx-trader-2p alice "buy: London"
sub fx-trader-2p alice "plan: [sell: best, buy: cheapest]"
t gm fx-trader-2p extend 24h --reason "holiday"
t gm fx-trader-2p money bob +3 --reason "a miscounted sale"
t adjudicate fx-trader-2p
sub fx-trader-2p bob "buy: Paris"
for i in 1 2 3; do t adjudicate fx-trader-2p; done
t gm fx-trader-2p token alice --reason "lost it" > /dev/null
# Trader, 3 and 4 players: defaults.
for i in 1 2 3 4; do t adjudicate fx-trader-3p; t adjudicate fx-trader-4p; done
t gm fx-trader-4p resign dave --reason "left"
t adjudicate fx-trader-4p
# Shanghai: bids and defaults.
sub fx-shanghai alice "bid: 20" "play: best" "buy: yes"
sub fx-shanghai bob "bid: 10"
for i in 1 2 3; do t adjudicate fx-shanghai; done
# Singapore: defaults, a removal.
for i in 1 2 3 4 5; do t adjudicate fx-singapore; done
t gm fx-singapore remove dave --reason "left the game"
t adjudicate fx-singapore
# Old Shanghai: standing orders, then rounds.
sub fx-old-shanghai alice "heart: always" "police: always" "finish: all"
sub fx-old-shanghai bob "heart: never" "skip: [draw]"
for i in 1 2 3 4 5 6; do t adjudicate fx-old-shanghai; done
t gm fx-old-shanghai void carol --reason "garbled" || true
t gm fx-old-shanghai replace carol claire claire@example.test --reason "new player" > /dev/null
# A finished game.
for i in $(seq 1 200); do t adjudicate fx-finished >/dev/null 2>&1 || break; done

# By mail through the embedded listener: an order, a refusal, a command, and
# a reminder, so that the operational tables hold rows too.
t gm fx-trader-3p deadline "$(date -u -d '+2 hours' +%Y-%m-%dT%H:%M:%SZ)" --reason "speed up"
cat > serve.yaml <<YAML
address: taipan@fixture.test
embedded: {listen: 127.0.0.1:2597, maildir: maildir}
tick: 1s
YAML
"$T" --db $DB serve --config serve.yaml > serve.log 2>&1 &
SERVE=$!
sleep 3
python3 - "$(tok bob fx-trader-2p)" "$(tok alice fx-shanghai)" <<'PY'
import smtplib, sys
from email.message import EmailMessage
def send(frm, body, mid):
    m = EmailMessage(); m["From"] = frm; m["To"] = "taipan@fixture.test"
    m["Subject"] = "orders"; m["Message-ID"] = mid; m.set_content(body)
    with smtplib.SMTP("127.0.0.1", 2597) as s: s.send_message(m)
send("bob@example.test", "game: fx-trader-2p\nplayer: bob\ntoken: %s\norders:\n  - buy: Rome\n" % sys.argv[1], "<fx-1@example.test>")
send("mallory@example.test", "game: fx-trader-2p\nplayer: bob\ntoken: nope\norders:\n  - pass\n", "<fx-2@example.test>")
send("alice@example.test", "game: fx-shanghai\nplayer: alice\ntoken: %s\ncommand: status\n" % sys.argv[2], "<fx-3@example.test>")
PY
sleep 5
kill -INT $SERVE; wait $SERVE || true
rm -rf maildir serve.yaml

for g in fx-trader-2p fx-trader-3p fx-trader-4p fx-shanghai fx-singapore fx-old-shanghai fx-finished; do
    t export $g > $g.jsonl
    t export $g --public > $g.public.jsonl
done
t games > games.txt
rm -f c-*.yaml new-*.txt
sqlite3 $DB 'SELECT outcome, count(*) FROM inbox GROUP BY outcome; SELECT kind, count(*), count(sent_at) FROM outbox GROUP BY kind; SELECT count(*) FROM reminders' > tables.txt 2>/dev/null || true
