package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

const devHelp = `usage: pigo dev [--app FILE] [-e PATH]... [--json] [--no-stdin] [--no-cache] [--no-extensions]

Load the extensions, watch their files and hot-reload a plugin whenever one
of its files changes (its entry, local imports, package.json, and the
node_modules files its bundle uses). A new extension file in a discovered
place (.pi/extensions, the agent dir's extensions, settings entries) loads,
a deleted one unloads. A broken save keeps the previous
generation serving; a plugin that fails at start is watched and loads once
fixed. Runs until stdin ends, :quit, or an interrupt.

Every reload prints one line:
  reload <plugin> gen <n> ok <ms>ms +tool:x -command:y ~tool:z
  reload <plugin> gen <n> FAILED <ms>ms, keeping generation <m>
followed, on failure, by each error as file:line:col and a code frame.
+ added, - removed, ~ changed; kinds: tool, command, hook, provider,
resource, setting.

Input lines (stdin):
  /name args          run an extension command
  !tool NAME {json}   run a tool with JSON arguments (default {}), print the result
  :reload             reload every plugin now

What commands send through ctx.ui prints as "ui PLUGIN notify|status|widget|...".
  :check              print what each plugin registered (as pigo check)
  :help               this text
  :quit               stop

Flags:
  --app FILE            the app manifest (default: pi's built-in tools)
  -e, --extension PATH  an extension file or directory (repeatable)
  --json                one JSON object per line per event:
                        {"event":"load"|"reload","plugin","generation","live","ok","ms",
                         "added":[],"removed":[],"changed":[],"error","diagnostics":[],...}
                        {"event":"ready"}, {"event":"tool"|"command","name","ok","ms",...},
                        {"event":"diagnostic",...}, {"event":"check","report"},
                        {"event":"error","error"}
  --no-stdin            do not read commands; run until interrupted
  --no-cache            do not use the on-disk bundle cache
  --no-extensions       load only the -e paths, not the extensions pi would discover
  --no-builtin-tools    leave out the app's bundled plugins (pi's built-in tools)
`

// runDev implements `pigo dev`.
func runDev(ctx context.Context, args []string, io *IO) ExitCode {
	for _, a := range args {
		if a == "-h" || a == "--help" || a == "-help" {
			fmt.Fprint(io.Stdout, devHelp)
			return ExitOK
		}
	}
	f, err := parseFlags(args)
	if err == nil && len(f.positional) > 0 {
		err = fmt.Errorf("unexpected argument %q", f.positional[0])
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo dev: %v\n%s", err, devHelp)
		return ExitUsage
	}
	out := &devOutput{io: io, json: f.json}
	d := &devSession{io: io, out: out}
	if err := d.start(ctx, f); err != nil {
		fmt.Fprintf(io.Stderr, "pigo dev: %v\n", err)
		return ExitUsage
	}
	defer d.stop()

	if f.noStdin {
		<-ctx.Done()
		return ExitOK
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(io.Stdin)
		sc.Buffer(make([]byte, 64<<10), 4<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return ExitOK
		case line, ok := <-lines:
			if !ok || !d.input(ctx, line) {
				return ExitOK
			}
		}
	}
}

// devSession is an opened app, its reloader and watcher.
type devSession struct {
	io     *IO
	out    *devOutput
	app    *pigo.App
	host   *engine.Host
	r      *watch.Reloader
	w      *watch.Watcher
	cancel context.CancelFunc
	done   chan struct{}
}

// start opens the app (as check does, plus a diagnostics hook and a
// reloader that reports), reports each extension's load, starts watching
// and prints "ready". Bundled plugins load too (their tools can be run)
// but are not reported: they have no files to edit.
func (d *devSession) start(ctx context.Context, f flags) error {
	opts, err := pigo.SourceOptions(f.AppSource, d.io)
	if err != nil {
		return err
	}
	opts.Host.OnDiagnostic = d.out.diagnostic
	opts.Reload.OnReload = d.out.reload
	app, err := pigo.New(opts)
	if err != nil {
		return err
	}
	for _, p := range app.Problems {
		d.out.err(errors.New(p.Message))
	}
	var exts []int // indexes of the plugins with files
	for i, p := range app.Plugins {
		if p.Path != "" {
			exts = append(exts, i)
		}
	}
	if len(exts) == 0 {
		return errors.New("no extensions to load (use -e PATH)")
	}
	d.app, d.host, d.r = app, app.Host, app.Reloader
	// pi's ctx.reload() reloads everything through the reloader, so the
	// reloads are reported like saves.
	piapi.Of(d.host).SetReloader(func(ctx context.Context) error {
		go d.r.ReloadAll(context.WithoutCancel(ctx))
		return nil
	})
	// What commands send through ctx.ui (notify, statuses, widgets, the
	// title, the editor text) is shown as lines: there is no UI to draw it.
	piapi.Of(d.host).UI().Observe(d.out.uiCall)
	results := app.Boot(ctx)
	files := 0
	for _, i := range exts {
		id := app.Plugins[i].ID
		d.out.load(results[i], watch.Registered(d.host, id))
		files += len(d.r.Files(id))
	}
	d.host.Emit(ctx, "session_start", map[string]any{"type": "session_start", "reason": "startup"})

	// A file dropped into a discovered place loads, a deleted one
	// unloads, reported as a save's reload is.
	w, err := app.NewWatcher(watch.WatcherOptions{OnError: d.out.err}, func(c pigo.Change) { d.out.reload(c.Reload) })
	if err != nil {
		d.out.err(fmt.Errorf("file watching unavailable: %w", err))
	} else {
		d.w = w
		rctx, cancel := context.WithCancel(ctx)
		d.cancel, d.done = cancel, make(chan struct{})
		go func() {
			defer close(d.done)
			_ = w.Run(rctx)
		}()
	}
	d.out.ready(len(exts), files)
	return nil
}

