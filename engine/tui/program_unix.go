//go:build unix

package tui

import (
	"os"
	"os/signal"
	"syscall"
)

// notifyResize sends the terminal's resize signals (SIGWINCH) to c.
func notifyResize(c chan<- os.Signal) { signal.Notify(c, syscall.SIGWINCH) }
