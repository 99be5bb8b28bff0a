package node_test

import "testing"

func TestEventsScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "events.js")
}
