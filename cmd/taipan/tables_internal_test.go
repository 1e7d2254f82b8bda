package main

import "testing"

// Each table has one declaration: one owner, and what a move does with it.
func TestEveryTableDeclaredOnce(t *testing.T) {
	seen := map[string]string{}
	for _, tb := range tables() {
		if prev, ok := seen[tb.Name]; ok {
			t.Errorf("table %s declared by %s and by %s", tb.Name, prev, tb.Owner)
		}
		seen[tb.Name] = tb.Owner
		if tb.Owner == "" || tb.Carry == 0 {
			t.Errorf("table %s: owner %q, carry %d", tb.Name, tb.Owner, tb.Carry)
		}
	}
}
