package adjtest

import (
	"reflect"
	"testing"

	"taipan/adjudicator/engine"
)

// CopiesDeeply checks an engine's own copy of its state against
// engine.DeepCopy, on each of states: the copy has every exported field
// as the state has it, nil and empty kept apart (so it has the same
// digest), and shares none of the state's memory (a slice, map or
// pointer of one is never the other's), so that resolving the copy in
// place leaves the state as it was.
func CopiesDeeply[S any](t *testing.T, clone func(S) S, states []S) {
	t.Helper()
	if len(states) == 0 {
		t.Fatal("no states to copy")
	}
	for i, s := range states {
		c := clone(s)
		if !reflect.DeepEqual(engine.DeepCopy(c), engine.DeepCopy(s)) {
			t.Fatalf("state %d: the copy differs from the state:\n%+v\n%+v", i, c, s)
		}
		if path, shared := sharedMemory(reflect.ValueOf(c), reflect.ValueOf(s), "state"); shared {
			t.Fatalf("state %d: the copy shares %s with the state", i, path)
		}
	}
}

// sharedMemory names the first part of a that is the very memory of b's
// part in the same place, a and b being of one type and alike.
func sharedMemory(a, b reflect.Value, path string) (string, bool) {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return "", false
		}
		if a.Pointer() == b.Pointer() {
			return path, true
		}
		return sharedMemory(a.Elem(), b.Elem(), path)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return "", false
		}
		return sharedMemory(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			if !a.Type().Field(i).IsExported() {
				continue
			}
			if p, ok := sharedMemory(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); ok {
				return p, true
			}
		}
	case reflect.Slice:
		if a.Cap() > 0 && b.Cap() > 0 && a.Pointer() == b.Pointer() {
			return path, true
		}
		for i := range min(a.Len(), b.Len()) {
			if p, ok := sharedMemory(a.Index(i), b.Index(i), path+"[]"); ok {
				return p, true
			}
		}
	case reflect.Array:
		for i := range a.Len() {
			if p, ok := sharedMemory(a.Index(i), b.Index(i), path+"[]"); ok {
				return p, true
			}
		}
	case reflect.Map:
		if !a.IsNil() && !b.IsNil() && a.Pointer() == b.Pointer() {
			return path, true
		}
		for it := a.MapRange(); it.Next(); {
			if other := b.MapIndex(it.Key()); other.IsValid() {
				if p, ok := sharedMemory(it.Value(), other, path+"[key]"); ok {
					return p, true
				}
			}
		}
	}
	return "", false
}
