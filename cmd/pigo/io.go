package main

import "github.com/pigo-dev/pigo/engine/agentsession"

// IO is the process world handed down from main (streams, environment,
// working directory); nothing below main reads os globals.
type IO = agentsession.IO

// ExitCode is pigo's process exit status.
type ExitCode = agentsession.ExitCode

const (
	ExitOK      = agentsession.ExitOK
	ExitFailure = agentsession.ExitFailure
	ExitUsage   = agentsession.ExitUsage
)
