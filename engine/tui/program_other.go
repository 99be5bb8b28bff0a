//go:build !unix

package tui

import "os"

// notifyResize does nothing where terminals send no resize signal; the
// program's own size reports still carry the live size (terminalSize).
func notifyResize(chan<- os.Signal) {}
