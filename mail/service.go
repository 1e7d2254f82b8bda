package mail

import (
	"context"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"sync"
	"time"

	"taipan/adjudicator"
)

// Service is `taipan serve`: inbound mail (IMAP, or the embedded SMTP
// listener), the outbox loop (SMTP, or the local Maildir), and the clock
// that closes steps at their deadlines and queues reports and reminders.
type Service struct {
	Config     *Config
	Host       *adjudicator.Host
	Ingester   *Ingester
	Outbox     *Outbox
	Dispatcher *Dispatcher
	Sender     Sender
	IMAP       *IMAP     // nil in the embedded mode
	Listener   *Listener // nil with IMAP
	Maildir    *Maildir  // the Sender in the embedded mode, else nil
	Log        *log.Logger

	// FlushEvery is how often the outbox is looked at; default 250ms, or
	// 5s on PostgreSQL, where a new row wakes the loop at once (Wakes).
	FlushEvery time.Duration
	// DrainFor is how long a stopping service goes on sending what is
	// queued, once it takes no more mail in; default 10s.
	DrainFor time.Duration
}

// NewService wires a service from its configuration. It brings the outbox
// table up to date but starts nothing.
func NewService(cfg *Config, host *adjudicator.Host, r *adjudicator.Renderer, logger *log.Logger) (*Service, error) {
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	s := &Service{Config: cfg, Host: host, Log: logger}
	s.Outbox = &Outbox{Store: host.Store, From: cfg.Address, FromName: cfg.Name, Retry: cfg.Retry, Now: host.Now, Log: logger, Holder: NewHolder()}
	s.Dispatcher = &Dispatcher{Host: host, Renderer: r, Outbox: s.Outbox, Domain: domainOf(cfg.Address), Reminder: time.Duration(cfg.Reminder)}
	s.Ingester = &Ingester{Host: host, Renderer: r, Outbox: s.Outbox, Dispatcher: s.Dispatcher, Address: cfg.Address, Limits: cfg.Limits, Auth: cfg.Authentication, Log: logger}
	if cfg.SMTP != nil {
		s.Sender = &SMTP{Server: cfg.SMTP}
	} else {
		root, err := filepath.Abs(cfg.Embedded.Maildir)
		if err != nil {
			return nil, err
		}
		s.Maildir = &Maildir{Root: root}
		s.Sender = s.Maildir
	}
	if cfg.IMAP != nil {
		s.IMAP = &IMAP{Server: cfg.IMAP, Ingester: s.Ingester, Log: logger}
	} else {
		md := s.Maildir
		if md == nil {
			root, err := filepath.Abs(cfg.Embedded.Maildir)
			if err != nil {
				return nil, err
			}
			md = &Maildir{Root: root}
		}
		s.Listener = &Listener{Addr: cfg.Embedded.Listen, Address: cfg.Address, Ingester: s.Ingester, Maildir: md, Log: logger,
			Sessions: cfg.Embedded.Sessions, SessionsPerAddress: cfg.Embedded.SessionsPerAddress, Idle: time.Duration(cfg.Embedded.Idle)}
	}
	return s, nil
}

// Describe says, in lines for the operator, how the service is set up. It
// never includes a password.
func (s *Service) Describe() []string {
	c := s.Config
	var out []string
	out = append(out, fmt.Sprintf("Games' address: %s", c.Address))
	if c.IMAP != nil {
		out = append(out, fmt.Sprintf("Inbound: IMAP %s (tls %s) as %s, mailbox %s; filed in %s and %s",
			c.IMAP.Addr(), c.IMAP.TLS, c.IMAP.User, c.IMAP.Mailbox, c.IMAP.Processed, c.IMAP.Rejected))
	} else {
		out = append(out, fmt.Sprintf("Inbound: the embedded SMTP listener on %s (mail for %s only); received mail is filed in %s",
			s.Listener.Bound(), c.Address, filepath.Join(s.Listener.Maildir.Root, "taipan")))
	}
	if c.SMTP != nil {
		out = append(out, fmt.Sprintf("Outbound: SMTP %s (tls %s) as %s", c.SMTP.Addr(), c.SMTP.TLS, c.SMTP.User))
	} else {
		out = append(out, fmt.Sprintf("Outbound: delivered to the local Maildir %s (one folder per recipient)", s.Maildir.Root))
	}
	return out
}

// Listen starts the embedded listener (with IMAP there is none), so that
// the service is reachable, and Describe names the port it took, before
// Run. A listener that cannot start is an error naming its address; the
// service has then touched nothing, and its queue waits for the next
// start. Run listens itself if Listen was not called.
func (s *Service) Listen() error {
	if s.Listener == nil {
		return nil
	}
	if _, err := s.Listener.Start(); err != nil {
		return fmt.Errorf("listen on %s: %w", s.Config.Embedded.Listen, err)
	}
	return nil
}

// Run serves until ctx ends, and then drains: it takes no more mail in,
// lets the mail being received be taken in and answered, settles the mail
// being sent, sends what is queued for up to DrainFor, and lets go of the
// outbox rows it claimed.
func (s *Service) Run(ctx context.Context) error {
	if err := s.Listen(); err != nil {
		return err
	}
	s.start(ctx)
	loops, cancel := context.WithCancel(ctx)
	defer cancel()
	// Say that the database is being served (see Running) until the
	// service has stopped.
	defer s.announce(loops)()
	wakes := Listen(loops, s.Host.Store, s.Log)
	var wg sync.WaitGroup
	if s.IMAP != nil {
		wg.Add(1)
		go func() { defer wg.Done(); s.IMAP.Run(loops) }()
	}
	wg.Add(2)
	go func() { defer wg.Done(); s.clock(loops, wakes) }()
	go func() { defer wg.Done(); s.flushLoop(loops, wakes) }()
	<-ctx.Done()
	s.drain(&wg)
	return nil
}

