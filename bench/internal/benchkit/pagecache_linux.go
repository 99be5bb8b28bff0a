package benchkit

import (
	"os"

	"golang.org/x/sys/unix"
)

// dropFromPageCache writes file's dirty pages and asks the kernel to drop
// its cached pages.
func dropFromPageCache(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		return err
	}
	return unix.Fadvise(int(f.Fd()), 0, 0, unix.FADV_DONTNEED)
}
