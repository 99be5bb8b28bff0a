package webapi

import (
	"github.com/dop251/goja"
)

// The Go side of URL and URLSearchParams (url.js): a URL object holds a
// *urlRecord as an opaque handle, and these helpers parse, serialize and
// modify it. url.js converts arguments to strings before calling.

// urlParse is internal.urlParse(input, base) → handle or null; base is
// undefined or a string, and null is returned when either does not parse.
func (h *host) urlParse(call goja.FunctionCall) goja.Value {
	var base *urlRecord
	if b := call.Argument(1); !goja.IsUndefined(b) {
		var ok bool
		if base, ok = parseURL(b.String(), nil); !ok {
			return goja.Null()
		}
	}
	u, ok := parseURL(call.Argument(0).String(), base)
	if !ok {
		return goja.Null()
	}
	return h.rt.ToValue(u)
}

// urlParts is internal.urlParts(handle) → [href, origin, protocol,
// username, password, host, hostname, port, pathname, search, hash].
func (h *host) urlParts(call goja.FunctionCall) goja.Value {
	return h.partsArray(h.urlHandle(call.Argument(0)))
}

// urlSet is internal.urlSet(handle, name, value) → parts: it runs the
// setter of attribute name ("protocol" ... "hash"), or with name "query"
// the URLSearchParams update steps with value the serialized list.
func (h *host) urlSet(call goja.FunctionCall) goja.Value {
	u := h.urlHandle(call.Argument(0))
	name, value := call.Argument(1).String(), call.Argument(2).String()
	if name == "query" {
		u.setQuery(value)
	} else {
		u.set(name, value)
	}
	return h.partsArray(u)
}

func (h *host) urlHandle(v goja.Value) *urlRecord {
	u, ok := v.Export().(*urlRecord)
	if !ok {
		panic(h.rt.NewTypeError("not a URL handle"))
	}
	return u
}

func (h *host) partsArray(u *urlRecord) goja.Value {
	parts := u.parts()
	vals := make([]any, len(parts))
	for i, p := range parts {
		vals[i] = p
	}
	return h.rt.NewArray(vals...)
}

// formParse is internal.formParse(string) → [name, value, name, value...],
// the application/x-www-form-urlencoded parser.
func (h *host) formParse(call goja.FunctionCall) goja.Value {
	pairs := formParse(call.Argument(0).String())
	vals := make([]any, len(pairs))
	for i, p := range pairs {
		vals[i] = p
	}
	return h.rt.NewArray(vals...)
}

// formEncode is internal.formEncode(string) → string: one name or value as
// application/x-www-form-urlencoded.
func (h *host) formEncode(call goja.FunctionCall) goja.Value {
	return h.rt.ToValue(formEncode(call.Argument(0).String()))
}

// toUSVString is internal.toUSVString(string) → string with each lone
// surrogate replaced by U+FFFD (goja's String does the replacing).
func (h *host) toUSVString(call goja.FunctionCall) goja.Value {
	return h.rt.ToValue(call.Argument(0).String())
}
