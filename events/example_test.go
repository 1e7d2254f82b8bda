package events_test

import (
	"encoding/json"
	"fmt"

	"taipan/events"
)

// Canonical JSON is what every event's hash covers: keys sorted, no
// insignificant space, numbers as written.
func ExampleCanonical() {
	out, _ := events.Canonical(json.RawMessage(`{ "step": 4, "orders": [ {"buy": "London"} ], "a&b": "<x>" }`))
	fmt.Println(string(out))
	// Output: {"a&b":"<x>","orders":[{"buy":"London"}],"step":4}
}
