package session

import (
	"fmt"
	"strings"
)

// Bound values and lists (pigo's durable session storage) are stored in the session as custom
// entries of a type pigo reserves, so pi reads the file and ignores them:
//
//	{"type":"custom","customType":"pigo.value","data":{"namespace":"…","key":"…","value":…},"id":…,"parentId":…,"timestamp":…}
//	{"type":"custom","customType":"pigo.list","data":{"namespace":"…","key":"…","value":…},"id":…,…}
//
// They are session-scoped, not branch-scoped: a value is the latest
// pigo.value entry for its address in file order, wherever it sits in the
// tree, and a list is every pigo.list element for its address in file
// order. Like every entry they are written per the package's durability
// policy (and, as pi's entries, only once the file exists). Fork and Clone
// carry them into the new session.

// Reserved custom entry types.
const (
	ValueEntryType = "pigo.value"
	ListEntryType  = "pigo.list"
)

// address is a bound storage address.
type address struct{ namespace, key string }

// IsReservedNamespace reports whether namespace belongs to the built-ins:
// "pi" and "pi.*".
func IsReservedNamespace(namespace string) bool {
	return namespace == "pi" || strings.HasPrefix(namespace, "pi.")
}

func isReservedCustomType(v any) bool {
	s, _ := v.(string)
	return s == ValueEntryType || s == ListEntryType
}

// SetValue sets the value at (namespace, key) for a plugin; the reserved
// namespaces are refused with ErrReservedNamespace. value must be JSON
// data; it is stored as its JSON form.
func (t *Tree) SetValue(namespace, key string, value any) (Entry, error) {
	return t.storeValue(ValueEntryType, namespace, key, value, false)
}

// SetBuiltinValue is SetValue for built-ins: every namespace is allowed.
func (t *Tree) SetBuiltinValue(namespace, key string, value any) (Entry, error) {
	return t.storeValue(ValueEntryType, namespace, key, value, true)
}

// Value returns the latest value stored at (namespace, key).
func (t *Tree) Value(namespace, key string) (any, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	v, ok := t.values[address{namespace, key}]
	return v, ok
}

// AppendToList appends value to the list at (namespace, key) for a
// plugin; the reserved namespaces are refused with ErrReservedNamespace.
func (t *Tree) AppendToList(namespace, key string, value any) (Entry, error) {
	return t.storeValue(ListEntryType, namespace, key, value, false)
}

// AppendToBuiltinList is AppendToList for built-ins: every namespace is
// allowed.
func (t *Tree) AppendToBuiltinList(namespace, key string, value any) (Entry, error) {
	return t.storeValue(ListEntryType, namespace, key, value, true)
}

// List returns the elements of the list at (namespace, key) in append
// order (a new slice; the elements are shared and must not be modified).
func (t *Tree) List(namespace, key string) []any {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]any(nil), t.lists[address{namespace, key}]...)
}

func (t *Tree) storeValue(customType, namespace, key string, value any, builtin bool) (Entry, error) {
	op := "set value"
	if customType == ListEntryType {
		op = "append to list"
	}
	if namespace == "" {
		return nil, fmt.Errorf("%s: empty namespace", op)
	}
	if !builtin && IsReservedNamespace(namespace) {
		return nil, fmt.Errorf("%s: %w: %q", op, ErrReservedNamespace, namespace)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.commitLocked(Entry{"type": "custom", "customType": customType,
		"data": valueData(namespace, key, value)})
}

func valueData(namespace, key string, value any) map[string]any {
	return map[string]any{"namespace": namespace, "key": key, "value": value}
}

// indexValueLocked records a pigo.value / pigo.list entry. Caller holds t.mu.
func (t *Tree) indexValueLocked(e Entry) {
	addr, v, ok := valueOf(e)
	if !ok {
		return
	}
	switch e["customType"] {
	case ValueEntryType:
		t.values[addr] = v
	case ListEntryType:
		t.lists[addr] = append(t.lists[addr], v)
	}
}

// valueOf decodes a pigo.value / pigo.list entry.
func valueOf(e Entry) (address, any, bool) {
	if e["type"] != "custom" || !isReservedCustomType(e["customType"]) {
		return address{}, nil, false
	}
	d, ok := e["data"].(map[string]any)
	if !ok {
		return address{}, nil, false
	}
	ns, ok1 := d["namespace"].(string)
	key, ok2 := d["key"].(string)
	if !ok1 || !ok2 {
		return address{}, nil, false
	}
	return address{ns, key}, d["value"], true
}
