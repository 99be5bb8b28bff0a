package node_test

import "testing"

func TestCryptoScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "crypto.js")
}
