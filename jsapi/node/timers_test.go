package node_test

import "testing"

func TestTimersScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "timers.js")
}