// stop ends watching, tells plugins the session ends and closes the host.
func (d *devSession) stop() {
	if d.w != nil {
		d.cancel()
		<-d.done
		_ = d.w.Close()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	d.host.Emit(ctx, "session_shutdown", map[string]any{"type": "session_shutdown", "reason": "quit"})
	_ = d.app.Close(ctx)
}

// input handles one stdin line; false means quit.
func (d *devSession) input(ctx context.Context, line string) bool {
	line = strings.TrimSpace(line)
	switch {
	case line == "":
	case line == ":quit" || line == ":q" || line == ":exit":
		return false
	case line == ":reload":
		d.r.ReloadAll(ctx) // each reload is reported through OnReload
	case line == ":check":
		d.out.check(d.host)
	case line == ":help" || line == "?":
		d.out.text(devHelp)
	case strings.HasPrefix(line, "/"):
		d.command(ctx, line)
	case strings.HasPrefix(line, "!tool ") || line == "!tool":
		d.tool(ctx, strings.TrimSpace(strings.TrimPrefix(line, "!tool")))
	default:
		d.out.err(fmt.Errorf("unknown input %q (try :help)", line))
	}
	return true
}

// command runs "/name args".
func (d *devSession) command(ctx context.Context, line string) {
	name, _, _ := strings.Cut(strings.TrimPrefix(line, "/"), " ")
	if _, ok := d.host.Commands().Current().Get(name); !ok && name == "reload" {
		d.r.ReloadAll(ctx) // pi's built-in /reload, unless an extension defines one
		return
	}
	start := time.Now()
	err := d.host.RunCommand(ctx, line)
	d.out.result("command", name, time.Since(start), nil, err)
}

// tool runs "NAME {json}".
func (d *devSession) tool(ctx context.Context, rest string) {
	name, args, _ := strings.Cut(rest, " ")
	if name == "" {
		d.out.err(fmt.Errorf("usage: !tool NAME {json}"))
		return
	}
	var params any = map[string]any{}
	if args = strings.TrimSpace(args); args != "" {
		if err := json.Unmarshal([]byte(args), &params); err != nil {
			d.out.result("tool", name, 0, nil, fmt.Errorf("arguments are not valid JSON: %w", err))
			return
		}
	}
	start := time.Now()
	res, err := d.host.RunTool(ctx, name, engine.ToolCall{ID: "dev_" + name, Params: params,
		Context: map[string]any{"cwd": d.io.Cwd}})
	if err == nil && res.IsError {
		err = fmt.Errorf("%s", res.Text())
	}
	d.out.result("tool", name, time.Since(start), &res, err)
}

// devOutput prints events, as text lines or one JSON object per line. Each
// event is written with one Write under a lock, so events from the
// watcher, plugins and stdin never interleave. Safe from any goroutine.
type devOutput struct {
	io   *IO
	json bool
	mu   sync.Mutex
}

// devEvent is the JSON shape of load and reload events.
type devEvent struct {
	Event       string              `json:"event"`
	Plugin      string              `json:"plugin"`
	Generation  int                 `json:"generation"`
	Live        int                 `json:"live"`
	OK          bool                `json:"ok"`
	MS          float64             `json:"ms"`
	Added       []string            `json:"added"`
	Removed     []string            `json:"removed"`
	Changed     []string            `json:"changed"`
	Error       *string             `json:"error"`
	Diagnostics []engine.Diagnostic `json:"diagnostics"`
	Trigger     string              `json:"trigger,omitempty"`
	Files       []string            `json:"files,omitempty"`
}

// resultEvent is the JSON shape of tool and command results.
type resultEvent struct {
	Event  string             `json:"event"`
	Name   string             `json:"name"`
	OK     bool               `json:"ok"`
	MS     float64            `json:"ms"`
	Result *engine.ToolResult `json:"result,omitempty"`
	Error  *string            `json:"error"`
}

func (o *devOutput) write(b []byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, _ = o.io.Stdout.Write(b)
}

func (o *devOutput) emitJSON(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(struct {
			Event string `json:"event"`
			Error string `json:"error"`
		}{"error", err.Error()})
	}
	o.write(append(b, '\n'))
}

