package tui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// Options configure the terminal UI beyond what the session host gives
// it.
type Options struct {
	// Input and Output are the terminal (default: the session's stdin and
	// stdout).
	Input  io.Reader
	Output io.Writer
	// Cwd, Home, AgentDir, SessionDir locate the footer's path, themes,
	// keybindings and session files.
	Cwd, Home, AgentDir, SessionDir string
	// ModelsJSONError is what was wrong with models.json ("" when it
	// loaded), shown after the history as pi's startup does.
	ModelsJSONError string
	// TUIMode is "fullscreen" (alt screen, the default) or "regular"
	// (finished chat items go to the terminal's scrollback).
	TUIMode string
	// Theme is a theme name: dark, light, a theme file's name, or
	// "system" (or ""): dark or light after the terminal's background.
	Theme        string
	HideThinking bool
	// ShowCacheMissNotices is pi's showCacheMissNotices: cache warming
	// refreshes show their cost in the transcript.
	ShowCacheMissNotices bool
	// QuietStartup is pi's quietStartup: "true" hides the header and the
	// loaded resources, "header" only the resources (and the model
	// scope). Verbose (--verbose) shows them all, expanded.
	QuietStartup string
	Verbose      bool
	// DoubleEscape is pi's doubleEscapeAction: "tree" (default), "fork"
	// or "none", for escape twice on an empty, idle editor.
	DoubleEscape string
	// BranchSummarySkipPrompt is pi's branchSummary.skipPrompt: /tree
	// navigates without asking about a summary.
	BranchSummarySkipPrompt bool
	// TreeFilterMode is pi's treeFilterMode: /tree's first filter.
	TreeFilterMode string
	// Messages are sent as prompts once the UI is up; Images go with the
	// first.
	Messages []string
	Images   []any
	// WheelScrollLines is pi's fullscreenWheelScrollLines: lines per
	// mouse-wheel event in fullscreen mode, a number (1 to 100) or "auto".
	WheelScrollLines any
	// NoCopyOnSelect is pi's fullscreenCopyOnSelect false: a transcript
	// selection is copied by app.message.copy (ctrl+x), not on release.
	NoCopyOnSelect bool
	// Scrollbar is pi's fullscreenScrollbar: "auto" (shown a second after
	// each scroll; the default), "always" or "hidden".
	Scrollbar string
	// HideImages is terminal.showImages false; ImageWidthCells is
	// terminal.imageWidthCells (0: 60); ImagesSetting is terminal.images
	// ("kitty", "iterm2", false or "auto"; see images.go).
	HideImages      bool
	ImageWidthCells int
	ImagesSetting   any
	// ShareDestination is sessionShareDestination ("gist", "radius",
	// else "auto"): /share's destination.
	ShareDestination string
	// Width and Height fix the size when Output is not a terminal (tests).
	Width, Height int
	// Env is the environment bubbletea reads (TERM, COLORTERM, ...).
	Env []string
	// OpenURL opens a login's URL in the browser (default: the
	// platform's opener, as pi does).
	OpenURL func(url string)
}

func (o Options) themeDirs() []string {
	var dirs []string
	if o.Cwd != "" {
		dirs = append(dirs, filepath.Join(o.Cwd, ".pi", "themes"))
	}
	if o.AgentDir != "" {
		dirs = append(dirs, filepath.Join(o.AgentDir, "themes"))
	}
	return dirs
}

// Run is pi's interactive mode on the session's terminal: the
// agentsession.Interactive that cmd/pigo hands to agentsession.Run.
func Run(ctx context.Context, conn protocol.Conn, opts agentsession.InteractiveOptions) agentsession.ExitCode {
	return RunWith(ctx, conn, optionsFrom(opts))
}

// optionsFrom reads what the UI needs from the session's options and
// pi's settings.
func optionsFrom(opts agentsession.InteractiveOptions) Options {
	o := Options{Messages: opts.Messages, Images: opts.Images, AgentDir: opts.AgentDir, SessionDir: opts.SessionDir,
		TUIMode: opts.TUIMode, Verbose: opts.Verbose, ModelsJSONError: opts.ModelsJSONError}
	if get := opts.Setting; get != nil {
		o.Theme, _ = get("theme").(string)
		o.HideThinking, _ = get("hideThinkingBlock").(bool)
		o.ShowCacheMissNotices, _ = get("showCacheMissNotices").(bool)
		o.DoubleEscape, _ = get("doubleEscapeAction").(string)
		o.TreeFilterMode, _ = get("treeFilterMode").(string)
		o.WheelScrollLines = get("fullscreenWheelScrollLines")
		o.Scrollbar, _ = get("fullscreenScrollbar").(string)
		o.NoCopyOnSelect = get("fullscreenCopyOnSelect") == false
		if term, ok := get("terminal").(map[string]any); ok {
			o.HideImages = term["showImages"] == false
			if n, ok := term["imageWidthCells"].(float64); ok && n >= 1 {
				o.ImageWidthCells = int(n)
			}
			o.ImagesSetting = term["images"]
		}
		o.ShareDestination, _ = get("sessionShareDestination").(string)
		if bs, ok := get("branchSummary").(map[string]any); ok {
			o.BranchSummarySkipPrompt, _ = bs["skipPrompt"].(bool)
		}
		switch q := get("quietStartup").(type) {
		case bool:
			if q {
				o.QuietStartup = "true"
			}
		case string:
			if q == "header" { // pi takes true and "header", nothing else
				o.QuietStartup = q
			}
		}
	}
	if opts.Theme != "" { // --use-theme, for this run only
		o.Theme = opts.Theme
	}
	if w := opts.IO; w != nil {
		o.Input, o.Output, o.Cwd, o.Env = w.Stdin, w.Stdout, w.Cwd, w.Environ
		if w.Getenv != nil {
			o.Home = w.Getenv("HOME")
		}
	}
	return o
}

// RunWith runs the UI with explicit options until the user quits or the
// host closes the connection.
func RunWith(ctx context.Context, conn protocol.Conn, o Options) agentsession.ExitCode {
	m := newModel(conn, o)
	out := o.Output
	if f, ok := out.(*os.File); ok && m.vc.imageProto == "iterm2" {
		out = &imageWriter{File: f} // iTerm2 images travel as markers (iterm2.go)
	}
	_, err := runProgram(ctx, m, o, out, func(p *tea.Program) { go pump(conn, p.Send) })
	_ = conn.Close()
	if err == nil && m.fullscreen && o.Output != nil {
		// pi's fullscreenExitOutput "transcript": the conversation stays
		// on the main screen once the alternate one is gone.
		_, _ = io.WriteString(o.Output, m.transcript())
	}
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, context.Canceled) {
		if o.Output != nil {
			fmt.Fprintf(o.Output, "pigo: %v\n", err)
		}
		return agentsession.ExitFailure
	}
	return agentsession.ExitCode(m.exitCode)
}

// pump delivers the host's records to the program until the host closes
// the connection.
func pump(conn protocol.Conn, send func(tea.Msg)) {
	for {
		msg, err := conn.Recv()
		if err != nil {
			var syn *protocol.SyntaxError
			if errors.As(err, &syn) {
				continue
			}
			send(hostClosedMsg{})
			return
		}
		rec, err := msg.Object()
		if err != nil || rec == nil {
			continue
		}
		send(recordMsg{typ: msg.Type, rec: rec})
	}
}
