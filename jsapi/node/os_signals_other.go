//go:build !unix

package node

import "syscall"

// sysSignal is a named signal.
type sysSignal struct {
	name string
	sig  syscall.Signal
}

// sysSignalTable lists the signals this platform's syscall package names.
func sysSignalTable() []sysSignal {
	return []sysSignal{
		{"SIGHUP", syscall.SIGHUP}, {"SIGINT", syscall.SIGINT}, {"SIGQUIT", syscall.SIGQUIT},
		{"SIGILL", syscall.SIGILL}, {"SIGTRAP", syscall.SIGTRAP}, {"SIGABRT", syscall.SIGABRT},
		{"SIGBUS", syscall.SIGBUS}, {"SIGFPE", syscall.SIGFPE}, {"SIGKILL", syscall.SIGKILL},
		{"SIGSEGV", syscall.SIGSEGV}, {"SIGPIPE", syscall.SIGPIPE}, {"SIGALRM", syscall.SIGALRM},
		{"SIGTERM", syscall.SIGTERM},
	}
}
