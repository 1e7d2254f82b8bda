// Package mailtest holds what the tests of the mail gateway and of the
// command line share: in-process mail servers.
package mailtest

import (
	"io"
	"log"
	"net"
	"testing"

	"github.com/emersion/go-smtp"
)

// ServeSMTP runs an SMTP server with backend on a free port of 127.0.0.1
// until the test ends, and returns its address. It takes AUTH without TLS.
func ServeSMTP(tb testing.TB, backend smtp.Backend) string {
	tb.Helper()
	srv := smtp.NewServer(backend)
	srv.AllowInsecureAuth = true
	srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	go srv.Serve(ln)
	tb.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// FreeAddr is a 127.0.0.1 address with a port free now, for a server the
// test starts later.
func FreeAddr(tb testing.TB) string {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
