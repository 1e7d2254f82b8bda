package mail

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// IMAP takes order mail in from an IMAP mailbox: it logs in, makes the
// Processed and Rejected folders if they are missing, takes in every
// message of the mailbox in order, files each away, and then waits for new
// mail with IDLE (or polls, on a server without it). A dropped connection is
// redialled with backoff; mail that was taken in but not yet filed away is
// recognised by its Message-ID when it is seen again.
type IMAP struct {
	Server   *Server
	Ingester *Ingester
	Log      *log.Logger
	Batch    int           // messages fetched per round; default 100
	Backoff  time.Duration // first wait before redialling; default 1s, doubling to 1m
}

func (p *IMAP) logf(format string, args ...any) {
	if p.Log != nil {
		p.Log.Printf(format, args...)
	}
}

// Run serves the mailbox until ctx ends.
func (p *IMAP) Run(ctx context.Context) error {
	wait := p.Backoff
	if wait <= 0 {
		wait = time.Second
	}
	first := wait
	for {
		start := time.Now()
		err := p.session(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			wait = first
		}
		p.logf("imap %s: %v; reconnecting in %v", p.Server.Addr(), err, wait)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(wait*2, time.Minute)
	}
}

// Dial connects and logs in as configured. handler may be nil.
func (p *IMAP) Dial(handler *imapclient.UnilateralDataHandler) (*imapclient.Client, error) {
	return dialIMAP(p.Server, handler)
}

func dialIMAP(srv *Server, handler *imapclient.UnilateralDataHandler) (*imapclient.Client, error) {
	tlsCfg, err := srv.tlsConfig()
	if err != nil {
		return nil, err
	}
	opts := &imapclient.Options{TLSConfig: tlsCfg, UnilateralDataHandler: handler, Dialer: &net.Dialer{Timeout: 30 * time.Second}}
	var c *imapclient.Client
	switch srv.TLS {
	case "implicit":
		c, err = imapclient.DialTLS(srv.Addr(), opts)
	case "starttls":
		c, err = imapclient.DialStartTLS(srv.Addr(), opts)
	default:
		c, err = imapclient.DialInsecure(srv.Addr(), opts)
	}
	if err != nil {
		return nil, fmt.Errorf("dial: %w", err)
	}
	pw, err := srv.password()
	if err != nil {
		c.Close()
		return nil, err
	}
	if err := c.Login(srv.User, pw).Wait(); err != nil {
		c.Close()
		return nil, fmt.Errorf("login as %s refused: %v", srv.User, err)
	}
	return c, nil
}

