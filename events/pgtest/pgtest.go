// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb in a
// temporary folder, pg_ctl on a free port of the loopback, as the postgres
// user when the tests run as root (PostgreSQL refuses root). One cluster
// serves a whole test binary; each test gets a database of its own.
//
// Without Debian's postgresql package the tests that need it skip, except
// under CI=true, where they fail: CI installs the package (.ci/run).
package pgtest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"taipan/internal/testkit"
)

// Cluster is a running PostgreSQL server of the test binary.
type Cluster struct {
	dir  string
	bin  string
	port int
	as   []string // the command prefix that runs a program as the cluster's owner
	mu   sync.Mutex
	n    int
}

// binDir finds the server programs (not on PATH in Debian's package).
func binDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs)
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

// Start starts a cluster, or returns why it cannot (no PostgreSQL here).
// Stop it with Stop when the test binary ends (from TestMain).
func Start() (*Cluster, error) {
	bin := binDir()
	if bin == "" {
		return nil, fmt.Errorf("PostgreSQL's server programs are not installed (Debian's postgresql package)")
	}
	dir, err := os.MkdirTemp("", "taipan-pg-")
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("running as root, and there is no postgres user to run the server as")
		}
		// The data folder and its parents must be reachable by postgres.
		os.Chmod(dir, 0o755)
		for p := filepath.Dir(dir); p != "/"; p = filepath.Dir(p) {
			if info, err := os.Stat(p); err == nil && info.Mode().Perm()&0o001 == 0 {
				os.Chmod(p, info.Mode().Perm()|0o001)
			}
		}
		var uid, gid int
		fmt.Sscan(u.Uid, &uid)
		fmt.Sscan(u.Gid, &gid)
		os.Chown(dir, uid, gid)
		c.as = []string{"runuser", "-u", "postgres", "--"}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	c.port = ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	data := filepath.Join(dir, "data")
	if out, err := c.run("initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"); err != nil {
		c.Stop()
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", c.port, dir)
	if out, err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "600", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		c.Stop()
		return nil, fmt.Errorf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
	return c, nil
}

func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	argv := append(append(append([]string{}, c.as...), filepath.Join(c.bin, prog)), args...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = c.dir
	return cmd.CombinedOutput()
}

// Stop stops the cluster and removes its files.
func (c *Cluster) Stop() {
	if c == nil {
		return
	}
	c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "stop")
	os.RemoveAll(c.dir)
}

// URL is the address of a database of the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates a fresh database and returns its URL.
func (c *Cluster) NewDatabase(tb testing.TB) string {
	tb.Helper()
	c.mu.Lock()
	c.n++
	name := fmt.Sprintf("t%d_%s", c.n, strings.ToLower(strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, tb.Name())))
	if len(name) > 60 {
		name = name[:60]
	}
	c.mu.Unlock()
	ctx := testkit.Context(tb)
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		tb.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		tb.Fatal(err)
	}
	return c.URL(name)
}

// Shared is the cluster a test binary starts once (see Main).
var shared struct {
	once    sync.Once
	cluster *Cluster
	err     error
}

// Get returns the test binary's cluster, starting it on first use; a test
// that needs PostgreSQL and finds none skips (fails under CI=true).
func Get(tb testing.TB) *Cluster {
	tb.Helper()
	if testing.Short() {
		tb.Skip("no PostgreSQL with -short (the quick loop starts no server)")
	}
	shared.once.Do(func() { shared.cluster, shared.err = Start() })
	if shared.err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("PostgreSQL is needed under CI=true: %v", shared.err)
		}
		tb.Skipf("no PostgreSQL: %v", shared.err)
	}
	return shared.cluster
}

// StopShared stops the test binary's cluster, if one was started; call it
// from TestMain after m.Run.
func StopShared() {
	if shared.cluster != nil {
		shared.cluster.Stop()
	}
}
