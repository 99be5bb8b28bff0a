//go:build unix

package node

import (
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/dop251/goja"
)

// processIDs defines getuid, geteuid, getgid, getegid and getgroups.
// Loop only.
func processIDs(vm *goja.Runtime, p *goja.Object) {
	for name, fn := range map[string]func() int{
		"getuid": os.Getuid, "geteuid": os.Geteuid, "getgid": os.Getgid, "getegid": os.Getegid,
	} {
		sysMethod(vm, p, name, func(goja.FunctionCall) goja.Value { return vm.ToValue(fn()) })
	}
	sysMethod(vm, p, "getgroups", func(goja.FunctionCall) goja.Value {
		groups, _ := os.Getgroups()
		out := make([]any, len(groups))
		for i, g := range groups {
			out[i] = g
		}
		return vm.NewArray(out...)
	})
}

// processUmask reads the umask without changing it (umask(2) can only be
// read by setting it, which would race with other goroutines creating
// files): from /proc/self/status where available, else the usual 0o022.
func processUmask() int {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "Umask:"); ok {
				if n, err := strconv.ParseInt(strings.TrimSpace(rest), 8, 32); err == nil {
					return int(n)
				}
			}
		}
	}
	return 0o022
}

// processCPU is the process's user and system CPU time in microseconds.
func processCPU() (user, system float64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return float64(ru.Utime.Sec)*1e6 + float64(ru.Utime.Usec), float64(ru.Stime.Sec)*1e6 + float64(ru.Stime.Usec)
}

// processSignal sends sig to pid.
func processSignal(pid int, sig syscall.Signal) error {
	return syscall.Kill(pid, sig)
}

// processOwnGroup is pigo's process group id.
func processOwnGroup() int {
	return syscall.Getpgrp()
}
