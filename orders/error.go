package orders

import (
	"errors"
	"fmt"
	"strings"
)

// Error is a problem with an order file, located by line and field. Its text
// is meant for the player who sent the file.
type Error struct {
	Line  int    // 1-based line in the order file; 0 when unknown
	Field string // the field or order at fault, e.g. "step" or "orders[2].sell"
	Msg   string
}

// Errorf builds an *Error at the given line and field.
func Errorf(line int, field, format string, args ...any) *Error {
	return &Error{Line: line, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Error formats as "line 4, field step: message".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
	}
	if e.Field != "" {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "field %s", e.Field)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// List is several order-file errors reported together, in line order.
type List []*Error

// Error joins the errors, one per line.
func (l List) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Err returns nil for an empty list and the list otherwise, so that callers
// can collect errors and return l.Err().
func (l List) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Errors flattens err into the order-file errors it holds: an *Error, a List,
// or any other error as one Error without a position.
func Errors(err error) List {
	if err == nil {
		return nil
	}
	var l List
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return List{e}
	}
	return List{{Msg: err.Error()}}
}
