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

// cpKillGroup sends sig to the process group led by pid. Call it only
// while the group is known to be alive (its leader not yet reaped, or
// members still holding the child's pipes): a process group id is not
// reused while any member lives.
func cpKillGroup(pid int, sig syscall.Signal) {
	_ = syscall.Kill(-pid, sig)
}
