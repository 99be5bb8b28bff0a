package agentsession

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
)

// ProviderSource adds model providers to a session's registry before its
// model is chosen (provider.Scripted is one).
type ProviderSource interface {
	Register(r *provider.Registry) error
}

// Options start a session in a Go program.
type Options struct {
	// IO is the session's world (working directory, environment, file
	// system, where warnings go). Stdin and Stdout are not used.
	IO *IO
	// Open opens the session's app (pigo.SessionOpener).
	Open Opener
	// Args are pi's options, the words pi takes on its command line
	// (--model provider/id, -e PATH, --no-session, --session FILE,
	// --thinking LEVEL, --tools a,b, --app FILE, ...). Messages and modes
	// are not taken here: call Prompt.
	Args []string
	// Providers are registered before the model is chosen.
	Providers []ProviderSource
}

// Session is pi's agent session in a Go program: the app's extensions,
// the model registry, the session file and the agent loop.
type Session struct {
	rt *agentRuntime
}

// Start does pi's startup (settings, session file, extensions, models,
// agent) and tells the extensions the session started. The error carries
// pi's startup diagnostics.
func Start(ctx context.Context, opts Options) (*Session, error) {
	if opts.IO == nil || opts.Open == nil {
		return nil, errors.New("agentsession.Start: IO and Open are required")
	}
	f := parsePiFlags(opts.Args)
	if len(f.messages) > 0 || len(f.fileArgs) > 0 || f.mode != "" || f.print {
		return nil, errors.New("agentsession.Start: Args take options only (no messages, @files or modes); call Prompt")
	}
	// Startup diagnostics go to the caller's stderr and into the error.
	var stderr strings.Builder
	world := opts.IO.Stderr
	if world == nil {
		world = io.Discard
	}
	sio := *opts.IO
	sio.Stderr = io.MultiWriter(&stderr, world)
	f.mode = "json" // events go to the subscriber; no UI
	rt, code := startAgentRuntime(ctx, &sio, f, opts.Open, opts.Providers)
	if rt == nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = "startup failed"
		}
		return nil, &StartError{Code: code, Message: msg}
	}
	rt.consoleMu.Lock() // extension loops may be logging already
	rt.io.Stderr = world
	rt.consoleMu.Unlock()
	rt.setExtError(func(path, _, message string) { fmt.Fprintf(world, "Extension error (%s): %s\n", path, message) })
	rt.start(ctx)
	return &Session{rt: rt}, nil
}

// StartError is a failed startup: pi's diagnostics and its exit code.
type StartError struct {
	Code    ExitCode
	Message string
}

func (e *StartError) Error() string { return e.Message }

// Subscribe routes every session event (agent_start, message_update,
// tool_execution_end, ..., as pi's JSON mode prints them) to f; one
// subscriber at a time, nil stops. f runs on the agent's goroutine.
func (s *Session) Subscribe(f func(ev map[string]any)) { s.rt.setSink(f) }

// Prompt sends a user message (or runs an extension command) and waits
// until the agent is done with it. A preflight failure (no model, no API
// key) is returned; a failed reply is in the messages (stopReason
// "error").
func (s *Session) Prompt(ctx context.Context, text string) error {
	return s.rt.promptAndWait(ctx, text, nil)
}

// Messages returns the conversation.
func (s *Session) Messages() []agent.Message { return s.rt.agent.Messages() }

// Host is the session's engine host (tools, commands, views).
func (s *Session) Host() *engine.Host { return s.rt.host }

// Close tells the extensions the session ends, aborts what runs, closes
// the session file and unloads the app.
func (s *Session) Close() { s.rt.shutdown(nil) }
