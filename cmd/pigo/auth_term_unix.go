//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// quietInterrupt stops the terminal from drawing Ctrl+C as "^C" while a
// login question waits (pi's readline draws nothing); restore undoes it.
func quietInterrupt(in *os.File) (restore func()) {
	fd := int(in.Fd())
	st, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
	if err != nil {
		return func() {}
	}
	quiet := *st
	quiet.Lflag &^= unix.ECHOCTL
	if unix.IoctlSetTermios(fd, ioctlSetTermios, &quiet) != nil {
		return func() {}
	}
	return func() { _ = unix.IoctlSetTermios(fd, ioctlSetTermios, st) }
}
