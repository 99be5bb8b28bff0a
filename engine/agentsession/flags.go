package agentsession

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/provider"
)

// piFlags are pi's command-line options that pigo's agent modes understand
// (pi 0.73.1 cli/args.js parseArgs, same spellings and the same quirks).
type piFlags struct {
	mode               string // "text" | "json" | "rpc" | "" (from --mode)
	print              bool   // -p / --print
	help               bool
	version            bool     // --version / -v: print the version and exit
	name               *string  // --name / -n: the session's display name
	sessionID          string   // --session-id: open or create the session with this id
	useTheme           string   // --use-theme: the interactive mode's theme for this run
	excludeTools       []string // --exclude-tools / -xt: tools never active, names or patterns
	provider, model    string
	apiKey             string
	thinking           string
	systemPrompt       *string
	appendSystemPrompt []string
	noSession          bool
	session            string
	fork               string // --fork <path|id>: a copy of that session
	sessionDir         string
	continueSession    bool
	resume             bool     // --resume / -r: pick the session on the terminal
	models             []string // --models: the cycle scope
	tools              []string // --tools a,b (nil: not given)
	noTools            bool
	// AppSource: --app, --no-builtin-tools, -e, --no-extensions, --no-mcp.
	AppSource
	offline    bool
	verbose    bool
	messages   []string
	fileArgs   []string
	export     string  // --export <session file> (export.go)
	listModels *string // --list-models [search]: "" without a search (list_models.go)
	// unknown are the other --flags in order (extension flags): a value
	// string, or nil for a flag given without a value.
	unknown []unknownFlag
	// diagnostics are pi's parse diagnostics ("error" ones exit 1).
	diagnostics []diagnostic

	// skills and promptTemplates are --skill and --prompt-template paths;
	// noSkills and noPromptTemplates are -ns and -np (resources_pi.go).
	skills, promptTemplates     []string
	noSkills, noPromptTemplates bool
	// noContextFiles is -nc: no AGENTS.md / CLAUDE.md in the system prompt.
	noContextFiles bool
	// tuiMode is --tui-mode: "regular" or "fullscreen" ("" when not given).
	tuiMode string
	// approve is -a/--approve (true) or -na/--no-approve (false): the
	// project trust decision for this run (trust.go); the last one wins.
	approve *bool
}

type unknownFlag struct {
	name  string
	value *string
}

// diagnostic is one startup message printed as "Error: ..." or
// "Warning: ..." on stderr, as pi's reportDiagnostics does.
type diagnostic struct {
	kind    string // "error" | "warning"
	message string
}

func (d diagnostic) String() string {
	if d.kind == "error" {
		return "Error: " + d.message
	}
	return "Warning: " + d.message
}

// reportDiagnostics prints diags to w, one a line, and reports whether
// one of them is an error (pi then exits 1).
func reportDiagnostics(w io.Writer, diags []diagnostic) (failed bool) {
	for _, d := range diags {
		fmt.Fprintln(w, d.String())
		failed = failed || d.kind == "error"
	}
	return failed
}

// thinkingLevels are pi's thinking levels, weakest first (pi 1.6's
// THINKING_LEVEL_OPTIONS, max included).
func thinkingLevels() []string {
	var out []string
	for _, l := range provider.ThinkingLevels() {
		out = append(out, string(l))
	}
	return out
}

