package schema

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ref resolves "#" and "#/pointer" references against the root schema, as
// TypeBox's Resolve.Ref does for a schema without $id or anchors.
func (w *walker) ref(c *errContext, sp, ip, ref string, v any, d int) bool {
	if w.ids == nil {
		has := hasIdentifiers(w.root)
		w.ids = &has
	}
	if *w.ids || !strings.HasPrefix(ref, "#") || strings.ContainsAny(ref, "\t\n\r") || strings.TrimSpace(ref) != ref {
		w.fail("$ref " + strconv.Quote(ref))
		return false
	}
	target, found := any(nil), false
	if strings.HasSuffix(ref, "#") {
		target, found = w.root, true
	} else if frag, err := decodeURIComponent(ref[1:]); err != nil {
		w.fail("$ref " + strconv.Quote(ref))
		return false
	} else if strings.HasPrefix(frag, "/") {
		var ambiguous bool
		target, found, ambiguous = w.match(w.root, frag)
		if ambiguous {
			w.fail("$ref " + strconv.Quote(ref) + " resolves in several places")
			return false
		}
	}
	if !found {
		target = false // TypeBox: `result.schema ?? false`
	}
	sub := &errContext{}
	valid := isSchema(target) && w.schema(sub, sp, ip, target, v, d)
	if !valid {
		c.addAll(sub.errs)
	}
	return valid
}

// match is Resolve's Match for a pointer fragment: the pointer applied to
// node itself, else to its descendants (the last match wins; several are
// reported as ambiguous since Go maps have no order).
func (w *walker) match(node any, pointer string) (any, bool, bool) {
	if m, ok := node.(map[string]any); ok {
		if t, ok := w.pointerGet(m, pointer); ok {
			return t, true, false
		}
	}
	var found []any
	switch x := node.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "const" || k == "enum" {
				continue
			}
			t, ok, amb := w.match(e, pointer)
			if amb {
				return nil, false, true
			}
			if ok {
				found = append(found, t)
			}
		}
	case []any:
		for _, e := range x {
			t, ok, amb := w.match(e, pointer)
			if amb {
				return nil, false, true
			}
			if ok {
				found = append(found, t)
			}
		}
	}
	switch len(found) {
	case 0:
		return nil, false, false
	case 1:
		return found[0], true, false
	}
	return nil, false, true
}

// pointerGet is Pointer.Get; ok is false for undefined.
func (w *walker) pointerGet(root any, pointer string) (any, bool) {
	parts := strings.Split(pointer, "/")
	if parts[0] == "" {
		parts = parts[1:]
	}
	cur := root
	for _, p := range parts {
		p = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
		if p == "__proto__" || p == "constructor" || p == "prototype" {
			return nil, false
		}
		switch x := cur.(type) {
		case map[string]any:
			e, ok := x[p]
			if !ok || e == nil { // null is skipped like undefined (Match chains with ??)
				if !ok && objectPrototypeKeys[p] {
					w.fail("inherited property " + strconv.Quote(p))
				}
				return nil, false
			}
			cur = e
		case []any:
			if p == "length" {
				cur = float64(len(x))
				continue
			}
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(x) || strconv.Itoa(i) != p || x[i] == nil {
				return nil, false
			}
			cur = x[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// hasIdentifiers reports whether the schema tree has keywords that change
// how TypeBox resolves references.
func hasIdentifiers(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch k {
			case "$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor":
				return true
			}
			if hasIdentifiers(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasIdentifiers(e) {
				return true
			}
		}
	}
	return false
}

// decodeURIComponent decodes a fragment as URL parsing then
// decodeURIComponent would.
func decodeURIComponent(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", errors.New("malformed escape")
		}
		n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", err
		}
		b.WriteByte(byte(n))
		i += 2
	}
	if !utf8.ValidString(b.String()) {
		return "", errors.New("malformed UTF-8")
	}
	return b.String(), nil
}
