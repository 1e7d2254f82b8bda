//go:build !linux

package pgtest

import "time"

// holdUntil returns at t, as precisely as time.Sleep allows here.
func holdUntil(t time.Time) { time.Sleep(time.Until(t)) }
