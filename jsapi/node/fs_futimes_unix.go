//go:build unix

package node

import (
	"os"
	"syscall"
	"time"
)

// fsFutimes sets f's access and modification times by descriptor
// (futimes), so a renamed or unlinked file is still the one changed.
func fsFutimes(f *os.File, atime, mtime time.Time) error {
	tv := []syscall.Timeval{syscall.NsecToTimeval(atime.UnixNano()), syscall.NsecToTimeval(mtime.UnixNano())}
	return syscall.Futimes(int(f.Fd()), tv)
}