// session is one connection's life.
func (p *IMAP) session(ctx context.Context) error {
	newMail := make(chan struct{}, 1)
	handler := &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				select {
				case newMail <- struct{}{}:
				default:
				}
			}
		},
	}
	c, err := p.Dial(handler)
	if err != nil {
		return err
	}
	defer c.Close()
	// Unblock a pending command when ctx ends.
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	if err := EnsureFolders(c, p.Server.Processed, p.Server.Rejected); err != nil {
		return err
	}
	if _, err := c.Select(p.Server.Mailbox, nil).Wait(); err != nil {
		return fmt.Errorf("select %s: %w", p.Server.Mailbox, err)
	}
	for {
		if _, err := p.Drain(ctx, c); err != nil {
			return err
		}
		if err := p.wait(ctx, c, newMail); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

// wait returns when new mail may have come: IDLE until the server says so,
// or the poll interval (also IDLE's restart interval) passes.
func (p *IMAP) wait(ctx context.Context, c *imapclient.Client, newMail chan struct{}) error {
	poll := time.Duration(p.Server.Poll)
	if poll <= 0 {
		poll = time.Minute
	}
	timer := time.NewTimer(poll)
	defer timer.Stop()
	if !c.Caps().Has(imap.CapIdle) && !c.Caps().Has(imap.CapIMAP4rev2) {
		select {
		case <-ctx.Done():
		case <-timer.C:
		case <-c.Closed():
			return errors.New("connection closed")
		}
		return c.Noop().Wait()
	}
	idle, err := c.Idle()
	if err != nil {
		return fmt.Errorf("idle: %w", err)
	}
	select {
	case <-ctx.Done():
	case <-timer.C:
	case <-newMail:
	case <-c.Closed():
	}
	if err := idle.Close(); err != nil {
		return fmt.Errorf("idle: %w", err)
	}
	return idle.Wait()
}

// EnsureFolders creates the folders that do not exist yet.
func EnsureFolders(c *imapclient.Client, names ...string) error {
	list, err := c.List("", "*", nil).Collect()
	if err != nil {
		return fmt.Errorf("list folders: %w", err)
	}
	have := map[string]bool{}
	for _, l := range list {
		have[l.Mailbox] = true
	}
	for _, n := range names {
		if have[n] {
			continue
		}
		if err := c.Create(n, nil).Wait(); err != nil {
			return fmt.Errorf("create folder %s: %w", n, err)
		}
		have[n] = true
	}
	return nil
}

// Drain takes in every message now in the selected mailbox, oldest first,
// and files each away. It returns how many it handled. Each batch is filed
// only after all of its messages have been taken in; a crash in between
// leaves them in the mailbox, to be recognised as seen and only filed.
func (p *IMAP) Drain(ctx context.Context, c *imapclient.Client) (int, error) {
	batch := p.Batch
	if batch <= 0 {
		batch = 100
	}
	total := 0
	for ctx.Err() == nil {
		data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
		if err != nil {
			return total, fmt.Errorf("search: %w", err)
		}
		uids := data.AllUIDs()
		if len(uids) == 0 {
			return total, nil
		}
		if len(uids) > batch {
			uids = uids[:batch]
		}
		n, err := p.batch(ctx, c, uids)
		total += n
		if err != nil {
			return total, err
		}
	}
	return total, nil
}

func (p *IMAP) batch(ctx context.Context, c *imapclient.Client, uids []imap.UID) (int, error) {
	limit := int64(p.Ingester.Limits.MaxMessageSize)
	if limit <= 0 {
		limit = DefaultMaxMessageSize
	}
	section := &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Offset: 0, Size: limit}}
	cmd := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{section}})
	folders := map[string][]imap.UID{}
	n := 0
	var ingestErr error
	for {
		msg := cmd.Next()
		if msg == nil {
			break
		}
		buf, err := msg.Collect()
		if err != nil {
			cmd.Close()
			return n, fmt.Errorf("fetch: %w", err)
		}
		if ingestErr != nil || buf.UID == 0 {
			continue // drain the command; the rest are taken next time
		}
		raw := buf.FindBodySection(section)
		var res *Result
		if buf.RFC822Size > limit {
			res, err = p.Ingester.IngestHeader(ctx, headerOf(raw), int(buf.RFC822Size))
		} else {
			res, err = p.Ingester.Ingest(ctx, raw)
		}
		if err != nil {
			ingestErr = err
			continue
		}
		n++
		f := p.Server.Processed
		if res.Outcome.Folder() == "Rejected" {
			f = p.Server.Rejected
		}
		folders[f] = append(folders[f], buf.UID)
	}
	if err := cmd.Close(); err != nil {
		return n, fmt.Errorf("fetch: %w", err)
	}
	for _, f := range []string{p.Server.Processed, p.Server.Rejected} {
		if len(folders[f]) == 0 {
			continue
		}
		if _, err := c.Move(imap.UIDSetNum(folders[f]...), f).Wait(); err != nil {
			return n, fmt.Errorf("move to %s: %w", f, err)
		}
	}
	if ingestErr != nil {
		return n, ingestErr
	}
	return n, nil
}

// headerOf is the header block of a raw message (all of it if it has no end).
func headerOf(raw []byte) []byte {
	for i := 0; i+3 < len(raw); i++ {
		if raw[i] == '\r' && raw[i+1] == '\n' && raw[i+2] == '\r' && raw[i+3] == '\n' {
			return raw[:i+4]
		}
		if raw[i] == '\n' && raw[i+1] == '\n' {
			return raw[:i+2]
		}
	}
	return raw
}
