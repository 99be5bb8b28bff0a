package jsapi_test

import (
	"testing"

	"go.uber.org/goleak"
)

// Closing a Host terminates every runtime's event loop; no goroutine (loop,
// timer, watcher, child process waiter) may outlive the tests.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
