// Command pigo hosts pi extensions: it loads TS/JS extensions into the
// engine, reports what they registered, and runs their tools. It also runs
// pi's modes with pi's flags and wire formats, so clients written for pi
// drive pigo unchanged: `pigo -p "prompt"` (text), `pigo --mode json` and
// `pigo --mode rpc` (engine/agentsession), and on a terminal `pigo` and
// `pigo "prompt"`, pi's interactive mode (engine/tui). `pigo build` writes a standalone executable: pigo with an app
// appended, which every pigo binary looks for at start (package pigo's
// Build and Embedded).
//
// main is the only code that touches the process (os.Args, environment,
// standard streams, exit); everything else receives an *IO.
package main
