package node_test

import (
	"slices"
	"testing"
)

func TestUtilScript(t *testing.T) {
	t.Parallel()
	libRunScript(t, "util.js")
}

func TestUtilDeprecateWarnsOnce(t *testing.T) {
	t.Parallel()
	rt := libRuntime(t)
	libEval(t, rt, `
const util = require('util');
const a = util.deprecate(() => 1, 'a() is deprecated', 'DEP_X');
const b = util.deprecate(() => 2, 'b() is deprecated', 'DEP_X');
const c = util.deprecate(() => 3, 'c() is deprecated');
a(); a(); b(); c(); c();`)
	want := []string{"warn: [DEP_X] DeprecationWarning: a() is deprecated", "warn: DeprecationWarning: c() is deprecated"}
	if got := rt.Logs(); !slices.Equal(got, want) {
		t.Errorf("logs = %q, want %q", got, want)
	}
}
