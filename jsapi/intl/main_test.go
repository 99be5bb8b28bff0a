package intl

import (
	"os"
	"testing"
)

// TestMain pins what Node and pigo read from the environment (the default
// time zone and locale, each read once per process), so the goldens hold
// on any machine.
func TestMain(m *testing.M) {
	os.Setenv("TZ", "UTC")
	os.Setenv("LC_ALL", "C.UTF-8")
	os.Exit(m.Run())
}
