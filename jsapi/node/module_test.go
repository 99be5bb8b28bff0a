package node_test

import "testing"

func TestModuleScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "module.js")
}
