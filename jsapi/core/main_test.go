package core_test

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

// The searches run on goroutines of their own; none may outlive the tests.
// The benchmark tree, when one was made, is removed at the end.
func TestMain(m *testing.M) {
	code := m.Run()
	if benchCleanup != nil {
		benchCleanup()
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			os.Stderr.WriteString("goleak: " + err.Error() + "\n")
			code = 1
		}
	}
	os.Exit(code)
}
