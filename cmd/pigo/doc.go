// Command pigo hosts pi extensions: it loads TS/JS extensions into the
// engine, reports what they registered, and runs their tools. It also runs
// pi's non-interactive modes with pi's flags and wire formats, so clients
// written for pi drive pigo unchanged: `pigo -p "prompt"` (text),
// `pigo --mode json` and `pigo --mode rpc` (agent_mode.go, print.go,
// rpc.go). `pigo build` writes a standalone executable: pigo with an app
// appended, which every pigo binary looks for at start (package pigo's
// Build and Embedded).
//
// main is the only code that touches the process (os.Args, environment,
// standard streams, exit); everything else receives an *IO.
package main
