// Command pigo hosts pi extensions: it loads TS/JS extensions into the
// engine, reports what they registered, and runs their tools.
//
// main is the only code that touches the process (os.Args, environment,
// standard streams, exit); everything else receives an *IO.
package main
