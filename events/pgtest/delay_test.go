package pgtest_test

import (
	"context"
	"net"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"taipan/events/pgtest"
	"taipan/internal/testkit"
)

func TestMain(m *testing.M) {
	testkit.Main(func() int {
		defer pgtest.StopShared()
		return m.Run()
	})
}

// A database reached through Delayed answers as it does directly, a large
// value whole in both directions, and the link's process is gone once its
// test ends.
func TestDelayedCarriesAndEnds(t *testing.T) {
	db := pgtest.Get(t).NewDatabase(t)
	var link string
	t.Run("through the link", func(t *testing.T) {
		reach := pgtest.Delayed(t, db, time.Millisecond)
		u, err := url.Parse(reach)
		if err != nil {
			t.Fatal(err)
		}
		link = u.Host
		ctx := testkit.Context(t)
		conn, err := pgx.Connect(ctx, reach)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		big := make([]byte, 200<<10) // several of the link's reads
		for i := range big {
			big[i] = byte(i % 251)
		}
		var back []byte
		if err := conn.QueryRow(ctx, "SELECT $1::bytea", big).Scan(&back); err != nil {
			t.Fatal(err)
		}
		if string(back) != string(big) {
			t.Fatalf("%d bytes came back, not the %d sent", len(back), len(big))
		}
	})
	if c, err := net.Dial("tcp", link); err == nil {
		c.Close()
		t.Fatalf("the link at %s still accepts connections after its test", link)
	}
}
