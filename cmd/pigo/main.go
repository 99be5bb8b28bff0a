package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/pigo-dev/pigo"
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
		Getenv: os.Getenv, Environ: os.Environ(), Cwd: cwd, StdinTTY: tty, FS: pigo.OSFS{},
	}))
}
