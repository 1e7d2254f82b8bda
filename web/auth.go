package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"time"

	"taipan/adjudicator"
	"taipan/events"
)

// Cookies and form fields.
const (
	sessionCookie = "taipan_session"
	csrfCookie    = "taipan_csrf"
	csrfField     = "csrf"
)

// session is a logged-in reader of one game: a player, or the GM
// (player "").
type session struct {
	game   string
	player string
	idHash string
}

// gm reports whether the session is the GM's.
func (s *session) gm() bool { return s != nil && s.player == "" }

// label names the session's reader for pages.
func (s *session) label() string {
	if s == nil {
		return ""
	}
	if s.gm() {
		return "the GM"
	}
	return s.player
}

// randomSecret returns 256 random bits, URL-safe.
func randomSecret() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported systems
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashSecret is what the database keeps of a cookie or a link's code.
func hashSecret(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// credential returns the hash of player's token in game as the database
// holds it now, or "" when the player has none (the host's credentials).
func credential(ctx context.Context, tx *events.Tx, game, player string) (string, error) {
	return adjudicator.CredentialTx(ctx, tx, game, player)
}

// sweep deletes the sessions and links past their time.
func sweep(ctx context.Context, tx *events.Tx, now time.Time) error {
	at := events.SortableTime(now)
	if _, err := tx.Exec(ctx, `DELETE FROM web_sessions WHERE expires_at < ?`, at); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `DELETE FROM web_links WHERE expires_at < ?`, at)
	return err
}

// IssueLink records a one-time login link for player of game (player ""
// is the GM) and returns its URL, for the mail gateway to put in the
// report it sends the player: the first visit to it offers a button that
// logs the player in for SessionTTL; after that, or after LinkTTL, it
// works no more. It is bound to the player's token: a new token voids it.
// Call it inside the transaction that queues the mail, with that mail's
// time.
func IssueLink(ctx context.Context, tx *events.Tx, cfg Config, game, player string, now time.Time) (string, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return "", err
	}
	cred, err := credential(ctx, tx, game, player)
	if err != nil {
		return "", err
	}
	if cred == "" {
		who := player
		if who == "" {
			who = "the GM"
		}
		return "", adjudicator.Errorf(adjudicator.ENOTFOUND, "game %s has no token for %s: no link can be made", game, who)
	}
	if err := sweep(ctx, tx, now); err != nil {
		return "", err
	}
	code := randomSecret()
	_, err = tx.Exec(ctx, `INSERT INTO web_links (code_hash, game_id, player, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		hashSecret(code), game, player, cred, events.SortableTime(now), events.SortableTime(now.Add(time.Duration(cfg.LinkTTL))))
	if err != nil {
		return "", err
	}
	return cfg.BaseURL + "/games/" + game + "/login/" + code, nil
}

// IssueLink is the package's IssueLink with the server's configuration
// and clock.
func (s *Server) IssueLink(ctx context.Context, tx *events.Tx, game, player string) (string, error) {
	return IssueLink(ctx, tx, s.cfg, game, player, s.now())
}

// linkFor says whom a link's code logs in, without using it: "" and false
// when it is unknown, used, expired or void.
func (s *Server) linkFor(ctx context.Context, game, code string) (string, bool) {
	var player, expires, bound string
	var used sql.NullString
	err := s.host.Store.QueryRow(ctx,
		`SELECT player, expires_at, used_at, token_hash FROM web_links WHERE code_hash = ? AND game_id = ?`,
		hashSecret(code), game).Scan(&player, &expires, &used, &bound)
	if err != nil || used.Valid || expires < events.SortableTime(s.now()) || !s.stillBound(ctx, game, player, bound) {
		return "", false
	}
	return player, true
}

// useLink logs in with a link's code, once: it returns the new session's
// cookie value and the player, or an error to show. The link is claimed
// by one statement, which marks it used only if nobody has and it has not
// expired, so that of any number of posts of one link at once, on any
// store, exactly one finds it unused and logs in.
func (s *Server) useLink(ctx context.Context, game, code string) (string, string, error) {
	var cookie, player string
	err := s.host.Store.Update(ctx, func(tx *events.Tx) error {
		var cred string
		at := events.SortableTime(s.now())
		err := tx.QueryRow(ctx, `UPDATE web_links SET used_at = ?
			WHERE code_hash = ? AND game_id = ? AND used_at IS NULL AND expires_at >= ?
			RETURNING player, token_hash`, at, hashSecret(code), game, at).Scan(&player, &cred)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return errBadLink
		case err != nil:
			return err
		}
		if cur, err := credential(ctx, tx, game, player); err != nil {
			return err
		} else if cur != cred {
			// Made from a token replaced since: void (the claim is rolled
			// back with the rest, which changes nothing for a void link).
			return errBadLink
		}
		cookie, err = s.newSession(ctx, tx, game, player, cred)
		return err
	})
	return cookie, player, err
}

var errBadLink = adjudicator.Errorf(adjudicator.EUNAUTHORIZED, "this login link has been used already, has expired, or was replaced by a new token; log in with your token, or use the link of your next report")

var errBadToken = adjudicator.Errorf(adjudicator.EUNAUTHORIZED, "wrong player or token")

// login checks player's token (player "gm" is the GM) and returns a new
// session's cookie value and the player as the game names them.
func (s *Server) login(ctx context.Context, g *adjudicator.Game, player, token string) (string, string, error) {
	name := ""
	if !strings.EqualFold(strings.TrimSpace(player), adjudicator.ActorGM) {
		p := g.Player(strings.TrimSpace(player))
		if p == nil {
			for i := range g.Players {
				if strings.EqualFold(g.Players[i].Name, strings.TrimSpace(player)) {
					p = &g.Players[i]
				}
			}
		}
		if p == nil {
			return "", "", errBadToken
		}
		name = p.Name
	}
	var cookie string
	err := s.host.Store.Update(ctx, func(tx *events.Tx) error {
		ok, err := adjudicator.TokenMatches(ctx, tx, g.ID, name, token)
		if err != nil {
			return err
		}
		if !ok {
			return errBadToken
		}
		cred, err := credential(ctx, tx, g.ID, name)
		if err != nil {
			return err
		}
		cookie, err = s.newSession(ctx, tx, g.ID, name, cred)
		return err
	})
	return cookie, name, err
}

// newSession records a session and returns its cookie value.
func (s *Server) newSession(ctx context.Context, tx *events.Tx, game, player, cred string) (string, error) {
	now := s.now()
	if err := sweep(ctx, tx, now); err != nil {
		return "", err
	}
	v := randomSecret()
	_, err := tx.Exec(ctx, `INSERT INTO web_sessions (id_hash, game_id, player, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		hashSecret(v), game, player, cred, events.SortableTime(now), events.SortableTime(now.Add(time.Duration(s.cfg.SessionTTL))))
	return v, err
}

