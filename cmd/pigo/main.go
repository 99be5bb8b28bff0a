package main

import (
	"context"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"
)

func main() { os.Exit(mainExit()) }

// mainExit wires the process into run; testscript calls it too.
func mainExit() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	cwd, _ := os.Getwd()
	tty := false
	if st, err := os.Stdin.Stat(); err == nil {
		tty = st.Mode()&os.ModeCharDevice != 0
	}
	return int(run(ctx, os.Args[1:], &IO{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, Environ: os.Environ(), Cwd: cwd, StdinTTY: tty, FS: osFS{},
	}))
}

// osFS is the real file system.
type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }
func (osFS) WriteFile(name string, data []byte, perm fs.FileMode) error {
	return os.WriteFile(name, data, perm)
}
func (osFS) Stat(name string) (fs.FileInfo, error)        { return os.Stat(name) }
func (osFS) MkdirAll(path string, perm fs.FileMode) error { return os.MkdirAll(path, perm) }
func (osFS) Rename(oldpath, newpath string) error         { return os.Rename(oldpath, newpath) }
func (osFS) Create(name string) (io.WriteCloser, error)   { return os.Create(name) }
