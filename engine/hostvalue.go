package engine

import "slices"

// HostValue is a key for per-host state that a layer above engine attaches
// to a Host on first use (the pi extension API's state lives in package
// piapi this way). Hosts that never ask for a value never pay for it.
type HostValue[T any] struct {
	name    string
	newFunc func(*Host) T
}

// NewHostValue returns a key whose value is made by newFunc the first time
// a host is asked for it. newFunc runs once per host, under the lock that
// guards the host's values: it may create registries and define hooks, but
// must not ask the same host for another HostValue.
func NewHostValue[T any](name string, newFunc func(*Host) T) *HostValue[T] {
	return &HostValue[T]{name: name, newFunc: newFunc}
}

// Name returns the key's name (for diagnostics).
func (k *HostValue[T]) Name() string { return k.name }

// Get returns h's value, attaching a new one on first use.
func (k *HostValue[T]) Get(h *Host) T {
	h.valuesMu.Lock()
	defer h.valuesMu.Unlock()
	if v, ok := h.values[k]; ok {
		return v.(T)
	}
	v := k.newFunc(h)
	if h.values == nil {
		h.values = map[any]any{}
	}
	h.values[k] = v
	return v
}

// Lookup returns h's value without attaching one.
func (k *HostValue[T]) Lookup(h *Host) (T, bool) {
	h.valuesMu.Lock()
	defer h.valuesMu.Unlock()
	v, ok := h.values[k]
	if !ok {
		var zero T
		return zero, false
	}
	return v.(T), true
}

// NoteUnsupported records that plugin used an API member the host does
// not implement yet (pigo check lists them).
func (h *Host) NoteUnsupported(plugin, member string) {
	h.unsupportedMu.Lock()
	defer h.unsupportedMu.Unlock()
	if h.unsupported == nil {
		h.unsupported = map[string][]string{}
	}
	if !slices.Contains(h.unsupported[plugin], member) {
		h.unsupported[plugin] = append(h.unsupported[plugin], member)
	}
}

// Unsupported returns the members plugin used that the host lacks.
func (h *Host) Unsupported(plugin string) []string {
	h.unsupportedMu.Lock()
	defer h.unsupportedMu.Unlock()
	return slices.Clone(h.unsupported[plugin])
}
