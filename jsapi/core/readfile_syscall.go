//go:build linux || darwin

package core

import "syscall"

// readFile reads a whole file into buf's storage (grown as needed) with
// plain system calls: open, read until EOF, close. os.ReadFile also
// stats the file and registers the descriptor with the runtime poller,
// which is most of the cost of grepping a tree of small files. O_NONBLOCK
// keeps a FIFO swapped in after the walk saw a regular file from blocking
// the open (regular files ignore the flag).
func readFile(path string, buf []byte) ([]byte, error) {
	var fd int
	for {
		var err error
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err == nil {
			break
		}
		if err != syscall.EINTR {
			return nil, err
		}
	}
	defer syscall.Close(fd)
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Read(fd, buf[len(buf):cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
	}
}
