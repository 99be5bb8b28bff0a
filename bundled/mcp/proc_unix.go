//go:build unix

package mcp

import (
	"os/exec"
	"syscall"
)

// setProcessGroup starts a stdio server in its own process group, so
// stopping it also stops what a wrapper (npx, uvx) started.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup ends what is left of a stdio server's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
