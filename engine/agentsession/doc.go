// Package agentsession is pi's AgentSession in Go: one agent session with
// the app's extensions, pi's settings, session file, models, system
// prompt, prompt templates and skills, queues, compaction, retries,
// session switching, bash, and pi's print, JSON and RPC modes as its
// clients. It never reads os globals: the caller hands it an IO (working
// directory, environment, file system, streams) and an Opener, the
// composition root that opens its app (package pigo provides both for
// real programs). As pi 1.6 does, it uses a project's own extensions,
// settings, skills, prompts and system prompt files only when the project
// is trusted, decided once the user's extensions have loaded (trust.go,
// engine/projecttrust).
//
// Two ways in:
//   - Run(ctx, args, io, open) is pi's non-interactive CLI (-p, --mode json,
//     --mode rpc, --export, --list-models) with pi's flags.
//   - Start(ctx, Options) gives a Go program a Session: Subscribe to its
//     events, Prompt, read Messages, Close (see examples/embed).
//
// The RPC mode writes pi's JSONL byte for byte; differential tests in
// cmd/pigo run the same scripts through real pi and compare.
package agentsession
