package compat_test

import "testing"

func TestHarnessRunsTS(t *testing.T) {
	t.Parallel()
	if got := mustEvalTS(t, ``, `const x: number = 41; return { n: x + 1 };`); got != `{"n":42}` {
		t.Fatalf("got %s", got)
	}
}