// parsePiFlags is pi's parseArgs. Flags that take a value and come last
// without one are ignored, as in pi.
func parsePiFlags(args []string) piFlags {
	var f piFlags
	next := func(i *int) (string, bool) {
		if *i+1 < len(args) {
			*i++
			return args[*i], true
		}
		return "", false
	}
	splitList := func(s string) []string {
		out := []string{}
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch a {
		case "--help", "-h":
			f.help = true
			continue
		case "--version", "-v":
			f.version = true
			continue
		case "--mode":
			switch {
			case i+1 >= len(args) || strings.HasPrefix(args[i+1], "-"):
				f.diagnostics = append(f.diagnostics, diagnostic{"error", "--mode requires text, json, or rpc"})
			case slices.Contains([]string{"text", "json", "rpc"}, args[i+1]):
				i++
				f.mode = args[i]
			default:
				i++
				f.diagnostics = append(f.diagnostics, diagnostic{"error", fmt.Sprintf("Invalid mode \"%s\". Valid values: text, json, rpc", args[i])})
			}
			continue
		case "--exclude-tools", "-xt":
			if v, ok := next(&i); ok {
				f.excludeTools = splitList(v)
			}
			continue
		case "--use-theme":
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "-") {
				f.diagnostics = append(f.diagnostics, diagnostic{"error", "--use-theme requires a theme name"})
			} else {
				i++
				f.useTheme = args[i]
			}
			continue
		case "--session-id":
			if v, ok := next(&i); ok {
				f.sessionID = v
			}
			continue
		case "--name", "-n":
			if v, ok := next(&i); ok {
				f.name = &v
			} else {
				f.diagnostics = append(f.diagnostics, diagnostic{"error", "--name requires a value"})
			}
			continue
		case "--continue", "-c":
			f.continueSession = true
			continue
		case "--resume", "-r":
			f.resume = true
			continue
		case "--no-session":
			f.noSession = true
			continue
		case "--no-tools", "-nt":
			f.noTools = true
			continue
		case "--no-builtin-tools", "-nbt":
			f.NoBuiltinTools = true
			continue
		case "--no-extensions", "-ne":
			f.NoExtensions = true
			continue
		case "--no-mcp":
			f.NoMCP = true
			continue
		case "--no-skills", "-ns":
			f.noSkills = true
			continue
		case "--no-prompt-templates", "-np":
			f.noPromptTemplates = true
			continue
		case "--no-context-files", "-nc":
			f.noContextFiles = true
			continue
		case "--approve", "-a", "--no-approve", "-na":
			yes := a == "--approve" || a == "-a"
			f.approve = &yes
			continue
		case "--no-themes":
			continue // pigo has no themes (no TUI)
		case "--verbose":
			f.verbose = true
			continue
		case "--offline":
			f.offline = true
			continue
		case "--list-models":
			search := ""
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.HasPrefix(args[i+1], "@") {
				i++
				search = args[i]
			}
			f.listModels = &search
			continue
		case "--print", "-p":
			f.print = true
			if i+1 < len(args) {
				n := args[i+1]
				if !strings.HasPrefix(n, "@") && (!strings.HasPrefix(n, "-") || strings.HasPrefix(n, "---")) {
					f.messages = append(f.messages, n)
					i++
				}
			}
			continue
		}
		valueFlag := true
		switch a {
		case "--provider":
			if v, ok := next(&i); ok {
				f.provider = v
			}
		case "--model":
			if v, ok := next(&i); ok {
				f.model = v
			}
		case "--api-key":
			if v, ok := next(&i); ok {
				f.apiKey = v
			}
		case "--system-prompt":
			if v, ok := next(&i); ok {
				f.systemPrompt = &v
			}
		case "--append-system-prompt":
			if v, ok := next(&i); ok {
				f.appendSystemPrompt = append(f.appendSystemPrompt, v)
			}
		case "--session":
			if v, ok := next(&i); ok {
				f.session = v
			}
		case "--session-dir":
			if v, ok := next(&i); ok {
				f.sessionDir = v
			}
		case "--models":
			if v, ok := next(&i); ok {
				f.models = nil
				for _, p := range strings.Split(v, ",") {
					f.models = append(f.models, strings.TrimSpace(p))
				}
			}
		case "--tools", "-t":
			if v, ok := next(&i); ok {
				if msg := toolListError(splitList(v)); msg != "" {
					f.diagnostics = append(f.diagnostics, diagnostic{"error", a + ": " + msg})
				} else {
					f.tools = splitList(v)
				}
			}
		case "--tui-mode":
			if v, ok := next(&i); ok {
				if v == "regular" || v == "fullscreen" {
					f.tuiMode = v
				} else {
					f.diagnostics = append(f.diagnostics, diagnostic{"error", "--tui-mode requires regular or fullscreen"})
				}
			}
		case "--thinking":
			if v, ok := next(&i); ok {
				if slices.Contains(thinkingLevels(), v) {
					f.thinking = v
				} else {
					f.diagnostics = append(f.diagnostics, diagnostic{"warning",
						fmt.Sprintf("Invalid thinking level %q. Valid values: %s", v, strings.Join(thinkingLevels(), ", "))})
				}
			}
		case "--extension", "-e":
			if v, ok := next(&i); ok {
				f.Extensions = append(f.Extensions, v)
			}
		case "--app":
			if v, ok := next(&i); ok {
				f.App = v
			}
		case "--export":
			if v, ok := next(&i); ok {
				f.export = v
			}
		case "--skill":
			if v, ok := next(&i); ok {
				f.skills = append(f.skills, v)
			}
		case "--prompt-template":
			if v, ok := next(&i); ok {
				f.promptTemplates = append(f.promptTemplates, v)
			}
		case "--fork":
			if v, ok := next(&i); ok {
				f.fork = v
			}
		case "--theme":
			if v, ok := next(&i); ok {
				f.diagnostics = append(f.diagnostics, diagnostic{"warning", fmt.Sprintf("%s is not supported by pigo yet; ignored %q", a, v)})
			}
		default:
			valueFlag = false
		}
		if valueFlag {
			continue
		}
		switch {
		case strings.HasPrefix(a, "@"):
			f.fileArgs = append(f.fileArgs, a[1:])
		case strings.HasPrefix(a, "--"):
			if k, v, ok := strings.Cut(a[2:], "="); ok {
				f.unknown = append(f.unknown, unknownFlag{k, &v})
				continue
			}
			uf := unknownFlag{name: a[2:]}
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.HasPrefix(args[i+1], "@") {
				i++
				v := args[i]
				uf.value = &v
			}
			f.unknown = append(f.unknown, uf)
		case strings.HasPrefix(a, "-"):
			f.diagnostics = append(f.diagnostics, diagnostic{"error", "Unknown option: " + a})
		default:
			f.messages = append(f.messages, a)
		}
	}
	return f
}