// start cleans up after a process that was killed: files it left half
// written in the Maildirs' tmp/ folders, and the outbox rows it claimed.
func (s *Service) start(ctx context.Context) {
	for _, md := range s.maildirs() {
		if n, err := md.CleanTmp(); err != nil {
			s.Log.Printf("maildir %s: clean tmp/: %v", md.Root, err)
		} else if n > 0 {
			s.Log.Printf("maildir %s: removed %d files a stopped process left in tmp/", md.Root, n)
		}
	}
	if n, err := s.Outbox.ReleaseOrphans(ctx); err != nil {
		s.Log.Printf("outbox: %v", err)
	} else if n > 0 {
		s.Log.Printf("outbox: took back %d mails claimed by a process that stopped", n)
	}
}

// maildirs are the Maildirs the service writes to.
func (s *Service) maildirs() []*Maildir {
	var out []*Maildir
	if s.Maildir != nil {
		out = append(out, s.Maildir)
	}
	if s.Listener != nil && s.Listener.Maildir != nil && s.Listener.Maildir != s.Maildir {
		out = append(out, s.Listener.Maildir)
	}
	return out
}

// drain is Run's end, once ctx has ended and the loops stop.
func (s *Service) drain(loops *sync.WaitGroup) {
	d := s.DrainFor
	if d <= 0 {
		d = 10 * time.Second
	}
	if s.Listener != nil {
		// Sessions left idle by their clients are not waited for long.
		lctx, cancel := context.WithTimeout(context.Background(), d/2)
		if err := s.Listener.Shutdown(lctx); err != nil {
			s.Log.Printf("smtp listener: closed connections still open: %v", err)
		}
		cancel()
	}
	loops.Wait()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	n, err := s.Outbox.Flush(ctx, s.Sender)
	if err != nil && ctx.Err() == nil {
		s.Log.Printf("outbox: %v", err)
	}
	if c, ok := s.Sender.(io.Closer); ok {
		c.Close()
	}
	if err := s.Outbox.ReleaseAll(); err != nil {
		s.Log.Printf("outbox: %v", err)
	}
	left, _ := s.Outbox.Pending(context.Background())
	s.Log.Printf("stopped: %d mails sent while stopping, %d left queued for the next start", n, left)
}

// housekeeping is how often the clock prunes and takes back the outbox
// rows of stopped processes.
const housekeeping = time.Minute

// wakeGap is how long the clock waits after a wake before it looks, so
// that the changes of a busy moment are looked at together.
const wakeGap = 100 * time.Millisecond

// clock closes steps past their deadline, queues what is owed (reports,
// reminders, notices, digests) and keeps the mail tables tidy. A wake
// (another process changed a game) has it look for the reports and
// notices owed at once, without waiting for the tick; so does a change
// this process took in (Dispatcher.Owed), whose reports are rendered
// after its commit.
func (s *Service) clock(ctx context.Context, wakes *Wakes) {
	tick := time.Duration(s.Config.Tick)
	var lastHousekeeping time.Time
	next := time.Now()
	for {
		if !time.Now().Before(next) {
			s.tick(ctx, &lastHousekeeping)
			next = time.Now().Add(tick)
		} else if err := s.Dispatcher.Run(ctx); err != nil && ctx.Err() == nil {
			s.Log.Printf("reports: %v", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(next)):
		case <-wakes.events():
			select {
			case <-ctx.Done():
				return
			case <-time.After(wakeGap):
			}
		case <-s.Dispatcher.Owed():
			// A change this process made owes its reports: render them now.
		}
	}
}

// tick is one full look of the clock.
func (s *Service) tick(ctx context.Context, lastHousekeeping *time.Time) {
	if _, err := s.Host.Tick(ctx); err != nil && ctx.Err() == nil {
		s.Log.Printf("deadlines: %v", err)
	}
	if err := s.Dispatcher.Run(ctx); err != nil && ctx.Err() == nil {
		s.Log.Printf("reports: %v", err)
	}
	if _, err := s.Ingester.SendDigests(ctx); err != nil && ctx.Err() == nil {
		s.Log.Printf("digests: %v", err)
	}
	if _, err := s.Ingester.GMDigests(ctx); err != nil && ctx.Err() == nil {
		s.Log.Printf("GM digests: %v", err)
	}
	if time.Since(*lastHousekeeping) >= housekeeping {
		*lastHousekeeping = time.Now()
		if n, err := Prune(ctx, s.Host.Store, s.Config.Retention, now(s.Host.Now)); err != nil && ctx.Err() == nil {
			s.Log.Printf("retention: %v", err)
		} else if n > 0 {
			s.Log.Printf("retention: pruned %d mail rows", n)
		}
		if n, err := s.Outbox.ReleaseOrphans(ctx); err != nil && ctx.Err() == nil {
			s.Log.Printf("outbox: %v", err)
		} else if n > 0 {
			s.Log.Printf("outbox: took back %d mails claimed by a process that stopped", n)
		}
	}
}

func (s *Service) flushLoop(ctx context.Context, wakes *Wakes) {
	every := s.FlushEvery
	if every <= 0 {
		every = 250 * time.Millisecond
		if wakes != nil {
			every = 5 * time.Second
		}
	}
	for {
		n, err := s.Outbox.Flush(ctx, s.Sender)
		if n > 0 {
			s.Log.Printf("outbox: %d sent", n)
		}
		if err != nil && ctx.Err() == nil {
			s.Log.Printf("outbox: %v (will retry)", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		case <-wakes.outbox():
		}
	}
}
