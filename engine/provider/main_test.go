package provider_test

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no stream producer, retry timer or HTTP goroutine
// outlives the tests.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
