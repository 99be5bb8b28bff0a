//go:build unix

package node

import "syscall"

// cpProcAttr puts the child in its own process group, or its own session
// when detached, so retiring can kill everything it started.
func cpProcAttr(detached bool) *syscall.SysProcAttr {
	if detached {
		return &syscall.SysProcAttr{Setsid: true}
	}
	return &syscall.SysProcAttr{Setpgid: true}
}

// cpKillGroup sends SIGKILL to the process group led by pid. Call it only
// while that child has not been reaped, so the group id is still ours.
func cpKillGroup(pid int) {
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}
