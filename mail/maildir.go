package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Maildir delivers mail into Maildir folders under Root, one per recipient
// (Root/alice@example.test/{tmp,new,cur}), so that any mail client can read
// what Taipan sends without a mail server. It is the Sender of the embedded
// mode, and Store files received mail under Root/taipan/.Processed and
// .Rejected.
type Maildir struct {
	Root string
}

// Send writes msg into each recipient's Maildir: into tmp, then renamed into
// new, as the Maildir convention requires.
func (m *Maildir) Send(_ context.Context, _ string, to []string, msg []byte) error {
	for _, rcpt := range to {
		if err := m.deliver(m.folder(rcpt, ""), msg); err != nil {
			return err
		}
	}
	return nil
}

// Store files a received message in Taipan's own Maildir, in the folder
// (Processed or Rejected) its outcome calls for.
func (m *Maildir) Store(folder string, msg []byte) error {
	return m.deliver(filepath.Join(m.Root, "taipan", "."+folder), msg)
}

// Dir is the Maildir of a recipient.
func (m *Maildir) Dir(rcpt string) string { return m.folder(rcpt, "") }

func (m *Maildir) folder(rcpt, sub string) string {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 || r < ' ' {
			return '_'
		}
		return r
	}, strings.ToLower(rcpt))
	if name == "" || name == "." || name == ".." {
		name = "_"
	}
	return filepath.Join(m.Root, name, sub)
}

func (m *Maildir) deliver(dir string, msg []byte) error {
	for _, sub := range []string{"tmp", "new", "cur"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return fmt.Errorf("maildir: %w", err)
		}
	}
	var rnd [8]byte
	rand.Read(rnd[:])
	host, _ := os.Hostname()
	host = strings.NewReplacer("/", "_", ":", "_").Replace(host)
	name := fmt.Sprintf("%d.%s.%s", time.Now().UnixNano(), hex.EncodeToString(rnd[:]), host)
	tmp := filepath.Join(dir, "tmp", name)
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("maildir: %w", err)
	}
	if _, err := f.Write(msg); err != nil {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("maildir: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("maildir: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("maildir: %w", err)
	}
	return os.Rename(tmp, filepath.Join(dir, "new", name))
}
