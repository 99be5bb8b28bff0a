package agentsession

import (
	"context"
	"fmt"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// Interactive is pi's interactive mode: a client (the terminal UI) that
// talks to the session host on conn until the user quits. It returns the
// process's exit code.
type Interactive func(ctx context.Context, conn protocol.Conn, opts InteractiveOptions) ExitCode

// InteractiveOptions is what the interactive client gets besides its
// connection.
type InteractiveOptions struct {
	IO *IO
	// Messages are sent as prompts once the UI is up (pi "question":
	// the first one carries @file contents).
	Messages []string
	// Images go with the first message.
	Images []any
	// ModelsJSONError is pi 1.6's ModelRuntime.getError() text for
	// models.json ("" when it loaded), which pi's interactive mode shows
	// at startup as "Error: models.json error: ...".
	ModelsJSONError string
	// AgentDir is pi's agent directory (keybindings.json, themes).
	AgentDir string
	// SessionDir is where this session's files are ("" for --no-session).
	SessionDir string
	// TUIMode is "fullscreen" or "regular": --tui-mode, else settings'
	// tuiMode, else "fullscreen".
	TUIMode string
	// Theme is --use-theme, the theme of this run over settings' ("" when
	// not given).
	Theme string
	// Verbose is --verbose: the startup header and resources shown and
	// expanded whatever quietStartup says.
	Verbose bool
	// Setting is a value of pi's merged settings (global, then project):
	// theme, hideThinkingBlock, quietStartup, doubleEscapeAction, ...
	Setting func(key string) any
}

const tuiClientID = "tui"

// runInteractive serves the session to the interactive client in this
// process, through the same codec a remote client would use.
func runInteractive(ctx context.Context, rt *agentRuntime, ui Interactive) ExitCode {
	hostEnd, clientEnd := protocol.Pipe()
	srv := newServer(rt, hostEnd, tuiClientID, ServeOptions{Components: true})
	rt.start(ctx)
	opts := InteractiveOptions{IO: rt.io, AgentDir: rt.agentDir, SessionDir: rt.sessionDir,
		TUIMode: rt.flags.tuiMode, Theme: rt.flags.useTheme, Verbose: rt.flags.verbose, Setting: rt.settings.get, ModelsJSONError: modelsJSONError(rt.reg.Problems())}
	if opts.TUIMode == "" {
		opts.TUIMode = rt.settings.str("tuiMode")
	}
	if opts.TUIMode != "regular" {
		opts.TUIMode = "fullscreen"
	}
	initial, images, err := initialMessage(rt)
	if err != nil {
		fmt.Fprintf(rt.io.Stderr, "Error: %v\n", err)
		srv.shutdown()
		return ExitFailure
	}
	if initial != nil {
		opts.Messages, opts.Images = append([]string{*initial}, rt.flags.messages...), images
	}
	served := make(chan struct{})
	go func() { defer close(served); srv.serve(ctx, hostEnd) }()
	if stop := rt.hotReload(ctx); stop != nil {
		defer stop()
	}
	code := ui(ctx, clientEnd, opts)
	_ = clientEnd.Close() // the host sees the client leave
	<-served
	srv.shutdown()
	_ = hostEnd.Close()
	return code
}

// hotReload watches the extension files, as pigo dev does: a save reloads
// that plugin (a broken save keeps the generation that works), a new file
// in a discovered place loads and a deleted one unloads, the session's
// resources are found again, and the client hears an extension_reload
// event {plugin, ok, generation, added, removed, changed, error, ms, and
// appeared or gone: the file}. Settings "hotReload": false turns it off. It returns how to
// stop, or nil.
func (rt *agentRuntime) hotReload(ctx context.Context) (stop func()) {
	if rt.app.Watch == nil || rt.settings.get("hotReload") == false {
		return nil
	}
	stop, err := rt.app.Watch(func(r Reload) {
		rt.followDiscovery(r)
		ev := reloadEvent(r)
		if r.OK {
			rt.reloadResources(context.WithoutCancel(ctx), "reload")
		}
		rt.emit(ev)
	})
	if err != nil {
		fmt.Fprintf(rt.io.Stderr, "Warning: hot reload unavailable: %v\n", err)
		return nil
	}
	return stop
}

// reloadEvent is the extension_reload event of a reload (see hotReload).
func reloadEvent(r Reload) map[string]any {
	ev := map[string]any{"type": "extension_reload", "plugin": r.Plugin, "ok": r.OK, "generation": float64(r.Live),
		"added": r.Added, "removed": r.Removed, "changed": r.Changed, "ms": float64(r.Elapsed.Milliseconds())}
	switch {
	case r.Appeared != nil:
		ev["appeared"] = r.Appeared.Path
	case r.Gone != nil:
		ev["gone"] = r.Gone.Path
	}
	if !r.OK && r.Error != nil {
		ev["error"] = loadErrorText(r.Error)
	}
	return ev
}

// ServeOptions say what a client can do.
type ServeOptions struct {
	// Components: the client draws extension components ("pi.component"
	// views), as a terminal UI does; without it ctx.ui.custom and the
	// component factories are dropped, as for pi's RPC clients.
	Components bool
	// Headless: the client shows no UI (print and JSON mode): ctx.hasUI
	// is false and dialogs resolve to their defaults at once.
	Headless bool
}

// Serve connects a client to the session: its records on conn are pi's
// RPC commands (and view messages); events, responses, view sync and
// extension UI calls go to it. One client at a time; it replaces the
// Subscribe sink. Serve returns when the client closes its side, an
// extension asks to shut down, or ctx ends; the session keeps running
// until Close.
func (s *Session) Serve(ctx context.Context, conn protocol.Conn, opts ServeOptions) {
	srv := newServer(s.rt, conn, "client", opts)
	srv.serve(ctx, conn)
	srv.wg.Wait()
}
