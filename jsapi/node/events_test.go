package node_test

import (
	"slices"
	"testing"
)

func TestEventsScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "events.js")
}

func TestEventsMaxListenersWarning(t *testing.T) {
	t.Parallel()
	rt := libRuntime(t)
	libEval(t, rt, `
const EventEmitter = require('events');
class Thing extends EventEmitter {}
const e = new Thing();
for (let i = 0; i < 12; i++) e.on('data', () => {});`)
	want := []string{"warn: MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 data listeners added to [Thing]. Use emitter.setMaxListeners() to increase limit"}
	if got := rt.Logs(); !slices.Equal(got, want) {
		t.Errorf("logs = %q, want %q", got, want)
	}
}
