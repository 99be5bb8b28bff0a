package main

import "io"

// IO is the process world handed down from main: streams, environment and
// working directory. Nothing below main reads os globals.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	Cwd            string
}

// ExitCode is pigo's process exit status.
type ExitCode int

const (
	ExitOK      ExitCode = 0 // success
	ExitFailure ExitCode = 1 // a plugin failed to load, a tool failed, bad input
	ExitUsage   ExitCode = 2 // wrong command line
)
