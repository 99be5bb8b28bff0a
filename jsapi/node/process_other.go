//go:build !unix

package node

import (
	"os"
	"syscall"

	"github.com/dop251/goja"
)

// processIDs defines nothing: Node has no uid/gid functions here either.
func processIDs(*goja.Runtime, *goja.Object) {}

// processUmask is the usual default: this platform has no umask.
func processUmask() int { return 0o022 }

// processCPU is unknown here.
func processCPU() (user, system float64) { return 0, 0 }

// processSignal sends sig to pid; only SIGKILL-like termination exists.
func processSignal(pid int, sig syscall.Signal) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	if sig == 0 {
		return nil
	}
	return p.Kill()
}

// processOwnGroup is unknown here (no process groups).
func processOwnGroup() int { return -1 }
