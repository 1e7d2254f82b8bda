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

	// FlushEvery is how often the outbox is looked at; default 250ms.
	FlushEvery time.Duration
}

// NewService wires a service from its configuration. It brings the outbox
// table up to date but starts nothing.
func NewService(cfg *Config, host *adjudicator.Host, r *adjudicator.Renderer, logger *log.Logger) (*Service, error) {
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	s := &Service{Config: cfg, Host: host, Log: logger}
	s.Outbox = &Outbox{DB: host.Store.DB(), From: cfg.Address, FromName: cfg.Name, Retry: cfg.Retry, Now: host.Now}
	s.Dispatcher = &Dispatcher{Host: host, Renderer: r, Outbox: s.Outbox, Domain: domainOf(cfg.Address), Reminder: time.Duration(cfg.Reminder)}
	s.Ingester = &Ingester{Host: host, Renderer: r, Outbox: s.Outbox, Dispatcher: s.Dispatcher, Address: cfg.Address, Limits: cfg.Limits, Log: logger}
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
		s.Listener = &Listener{Addr: cfg.Embedded.Listen, Address: cfg.Address, Ingester: s.Ingester, Maildir: md, Log: logger}
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
			c.Embedded.Listen, c.Address, filepath.Join(s.Listener.Maildir.Root, "taipan")))
	}
	if c.SMTP != nil {
		out = append(out, fmt.Sprintf("Outbound: SMTP %s (tls %s) as %s", c.SMTP.Addr(), c.SMTP.TLS, c.SMTP.User))
	} else {
		out = append(out, fmt.Sprintf("Outbound: delivered to the local Maildir %s (one folder per recipient)", s.Maildir.Root))
	}
	return out
}

// Run serves until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if s.Listener != nil {
		if _, err := s.Listener.Start(); err != nil {
			return fmt.Errorf("listen on %s: %w", s.Config.Embedded.Listen, err)
		}
		defer s.Listener.Close()
	}
	if c, ok := s.Sender.(io.Closer); ok {
		defer c.Close()
	}
	var wg sync.WaitGroup
	if s.IMAP != nil {
		wg.Add(1)
		go func() { defer wg.Done(); s.IMAP.Run(ctx) }()
	}
	wg.Add(2)
	go func() { defer wg.Done(); s.clock(ctx) }()
	go func() { defer wg.Done(); s.flushLoop(ctx) }()
	<-ctx.Done()
	wg.Wait()
	return nil
}

// clock closes steps past their deadline and queues what is owed.
func (s *Service) clock(ctx context.Context) {
	tick := time.Duration(s.Config.Tick)
	for {
		if _, err := s.Host.Tick(ctx); err != nil && ctx.Err() == nil {
			s.Log.Printf("deadlines: %v", err)
		}
		if err := s.Dispatcher.Run(ctx); err != nil && ctx.Err() == nil {
			s.Log.Printf("reports: %v", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(tick):
		}
	}
}

func (s *Service) flushLoop(ctx context.Context) {
	every := s.FlushEvery
	if every <= 0 {
		every = 250 * time.Millisecond
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
		}
	}
}
