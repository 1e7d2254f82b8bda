package mail

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-message"
	gomail "github.com/emersion/go-message/mail"
	"github.com/emersion/go-message/textproto"
)

// Maildir delivers mail into Maildir folders under Root, one per recipient
// (Root/alice@example.test/{tmp,new,cur}), so that any mail client can read
// what Taipan sends without a mail server. It is the Sender of the embedded
// mode, and Store files received mail under Root/taipan/.Processed and
// .Rejected.
//
// Delivery is idempotent: a message's file name is made from its
// Message-ID, and a message already in new/ or cur/ is not written again,
// so that a mail sent again after a crash (delivered, but not yet marked
// sent) is still there once. A file is written in tmp/ and linked into new/,
// which fails if the name is taken; files left in tmp/ by a killed process
// are removed by CleanTmp.
type Maildir struct {
	Root string
}

// Send writes msg into each recipient's Maildir.
func (m *Maildir) Send(_ context.Context, _ string, to []string, msg []byte) error {
	key := messageKey(msg)
	for _, rcpt := range to {
		if err := m.deliver(m.folder(rcpt, ""), key, msg); err != nil {
			return err
		}
	}
	return nil
}

// Store files a received message in Taipan's own Maildir, in the folder
// (Processed or Rejected) its outcome calls for; key is what the inbox
// recorded it under (its Message-ID), so that a mail received again is
// filed once.
func (m *Maildir) Store(folder, key string, msg []byte) error {
	return m.deliver(filepath.Join(m.Root, "taipan", "."+folder), key, msg)
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

// messageKey is what names a message's file: its Message-ID, or its
// content when it has none.
func messageKey(msg []byte) string {
	h, err := textproto.ReadHeader(bufio.NewReader(bytes.NewReader(msg)))
	if err == nil {
		if id, err := (&gomail.Header{Header: message.Header{Header: h}}).MessageID(); err == nil && id != "" {
			return id
		}
	}
	return contentID(msg)
}

// fileName is the file a message of the given key is delivered as: the
// same key always gives the same name. It holds neither ':' nor '/'.
func fileName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return "taipan." + hex.EncodeToString(sum[:16])
}

// tmpMark marks the files Taipan writes in tmp/: fileName, then
// ".P<pid>.<random>", so that CleanTmp can tell whose they are.
const tmpMark = ".P"

func (m *Maildir) deliver(dir, key string, msg []byte) error {
	for _, sub := range []string{"tmp", "new", "cur"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return fmt.Errorf("maildir: %w", err)
		}
	}
	name := fileName(key)
	if delivered(dir, name) {
		return nil
	}
	var rnd [4]byte
	rand.Read(rnd[:])
	tmp := filepath.Join(dir, "tmp", fmt.Sprintf("%s%s%d.%s", name, tmpMark, os.Getpid(), hex.EncodeToString(rnd[:])))
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("maildir: %w", err)
	}
	defer os.Remove(tmp)
	if _, err := f.Write(msg); err != nil {
		f.Close()
		return fmt.Errorf("maildir: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("maildir: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("maildir: %w", err)
	}
	// A link, not a rename: it fails rather than replace a file delivered
	// meanwhile under the same name.
	if err := os.Link(tmp, filepath.Join(dir, "new", name)); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("maildir: %w", err)
	}
	return syncDir(filepath.Join(dir, "new"))
}

// delivered says whether a message named name is in dir's new/ or cur/
// (where a mail client moves what it has seen, adding ":2,FLAGS").
func delivered(dir, name string) bool {
	if _, err := os.Lstat(filepath.Join(dir, "new", name)); err == nil {
		return true
	}
	es, err := os.ReadDir(filepath.Join(dir, "cur"))
	if err != nil {
		return false
	}
	for _, e := range es {
		if n := e.Name(); n == name || strings.HasPrefix(n, name+":") {
			return true
		}
	}
	return false
}

// syncDir makes a directory's entries durable: a mail marked sent must not
// vanish with a power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("maildir: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("maildir: %w", err)
	}
	return nil
}

// staleTmp is the age after which any file in tmp/ is removed (the Maildir
// convention's 36 hours).
const staleTmp = 36 * time.Hour

// CleanTmp removes the files a killed process left in the tmp/ folders:
// Taipan's own whose process is gone (or is this one: nothing is being
// written yet at start), files of other names, and anything older than 36
// hours. It returns how many it removed.
func (m *Maildir) CleanTmp() (int, error) {
	dirs, err := filepath.Glob(filepath.Join(m.Root, "*", "tmp"))
	if err != nil {
		return 0, err
	}
	own, _ := filepath.Glob(filepath.Join(m.Root, "taipan", ".*", "tmp"))
	removed := 0
	for _, dir := range append(dirs, own...) {
		es, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range es {
			if e.IsDir() {
				continue
			}
			info, err := e.Info()
			if err != nil {
				continue
			}
			if writing(e.Name()) && time.Since(info.ModTime()) < staleTmp {
				continue
			}
			if os.Remove(filepath.Join(dir, e.Name())) == nil {
				removed++
			}
		}
	}
	return removed, nil
}

// writing says whether a tmp/ file is being written by another live
// process.
func writing(name string) bool {
	i := strings.LastIndex(name, tmpMark)
	if !strings.HasPrefix(name, "taipan.") || i < 0 {
		return false
	}
	pidText, _, _ := strings.Cut(name[i+len(tmpMark):], ".")
	pid, err := strconv.Atoi(pidText)
	return err == nil && pid != os.Getpid() && processAlive(pid)
}
