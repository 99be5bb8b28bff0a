//go:build !unix

package node

import (
	"os"
	"time"
)

// fsFutimes sets f's times through its name: this platform has no
// futimes.
func fsFutimes(f *os.File, atime, mtime time.Time) error {
	return os.Chtimes(f.Name(), atime, mtime)
}
