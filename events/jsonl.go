package events

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// WriteJSONL writes events as JSON Lines, one event per line: the export
// format that `taipan import` and `taipan audit --file` read.
func WriteJSONL(w io.Writer, evs []Event) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	// Payloads must keep their exact bytes, or their hashes would break.
	enc.SetEscapeHTML(false)
	for _, e := range evs {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadJSONL reads events written by WriteJSONL. It checks the form of each
// line, not the chain (see Verify). An event without a format is of format
// 1, as every export written before formats were numbered.
func ReadJSONL(r io.Reader) ([]Event, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	var evs []Event
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var e Event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if e.Format == 0 {
			e.Format = Format1
		}
		evs = append(evs, e)
	}
	return evs, sc.Err()
}