// session returns r's session for game, or nil: the cookie must name a
// session of this game that has not expired and whose player still holds
// the token it was made from.
func (s *Server) session(r *http.Request, game string) *session {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil
	}
	h := hashSecret(c.Value)
	var player, expires, bound string
	err = s.host.Store.QueryRow(r.Context(),
		`SELECT player, expires_at, token_hash FROM web_sessions WHERE id_hash = ? AND game_id = ?`, h, game).Scan(&player, &expires, &bound)
	if err != nil || expires < events.SortableTime(s.now()) || !s.stillBound(r.Context(), game, player, bound) {
		return nil
	}
	return &session{game: game, player: player, idHash: h}
}

// stillBound says whether player of game still holds the token whose hash
// a session or a link was made with.
func (s *Server) stillBound(ctx context.Context, game, player, bound string) bool {
	cred, err := s.host.Credential(ctx, game, player)
	return err == nil && cred != "" && cred == bound
}

// logout ends r's session for game.
func (s *Server) logout(r *http.Request, sess *session) error {
	return s.host.Store.Update(r.Context(), func(tx *events.Tx) error {
		_, err := tx.Exec(r.Context(), `DELETE FROM web_sessions WHERE id_hash = ?`, sess.idHash)
		return err
	})
}

// secureCookies reports whether cookies must be marked Secure.
func (s *Server) secureCookies(r *http.Request) bool { return r.TLS != nil || s.cfg.secure() }

// setSession sets the session cookie of game; an empty value ends it.
func (s *Server) setSession(w http.ResponseWriter, r *http.Request, game, value string) {
	c := &http.Cookie{Name: sessionCookie, Value: value, Path: "/games/" + game, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: s.secureCookies(r), MaxAge: int(time.Duration(s.cfg.SessionTTL) / time.Second)}
	if value == "" {
		c.MaxAge = -1
	}
	http.SetCookie(w, c)
}

// csrfToken returns the CSRF token forms of r's page carry, setting its
// cookie when r has none: a form is taken only with the token its
// browser holds in the cookie (double submit), which another site can
// neither read nor set.
func (s *Server) csrfToken(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(csrfCookie); err == nil && len(c.Value) >= 32 {
		return c.Value
	}
	v := randomSecret()
	http.SetCookie(w, &http.Cookie{Name: csrfCookie, Value: v, Path: "/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: s.secureCookies(r)})
	// Later code of this request reads it as if the browser had sent it.
	r.AddCookie(&http.Cookie{Name: csrfCookie, Value: v})
	return v
}

// csrfOK reports whether a form's token matches its cookie.
func csrfOK(r *http.Request) bool {
	c, err := r.Cookie(csrfCookie)
	if err != nil || len(c.Value) < 32 {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(c.Value), []byte(r.PostFormValue(csrfField))) == 1
}
