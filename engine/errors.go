package engine

import (
	"errors"
	"fmt"
)

var (
	// ErrStale is returned when a retired generation's handle is used.
	ErrStale = errors.New("stale handle: the plugin generation that owns it was unloaded or reloaded")
	// ErrAsyncContribution is returned for a contribution that returned a Promise.
	ErrAsyncContribution = errors.New("contribution returned a Promise: contributions must be synchronous; do I/O in an effect and call rebuild()")
	// ErrReentrantRebuild is returned when a contribution rebuilds or adds to the registry being replayed.
	ErrReentrantRebuild = errors.New("reentrant rebuild: a contribution may not rebuild or add to the registry it contributes to")
	// ErrBudget is returned when plugin code runs past its time budget.
	ErrBudget = errors.New("time budget exceeded")
	// ErrUnknownPlugin is returned for a plugin id that is not in the manifest.
	ErrUnknownPlugin = errors.New("unknown plugin")
	// ErrClosed is returned by a Host after Close.
	ErrClosed = errors.New("host closed")
)

// recovered turns a panic in code the engine calls on a plugin's behalf
// (contributions, hooks, listeners, effects, Go factories) into an error,
// so no plugin can crash the host. Use as `defer recovered(&err)`.
func recovered(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("panic: %v", p)
	}
}
