package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/term"

	"github.com/pigo-dev/pigo"
)

func main() { os.Exit(mainExit()) }

// mainExit wires the process into run; testscript calls it too.
func mainExit() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	// An executable made by `pigo build` carries an app; a payload that
	// cannot be read stops every command here, naming the file, rather
	// than running without the plugins it was built with.
	if _, err := pigo.Embedded(); err != nil {
		fmt.Fprintf(os.Stderr, "pigo: %v\n", err)
		return int(ExitFailure)
	}
	cwd, _ := os.Getwd()
	// A character device is not a terminal (/dev/null is one): ask the
	// terminal driver.
	tty := term.IsTerminal(int(os.Stdin.Fd()))
	ttyOut := term.IsTerminal(int(os.Stdout.Fd()))
	return int(run(ctx, os.Args[1:], &IO{
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, Environ: os.Environ(), Cwd: cwd, StdinTTY: tty, StdoutTTY: ttyOut, FS: pigo.OSFS{},
	}))
}
