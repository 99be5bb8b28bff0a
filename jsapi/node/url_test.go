package node_test

import "testing"

func TestUrlScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "url.js")
}