func (o *devOutput) text(s string) {
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	o.write([]byte(s))
}

// load reports a plugin's first load; added lists what it registered.
func (o *devOutput) load(r engine.LoadResult, added []string) {
	ev := devEvent{Event: "load", Plugin: r.Plugin, Generation: r.Generation, Live: r.Generation, OK: r.OK,
		MS: ms(r.Elapsed), Added: added, Removed: []string{}, Changed: []string{}, Diagnostics: []engine.Diagnostic{}}
	if !r.OK {
		ev.Live, ev.Added = 0, []string{}
	}
	o.loadEvent(ev, r.Err, func(b *bytes.Buffer) {
		if r.OK {
			fmt.Fprintf(b, "load %s gen %d ok %s", r.Plugin, r.Generation, watch.Millis(r.Elapsed))
			for _, c := range added {
				b.WriteString(" +" + c)
			}
		} else {
			fmt.Fprintf(b, "load %s FAILED %s, waiting for a fix", r.Plugin, watch.Millis(r.Elapsed))
		}
	})
}

// reload reports one reload (Reloader.OnReload).
func (o *devOutput) reload(r watch.Reload) {
	ev := devEvent{Event: "reload", Plugin: r.Plugin, Generation: r.Generation, Live: r.Live, OK: r.OK,
		MS: ms(r.Elapsed), Added: r.Added, Removed: r.Removed, Changed: r.Changed,
		Diagnostics: []engine.Diagnostic{}, Trigger: r.Trigger}
	for _, f := range r.Files {
		ev.Files = append(ev.Files, relPath(o.io, f))
	}
	o.loadEvent(ev, r.Error, func(b *bytes.Buffer) { b.WriteString(r.String()) })
}

// loadEvent prints a load or reload: the headline, then on failure every
// diagnostic as "  file:line:col: where: text" with its code frame.
func (o *devOutput) loadEvent(ev devEvent, perr *engine.PluginError, headline func(*bytes.Buffer)) {
	var diags []engine.Diagnostic
	if perr != nil {
		diags = perr.Diagnostics
		if len(diags) == 0 {
			diags = []engine.Diagnostic{{Plugin: perr.Plugin, Severity: engine.SeverityError, Text: perr.Error()}}
		}
	}
	if o.json {
		for _, d := range diags {
			ev.Diagnostics = append(ev.Diagnostics, relDiagnostic(o.io, d))
		}
		if len(diags) > 0 {
			s := diagText(o.io, diags[0])
			ev.Error = &s
		}
		o.emitJSON(ev)
		return
	}
	var b bytes.Buffer
	headline(&b)
	b.WriteByte('\n')
	for _, d := range diags {
		writeDiagnostic(&b, o.io, "  ", d)
	}
	o.write(b.Bytes())
}

func (o *devOutput) ready(plugins, files int) {
	if o.json {
		o.emitJSON(struct {
			Event   string `json:"event"`
			Plugins int    `json:"plugins"`
			Files   int    `json:"files"`
		}{"ready", plugins, files})
		return
	}
	o.text(fmt.Sprintf("ready: watching %d plugin(s), %d file(s); type :help for commands", plugins, files))
}

// result reports a tool or command run.
func (o *devOutput) result(kind, name string, d time.Duration, res *engine.ToolResult, err error) {
	if o.json {
		ev := resultEvent{Event: kind, Name: name, OK: err == nil, MS: ms(d), Result: res}
		if err != nil {
			s := errText(o.io, err)
			ev.Error = &s
		}
		o.emitJSON(ev)
		return
	}
	if err != nil {
		// A multi-line message (schema validation) stays one event:
		// continuation lines are indented.
		msg := strings.ReplaceAll(strings.TrimRight(errText(o.io, err), "\n"), "\n", "\n  ")
		o.text(fmt.Sprintf("%s %s FAILED %s: %s", kind, name, watch.Millis(d), msg))
		return
	}
	line := fmt.Sprintf("%s %s ok %s", kind, name, watch.Millis(d))
	if res != nil {
		b, _ := json.Marshal(res)
		line += " " + string(b)
	}
	o.text(line)
}

