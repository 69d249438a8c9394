package safetext

import (
	"reflect"
	"sync"
)

// All cleans, in place, every exported string reachable from v: the
// fields of structs, the elements of slices and arrays, through pointers
// and interfaces (map values are cleaned too; map keys are left alone).
// v is usually a pointer to a decoded message; a value that is not a
// pointer cannot be changed and is left as it is. Byte slices are not
// text and are left alone; a type that holds no string costs nothing.
//
// A string field that is not text to draw may say so with the struct tag
// `safetext:"-"`.
func All(v any) {
	walk(reflect.ValueOf(v))
}

func walk(v reflect.Value) {
	if !v.IsValid() || !hasText(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.String:
		if v.CanSet() {
			if s := v.String(); !isClean(s) {
				v.SetString(Clean(s))
			}
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem())
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if f.IsExported() && f.Tag.Get("safetext") != "-" {
				walk(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walk(v.Index(i))
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(it.Value().Type()).Elem()
			e.Set(it.Value())
			walk(e)
			v.SetMapIndex(it.Key(), e)
		}
	}
}

// textTypes caches hasText by type.
var textTypes sync.Map // reflect.Type → bool

// hasText reports whether a value of type t can hold a string All cleans.
func hasText(t reflect.Type) bool {
	if b, ok := textTypes.Load(t); ok {
		return b.(bool)
	}
	textTypes.Store(t, false) // a recursive type meets itself as "no text" while it is looked at
	b := findText(t)
	textTypes.Store(t, b)
	return b
}

func findText(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String:
		return true
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return hasText(t.Elem())
	case reflect.Map:
		return hasText(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			if f.IsExported() && f.Tag.Get("safetext") != "-" && hasText(f.Type) {
				return true
			}
		}
	}
	return false
}
