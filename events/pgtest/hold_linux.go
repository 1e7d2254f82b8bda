package pgtest

import (
	"syscall"
	"time"
)

// holdUntil returns at t, to within the kernel's timer slack (about 50 µs).
// time.Sleep is not precise enough for a link's latency: the runtime's
// timers can fire up to a millisecond late (its network poller waits in
// whole milliseconds), so nanosleep it is, on the calling thread.
func holdUntil(t time.Time) {
	for {
		wait := time.Until(t)
		if wait <= 0 {
			return
		}
		ts := syscall.NsecToTimespec(int64(wait))
		if syscall.Nanosleep(&ts, nil) == nil {
			return
		}
	}
}
