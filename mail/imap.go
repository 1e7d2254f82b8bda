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
		logf(p.Log, "imap %s: %v; reconnecting in %v", p.Server.Addr(), err, wait)
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
	srv := p.Server
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
		return nil, fmt.Errorf("%w as %s: %v", errLoginRefused, srv.User, err)
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
		_, skipped, err := p.drain(ctx, c)
		if err != nil {
			return err
		}
		if err := p.wait(ctx, c, newMail, skipped > 0); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
	}
}

// fileAfter is how long after another worker took a mail in that this
// one files it, should it still be in the mailbox: that worker was
// stopped before it could.
const fileAfter = 10 * time.Second

// skippedWait is how soon mail left to another worker is looked at again:
// that worker may have been stopped before it filed it.
const skippedWait = 250 * time.Millisecond

// wait returns when new mail may have come: IDLE until the server says so,
// or the poll interval (also IDLE's restart interval) passes; soon when
// mail was left to another worker (soon).
func (p *IMAP) wait(ctx context.Context, c *imapclient.Client, newMail chan struct{}, soon bool) error {
	poll := time.Duration(p.Server.Poll)
	if poll <= 0 {
		poll = time.Minute
	}
	if soon {
		poll = min(poll, skippedWait)
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
// Messages another worker is taking in are left in the mailbox.
func (p *IMAP) Drain(ctx context.Context, c *imapclient.Client) (int, error) {
	n, _, err := p.drain(ctx, c)
	return n, err
}

// drain is Drain, and also says how many messages it left to other
// workers. The mailbox's work and Taipan's overlap: the next batch is
// fetched while one is taken in, and a batch is moved to its folders while
// the next is taken in (the server runs the commands of a connection in
// order), so that a pass costs about the longer of the two, not their sum.
func (p *IMAP) drain(ctx context.Context, c *imapclient.Client) (handled, skipped int, err error) {
	batch := p.Batch
	if batch <= 0 {
		batch = 100
	}
	left := map[imap.UID]bool{}  // left to other workers in this pass
	blocked := map[string]bool{} // games whose mails wait behind one left
	for ctx.Err() == nil {
		data, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagDeleted}}, nil).Wait()
		if err != nil {
			return handled, len(left), fmt.Errorf("search: %w", err)
		}
		var uids []imap.UID
		for _, u := range data.AllUIDs() {
			if !left[u] {
				uids = append(uids, u)
			}
		}
		if len(uids) == 0 {
			return handled, len(left), nil
		}
		n, skip, err := p.pass(ctx, c, uids, batch, blocked)
		handled += n
		for _, u := range skip {
			left[u] = true
		}
		if err != nil {
			return handled, len(left), err
		}
	}
	return handled, len(left), nil
}

// fetched is a batch of messages read from the mailbox, by UID in the
// mailbox's order (those gone meanwhile left out).
type fetched struct {
	uids []imap.UID
	ms   []*Inbound
	err  error
}

// pass takes in the messages uids, batch by batch, each batch fetched
// while the one before is taken in, and files away those taken in; it
// returns how many it took in and those it left to other workers.
func (p *IMAP) pass(ctx context.Context, c *imapclient.Client, uids []imap.UID, batch int, blocked map[string]bool) (int, []imap.UID, error) {
	batches := make(chan fetched, 1) // one batch read ahead
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(batches)
		for len(uids) > 0 {
			n := min(batch, len(uids))
			f := p.fetch(c, uids[:n])
			uids = uids[n:]
			select {
			case batches <- f:
			case <-stop:
				return
			}
			if f.err != nil {
				return
			}
		}
	}()
	var moves []*imapclient.MoveCommand
	var skipped []imap.UID
	taken := 0
	settle := func() error {
		var first error
		for _, m := range moves {
			if _, err := m.Wait(); err != nil && !expunged(err) && first == nil {
				first = fmt.Errorf("move: %w", err)
			}
		}
		moves = nil
		return first
	}
	for f := range batches {
		if f.err != nil {
			return taken, skipped, errors.Join(f.err, settle())
		}
		// Each transaction's mails are moved as soon as it has committed,
		// so that other workers find them in the mailbox as briefly as
		// can be; the move runs while the next transaction is made.
		file := func(first int, results []*Result) error {
			folders := map[string][]imap.UID{}
			for i, res := range results {
				uid := f.uids[first+i]
				if res.Skipped || res.Duplicate && p.Ingester.now().Sub(res.Recorded) < fileAfter {
					// Another worker took it in a moment ago, and files it
					// now: two moves of one mail would leave two copies.
					skipped = append(skipped, uid)
					continue
				}
				taken++
				folder := p.Server.Processed
				if res.Outcome.Folder() == "Rejected" {
					folder = p.Server.Rejected
				}
				folders[folder] = append(folders[folder], uid)
			}
			for _, folder := range []string{p.Server.Processed, p.Server.Rejected} {
				if len(folders[folder]) > 0 {
					moves = append(moves, c.Move(imap.UIDSetNum(folders[folder]...), folder))
				}
			}
			return nil
		}
		if _, err := p.Ingester.ingestAll(ctx, f.ms, blocked, file); err != nil {
			return taken, skipped, errors.Join(err, settle())
		}
		if ctx.Err() != nil {
			break // stopping: what is left is the next look's
		}
	}
	return taken, skipped, settle()
}

// fetch reads the messages uids. The sizes come first, so that a mail over
// the size limit is fetched no further than its header.
func (p *IMAP) fetch(c *imapclient.Client, uids []imap.UID) fetched {
	sizes, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return fetched{err: fmt.Errorf("fetch sizes: %w", err)}
	}
	limit := p.Ingester.maxSize()
	var whole, header []imap.UID
	for _, m := range sizes {
		if m.UID == 0 {
			continue
		}
		if m.RFC822Size > limit {
			header = append(header, m.UID)
		} else {
			whole = append(whole, m.UID)
		}
	}
	read := map[imap.UID]*Inbound{}
	body := func(set []imap.UID, section *imap.FetchItemBodySection) error {
		if len(set) == 0 {
			return nil
		}
		bufs, err := c.Fetch(imap.UIDSetNum(set...), &imap.FetchOptions{UID: true, RFC822Size: true, BodySection: []*imap.FetchItemBodySection{section}}).Collect()
		if err != nil {
			return fmt.Errorf("fetch: %w", err)
		}
		for _, b := range bufs {
			if raw := b.FindBodySection(section); raw != nil {
				read[b.UID] = p.Ingester.Read(raw, int(b.RFC822Size))
			} // else gone meanwhile: filed by another worker
		}
		return nil
	}
	// Partial: never more than the limit, whatever the size said.
	if err := body(whole, &imap.FetchItemBodySection{Peek: true, Partial: &imap.SectionPartial{Size: limit}}); err != nil {
		return fetched{err: err}
	}
	if err := body(header, &imap.FetchItemBodySection{Peek: true, Specifier: imap.PartSpecifierHeader}); err != nil {
		return fetched{err: err}
	}
	var f fetched
	for _, uid := range uids {
		if m := read[uid]; m != nil {
			f.uids, f.ms = append(f.uids, uid), append(f.ms, m)
		}
	}
	return f
}

// expunged says whether a command failed only because some of its
// messages are gone: filed meanwhile by another worker (RFC 5530's
// EXPUNGEISSUED).
func expunged(err error) bool {
	var ie *imap.Error
	return errors.As(err, &ie) && ie.Code == "EXPUNGEISSUED"
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
