package node_test

import "testing"

func TestStringDecoderScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "string_decoder.js")
}

func TestReadlineScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "readline.js")
}
