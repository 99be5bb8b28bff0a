package node_test

import "testing"

func TestBufferScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "buffer.js")
}
