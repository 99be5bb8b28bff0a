package bundler_test

import (
	"testing"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

func TestErrorRendering(t *testing.T) {
	t.Parallel()
	err := &bundler.Error{Entry: "/ext/index.ts", Messages: []bundler.Message{
		{File: "/ext/index.ts", Line: 3, Column: 0, Text: `Unexpected "}"`, LineText: "}"},
		{File: "/ext/index.ts", Text: "cannot read entry: no such file or directory"},
	}}
	want := "/ext/index.ts:3:1: Unexpected \"}\"\n/ext/index.ts: cannot read entry: no such file or directory"
	if got := err.Error(); got != want {
		t.Errorf("Error() =\n%s\nwant\n%s", got, want)
	}
}
