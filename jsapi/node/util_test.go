package node_test

import "testing"

func TestUtilScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "util.js")
}
