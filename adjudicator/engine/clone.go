package engine

import "reflect"

// DeepCopy returns a copy of v that shares no memory with it: pointers,
// slices, maps and interfaces are followed and copied, keeping nil as nil
// and empty as empty (so the copy's JSON, and its digest, are the same).
// Unexported struct fields are left zero in the copy: in a State they may
// only hold scratch space used during one call. Engines use it to implement
// Clone.
func DeepCopy[T any](v T) T {
	src := reflect.ValueOf(&v).Elem()
	dst := reflect.New(src.Type()).Elem()
	deepCopy(dst, src)
	return dst.Interface().(T)
}

func deepCopy(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		p := reflect.New(src.Type().Elem())
		deepCopy(p.Elem(), src.Elem())
		dst.Set(p)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		inner := reflect.New(src.Elem().Type()).Elem()
		deepCopy(inner, src.Elem())
		dst.Set(inner)
	case reflect.Struct:
		t := src.Type()
		for i := 0; i < src.NumField(); i++ {
			if t.Field(i).IsExported() {
				deepCopy(dst.Field(i), src.Field(i))
			}
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		s := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
		for i := 0; i < src.Len(); i++ {
			deepCopy(s.Index(i), src.Index(i))
		}
		dst.Set(s)
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			deepCopy(dst.Index(i), src.Index(i))
		}
	case reflect.Map:
		if src.IsNil() {
			return
		}
		m := reflect.MakeMapWithSize(src.Type(), src.Len())
		iter := src.MapRange()
		for iter.Next() {
			val := reflect.New(src.Type().Elem()).Elem()
			deepCopy(val, iter.Value())
			m.SetMapIndex(iter.Key(), val)
		}
		dst.Set(m)
	default:
		dst.Set(src)
	}
}
