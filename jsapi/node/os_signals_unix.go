//go:build unix

package node

import "syscall"

// sysSignal is a named signal.
type sysSignal struct {
	name string
	sig  syscall.Signal
}

// sysSignalTable lists the signals of os.constants.signals, by number.
func sysSignalTable() []sysSignal {
	return []sysSignal{
		{"SIGHUP", syscall.SIGHUP}, {"SIGINT", syscall.SIGINT}, {"SIGQUIT", syscall.SIGQUIT},
		{"SIGILL", syscall.SIGILL}, {"SIGTRAP", syscall.SIGTRAP}, {"SIGABRT", syscall.SIGABRT},
		{"SIGIOT", syscall.SIGIOT}, {"SIGBUS", syscall.SIGBUS}, {"SIGFPE", syscall.SIGFPE},
		{"SIGKILL", syscall.SIGKILL}, {"SIGUSR1", syscall.SIGUSR1}, {"SIGSEGV", syscall.SIGSEGV},
		{"SIGUSR2", syscall.SIGUSR2}, {"SIGPIPE", syscall.SIGPIPE}, {"SIGALRM", syscall.SIGALRM},
		{"SIGTERM", syscall.SIGTERM}, {"SIGCHLD", syscall.SIGCHLD}, {"SIGCONT", syscall.SIGCONT},
		{"SIGSTOP", syscall.SIGSTOP}, {"SIGTSTP", syscall.SIGTSTP}, {"SIGTTIN", syscall.SIGTTIN},
		{"SIGTTOU", syscall.SIGTTOU}, {"SIGURG", syscall.SIGURG}, {"SIGXCPU", syscall.SIGXCPU},
		{"SIGXFSZ", syscall.SIGXFSZ}, {"SIGVTALRM", syscall.SIGVTALRM}, {"SIGPROF", syscall.SIGPROF},
		{"SIGWINCH", syscall.SIGWINCH}, {"SIGIO", syscall.SIGIO}, {"SIGSYS", syscall.SIGSYS},
	}
}