// uiCall prints a fire-and-forget ctx.ui call: "ui ext notify info: msg",
// "ui ext status key: text" (cleared: "ui ext status key cleared"), "ui ext
// widget key: line | line", "ui ext title: text"; JSON: {"event":"ui",
// "plugin","op","key","value"}.
func (o *devOutput) uiCall(c piapi.UICall) {
	if o.json {
		o.emitJSON(struct {
			Event  string `json:"event"`
			Plugin string `json:"plugin"`
			Op     string `json:"op"`
			Key    string `json:"key,omitempty"`
			Value  any    `json:"value"`
		}{"ui", c.Plugin, c.Op, c.Sub, c.Value})
		return
	}
	head := "ui " + c.Plugin + " "
	if c.Value == nil {
		o.text(strings.TrimSpace(head + strings.ToLower(strings.TrimPrefix(c.Op, "set")) + " " + c.Sub + " cleared"))
		return
	}
	m, _ := c.Value.(map[string]any)
	switch c.Op {
	case "notify":
		level, _ := m["type"].(string)
		if level == "" {
			level = "info"
		}
		o.text(fmt.Sprintf("%snotify %s: %v", head, level, m["message"]))
	case "setStatus":
		o.text(fmt.Sprintf("%sstatus %s: %v", head, c.Sub, c.Value))
	case "setWidget":
		if lines, ok := m["lines"].([]any); ok {
			parts := make([]string, len(lines))
			for i, l := range lines {
				parts[i] = fmt.Sprint(l)
			}
			o.text(fmt.Sprintf("%swidget %s: %s", head, c.Sub, strings.Join(parts, " | ")))
		} else {
			o.text(fmt.Sprintf("%swidget %s: (component)", head, c.Sub))
		}
	default:
		b, _ := json.Marshal(c.Value)
		o.text(fmt.Sprintf("%s%s: %s", head, strings.ToLower(strings.TrimPrefix(c.Op, "set")), b))
	}
}

// diagnostic prints what plugins log and report while running (console
// output, timer and effect errors, rebuild problems). Load and reload
// failures are printed with their event instead.
func (o *devOutput) diagnostic(d engine.Diagnostic) {
	switch d.Where {
	case "resolve", "bundle", "compile", "factory", "load", "reload", "manifest", "tier check":
		return
	}
	if o.json {
		o.emitJSON(struct {
			Event string `json:"event"`
			engine.Diagnostic
		}{"diagnostic", relDiagnostic(o.io, d)})
		return
	}
	var b bytes.Buffer
	if d.Where == "log" {
		fmt.Fprintf(&b, "log %s: %s\n", d.Plugin, d.Text)
	} else {
		writeDiagnostic(&b, o.io, string(d.Severity)+" "+d.Plugin+": ", d)
	}
	o.write(b.Bytes())
}

// check prints the plugin report (as pigo check).
func (o *devOutput) check(h *engine.Host) {
	rep := h.Report()
	for i := range rep.Plugins {
		p := &rep.Plugins[i]
		p.Path = relPath(o.io, p.Path)
		if p.Location != nil {
			l := *p.Location
			l.File = relPath(o.io, l.File)
			p.Location = &l
		}
		for j := range p.Diagnostics {
			p.Diagnostics[j] = relDiagnostic(o.io, p.Diagnostics[j])
		}
	}
	if o.json {
		o.emitJSON(struct {
			Event  string        `json:"event"`
			Report engine.Report `json:"report"`
		}{"check", rep})
		return
	}
	var results []engine.LoadResult
	for _, p := range h.Plugins() {
		results = append(results, engine.LoadResult{Plugin: p.ID, Generation: p.Generation, Err: p.Error})
	}
	var b bytes.Buffer
	printReport(&IO{Stdout: &b, Cwd: o.io.Cwd}, rep, results)
	o.write(b.Bytes())
}

// err reports a problem that is not a plugin's (bad input, watcher).
func (o *devOutput) err(err error) {
	if o.json {
		o.emitJSON(struct {
			Event string `json:"event"`
			Error string `json:"error"`
		}{"error", err.Error()})
		return
	}
	o.text("error: " + err.Error())
}

// writeDiagnostic renders "prefix file:line:col: where: text" and the
// diagnostic's notes (the code frame) indented below it.
func writeDiagnostic(b *bytes.Buffer, io *IO, prefix string, d engine.Diagnostic) {
	fmt.Fprintf(b, "%s%s\n", prefix, diagText(io, d))
	for _, n := range d.Notes {
		for _, ln := range strings.Split(strings.TrimRight(n, "\n"), "\n") {
			fmt.Fprintf(b, "%s    %s\n", strings.Repeat(" ", len(prefix)), ln)
		}
	}
}

// relDiagnostic returns d with its file relative to the working directory.
func relDiagnostic(io *IO, d engine.Diagnostic) engine.Diagnostic {
	if d.Location != nil {
		l := *d.Location
		l.File = relPath(io, l.File)
		d.Location = &l
	}
	return d
}

func ms(d time.Duration) float64 {
	return float64(d.Round(100*time.Microsecond)) / float64(time.Millisecond)
}
