//go:build !unix

package node

import "syscall"

// cpProcAttr sets nothing: process groups are a POSIX notion.
func cpProcAttr(bool) *syscall.SysProcAttr { return nil }

// cpKillGroup does nothing here; the child itself is killed by the caller.
func cpKillGroup(int, syscall.Signal) {}
