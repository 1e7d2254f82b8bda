package adjudicator

import (
	"errors"
	"fmt"

	"taipan/orders"
)

// Error codes: what kind of failure an error is, for the CLI's exit status
// and the mail replies. Their messages are safe to show to the sender.
const (
	ENOTFOUND     = "not_found"    // unknown game or player
	EINVALID      = "invalid"      // malformed or illegal input
	EUNAUTHORIZED = "unauthorized" // missing or wrong token
	ECONFLICT     = "conflict"     // stale step, game over, not your turn
	EINTERNAL     = "internal"     // a fault of Taipan's, not the sender's
)

// Error is an error with a code and a message safe to show to users.
type Error struct {
	Code    string
	Message string
	// Orders holds located order-file problems, when the error is about them.
	Orders orders.List
	// Usage, when a GM action was given the wrong arguments, is the
	// action with what it takes, as a usage line writes it ("extend
	// DURATION", "token PLAYER|gm"): each adapter words the usage in its
	// own terms (the command line with its game argument and --reason).
	Usage string
}

func (e *Error) Error() string {
	if len(e.Orders) > 0 {
		return e.Message + "\n" + e.Orders.Error()
	}
	return e.Message
}

// Errorf returns an *Error with the given code.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err, EINTERNAL for errors without one.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	if err == nil {
		return ""
	}
	return EINTERNAL
}
