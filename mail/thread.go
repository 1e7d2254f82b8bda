package mail

import (
	"fmt"
	"regexp"
	"strings"
)

// Threads. A mail client groups mail by References and In-Reply-To, or by
// subject (less any "Re:"). Taipan keeps two kinds of thread:
//
//   - an answer (acknowledgement, refusal, command reply) continues the
//     thread of the mail it answers: "Re: " and that mail's subject, and
//     In-Reply-To/References to it;
//   - everything a recipient gets about a game without asking (its
//     reports, reminders, deadline notices, token) threads under the
//     game's set-up report to that recipient: the set-up report's subject
//     is the game's thread subject, every later report has "Re: " and
//     the same subject, and all of them refer to the set-up report's
//     Message-ID, which is stable (see threadRoot), so a client keeps one
//     thread per game even when the set-up report was never sent.

// replyPrefix matches the reply and forward markers clients put before a
// subject, in several languages.
var replyPrefix = regexp.MustCompile(`(?i)^\s*((re|aw|sv|vs|antw|r|fw|fwd|wg)(\[\d+\])?\s*:\s*)+`)

// replySubject is the subject of an answer to a mail with subject: "Re: "
// and the subject, or summary when the mail had none.
func replySubject(subject, summary string) string {
	s := strings.TrimSpace(subject)
	if strings.IndexByte(s, ':') >= 0 {
		s = strings.TrimSpace(replyPrefix.ReplaceAllString(s, ""))
	}
	if s == "" {
		s = summary
	}
	return "Re: " + s
}

// threadSubject is the subject of the mail a recipient gets about game:
// label names the recipient's view (" (GM)", " (public)", or "").
func threadSubject(game, label string) string {
	return fmt.Sprintf("[%s] game reports%s", game, label)
}

// threadRoot is the Message-ID of game's set-up report to the recipient
// key ("player:NAME", "observer:ADDR" or "gm"), under which every later
// mail of the game to that recipient threads.
func threadRoot(domain, game, key string) string {
	return newID(domain, KindReport, game, "0", key)
}

// playerKey is the recipient key of a player's mail.
func playerKey(name string) string { return "player:" + name }
