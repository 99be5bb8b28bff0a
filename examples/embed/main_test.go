package main

import (
	"context"
	"strings"
	"testing"
)

// TestEmbed runs the example: the extension's tool is called by the
// scripted model and its result reaches the reply.
func TestEmbed(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	want := "tool call: weather map[city:Oslo]\n" +
		"tool result: Oslo: light snow, -3°C\n" +
		"reply: The tool says Oslo: light snow, -3°C: take a warm coat.\n"
	if out.String() != want {
		t.Errorf("output\n%s\nwant\n%s", out.String(), want)
	}
}
