package node_test

import "testing"

func TestAssertScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "assert.js")
}
