package agentsession

import "time"

// SetInputListenerBudget shortens inputListenerBudget for a test.
func SetInputListenerBudget(d time.Duration) (restore func()) {
	prev := inputListenerBudget
	inputListenerBudget = d
	return func() { inputListenerBudget = prev }
}