// IsAgentModeArgs reports whether a command line is for pi's
// non-interactive modes rather than a pigo subcommand: it starts with a
// flag, or names -p/--print/--mode anywhere.
func IsAgentModeArgs(args []string) bool {
	if len(args) == 0 {
		return false
	}
	if strings.HasPrefix(args[0], "-") && args[0] != "-h" && args[0] != "--help" {
		return true
	}
	for _, a := range args {
		if a == "-p" || a == "--print" || a == "--mode" {
			return true
		}
	}
	return false
}

// appMode is pi's resolveAppMode: rpc, json, interactive (set by Run for
// a terminal), or print (text).
func (f *piFlags) appMode() string {
	switch f.mode {
	case "rpc", "json", "interactive":
		return f.mode
	}
	return "text"
}

// AuthArgs are the pi options `pigo auth` reads from its arguments: pi
// 1.6 parses them with its main parser, so the agent's other options are
// accepted and ignored.
type AuthArgs struct {
	Provider, Model string
	// Unknown is the first option pi does not know, "" when none.
	Unknown string
	// Other is set by messages, @files or --api-key, which auth commands
	// refuse.
	Other bool
	// Diagnostics are the parser's messages, which fail the command.
	Diagnostics []string
}

// ParseAuthArgs parses args as pi's parseArgs does for its auth commands.
func ParseAuthArgs(args []string) AuthArgs {
	f := parsePiFlags(args)
	a := AuthArgs{Provider: strings.TrimSpace(f.provider), Model: strings.TrimSpace(f.model),
		Other: f.apiKey != "" || len(f.messages) > 0 || len(f.fileArgs) > 0}
	if len(f.unknown) > 0 {
		a.Unknown = f.unknown[0].name
	}
	for _, d := range f.diagnostics {
		a.Diagnostics = append(a.Diagnostics, d.message)
	}
	return a
}

// toolListError is pi 1.6's getToolListError for a --tools list: plain
// names and +name/-name entries do not mix, and the latter take exact
// names.
func toolListError(entries []string) string {
	modifiers := 0
	for _, e := range entries {
		if strings.HasPrefix(e, "+") || strings.HasPrefix(e, "-") {
			modifiers++
		}
	}
	switch {
	case modifiers == 0:
		return ""
	case modifiers < len(entries):
		return "tool names cannot be mixed with +name or -name entries"
	}
	for _, e := range entries {
		if strings.Contains(e, "*") {
			return "+name and -name entries take exact tool names, not patterns: " + e
		}
	}
	return ""
}
