package engine_test

import (
	"testing"

	"go.uber.org/goleak"
)

// Every Host started by a test is closed by it; no goroutine may outlive
// the tests (effects, rebuild workers, views).
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
