package engine

import "taipan/orders"

// Reader is implemented by engines that read an order file once. Check
// parses a player's items only to say whether they are legal; an engine
// that is a Reader keeps what it parsed, its own value (a plan, a parsed
// move), and hands it back. The host reads each submission with Read when
// it closes a step and passes the reading to Resolve in
// Submission.Reading, so the reading that judged the orders legal is the
// one Resolve applies, and Resolve need not parse the same items again.
//
// The reading is of exactly the items the log records for the step (the
// Submission's Items), against exactly the state Resolve is handed; it is
// made for that one Resolve and is not kept, so Resolve may consume it.
type Reader interface {
	// Read parses player's items and checks them against s as Check does,
	// with Check's errors; on success it returns the reading Resolve takes
	// in Submission.Reading. Check(s, player, items) must be nil exactly
	// when Read's error is.
	Read(s State, player string, items []orders.Item) (any, error)
}

// ReadOrders is e's reading of player's items in s: Read's when e is a
// Reader, otherwise Check's verdict with no reading (nil), which leaves
// Resolve to read the items itself.
func ReadOrders(e Engine, s State, player string, items []orders.Item) (any, error) {
	if r, ok := e.(Reader); ok {
		return r.Read(s, player, items)
	}
	return nil, e.Check(s, player, items)
}
