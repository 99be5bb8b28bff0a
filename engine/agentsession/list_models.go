package agentsession

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/fuzzy"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/locale"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// `pigo --list-models [search]`, as pi 0.73.1's cli/list-models.js: after
// the extensions loaded (so providers they register are listed; the
// registrations refused are pi 1.6's startup errors), the models whose
// provider has credentials, filtered by pi-tui's fuzzyFilter
// on "provider id", sorted by provider then id (localeCompare), as a table
// of provider, model, context, max-out, thinking and images. Exit 0 also
// when nothing is listed. Extension load failures are not reported, as in
// pi. As in pi 1.6, the list goes to stdout (listModelsOut).

func runListModels(ctx context.Context, io *IO, f piFlags, open Opener) ExitCode {
	if reportDiagnostics(io.Stderr, f.diagnostics) {
		return ExitFailure
	}
	agentDir := AgentDir(io)
	reg := provider.NewRegistry(provider.RegistryOptions{AgentDir: agentDir, Env: io.EnvMap()})

	// Extensions may register providers; their load failures are not
	// reported, as in pi, their refused registrations are.
	app, err := open(f.AppSource, agentDir, engine.Options{Budgets: agentBudgets, OnDiagnostic: listModelsConsole(io, f)})
	var refused []*agent.ProviderRegistrationError
	if err == nil {
		defer app.Close(context.Background())
		piapi.Of(app.Host).SetSession(pisession.InMemory(io.Cwd))
		piapi.Of(app.Host).SetMode("print") // pi decides trust for --list-models as in print mode
		settings, _ := loadPiSettings(io.FS, agentDir, io.Cwd)
		_, _, _, err = bootTrusted(ctx, io, f, app, agentDir, settings, false)
		refused = agent.SyncProviders(app.Host, reg)
		agent.SyncVirtualModels(app.Host, reg)
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	// pi 1.6 lists the models whatever its startup diagnostics say.
	extPaths := map[string]string{}
	for _, p := range app.Plugins {
		extPaths[p.ID] = p.Path
	}
	reportDiagnostics(io.Stderr, registrationDiagnostics(refused, func(id string) string { return extPaths[id] }))

	models := reg.Available()
	if len(models) == 0 {
		// pi 1.6's startup diagnostics: without any model the session it
		// builds first has the login guidance as its fallback message.
		fmt.Fprintln(io.Stderr, "Warning: "+noModelsAvailableMessage)
	}
	if msg := modelsJSONError(reg.Problems()); msg != "" {
		fmt.Fprintln(io.Stderr, "Warning: errors loading models.json:\n"+msg)
	}
	out := listModelsOut(io, f)
	if len(models) == 0 {
		fmt.Fprintln(out, noModelsAvailableMessage)
		return ExitOK
	}
	search := *f.listModels
	if search != "" {
		models = fuzzy.Filter(models, search, func(m *provider.Model) string { return m.Provider + " " + m.ID })
	}
	if len(models) == 0 {
		fmt.Fprintf(out, "No models matching %q\n", search)
		return ExitOK
	}
	slices.SortStableFunc(models, func(a, b *provider.Model) int {
		if c := locale.Compare(a.Provider, b.Provider); c != 0 {
			return c
		}
		return locale.Compare(a.ID, b.ID)
	})
	rows := [][]string{{"provider", "model", "context", "max-out", "thinking", "images"}}
	yesNo := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	for _, m := range models {
		rows = append(rows, []string{m.Provider, m.ID, formatTokenCount(m.ContextWindow), formatTokenCount(m.MaxTokens),
			yesNo(m.Reasoning), yesNo(m.SupportsImages())})
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], jsjson.Len(c))
		}
	}
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = c + strings.Repeat(" ", widths[i]-jsjson.Len(c)) // padEnd
		}
		fmt.Fprintln(out, strings.Join(cells, "  "))
	}
	return ExitOK
}

// listModelsConsole writes the extensions' console output during
// --list-models as Node does: console.log, .info and .debug where pi's
// console.log goes (listModelsOut), .warn and .error to stderr.
func listModelsConsole(io *IO, f piFlags) func(engine.Diagnostic) {
	var mu sync.Mutex
	return func(d engine.Diagnostic) {
		level, msg, ok := strings.Cut(strings.TrimPrefix(d.Text, "console."), ": ")
		if d.Where != "log" || !strings.HasPrefix(d.Text, "console.") || !ok {
			return
		}
		w := listModelsOut(io, f)
		if level == "warn" || level == "error" {
			w = io.Stderr
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintln(w, msg)
	}
}

// listModelsOut is where pi 1.6's console.log goes for --list-models: a
// plain metadata command (no -p, no --mode) keeps stdout, whatever stdin
// and stdout are; with -p or --mode pi takes stdout over as in those
// modes (piConsole).
func listModelsOut(io *IO, f piFlags) io.Writer {
	if !f.print && f.mode == "" {
		return io.Stdout
	}
	return piConsole(io, f)
}

// piDocsURL is where pi 1.6's documentation is published; pi's messages
// point at its installed docs/ folder, which pigo does not ship.
const piDocsURL = "https://github.com/earendil-works/pi/blob/main/packages/coding-agent/docs"

// providerLoginHelp is pi 1.6's getProviderLoginHelp
// (core/auth-guidance.js), byte for byte but for the docs location.
const providerLoginHelp = "Use /login to log into a provider via OAuth or API key. See:\n" +
	"  " + piDocsURL + "/providers.md\n" +
	"  " + piDocsURL + "/models.md"

// noModelsAvailableMessage is pi 1.6's formatNoModelsAvailableMessage.
const noModelsAvailableMessage = "No models available. " + providerLoginHelp

// registrationDiagnostics are pi 1.6's startup errors for the
// pi.registerProvider calls the registry refused, in registration order:
// `Extension "<path>" error: <message>` (createAgentSessionServices).
// path gives a plugin's extension path.
func registrationDiagnostics(refused []*agent.ProviderRegistrationError, path func(plugin string) string) []diagnostic {
	var diags []diagnostic
	for _, r := range refused {
		diags = append(diags, diagnostic{"error", fmt.Sprintf("Extension %q error: %s", path(r.Plugin), r.Err.Error())})
	}
	return diags
}

// modelsJSONError is pi 1.6's ModelRuntime.getError() text for the
// models.json problems among the registry's problems ("" when none): a
// file that could not be used (unparsable, or its schema errors under
// "Invalid models.json schema:", each "  - path: message") followed by its
// path, or each provider left out as `Provider "name": message`, the
// entries separated by a blank line.
func modelsJSONError(problems []error) string {
	var file string
	var fileErr string
	var schema, providers []string
	for _, p := range problems {
		var ce *provider.ConfigError
		if !errors.As(p, &ce) || filepath.Base(ce.File) != "models.json" {
			continue
		}
		file = ce.File
		switch {
		case ce.Schema:
			schema = append(schema, "  - "+ce.Path+": "+ce.Message)
		case ce.Provider != "":
			providers = append(providers, `Provider "`+ce.Provider+`": `+ce.Message)
		case fileErr == "" && ce.Err != nil:
			fileErr = "Failed to load models.json: " + NodeFSError(ce.Err, ce.File) // Node's wording, as pi quotes it
		case fileErr == "":
			fileErr = ce.Message
		}
	}
	var entries []string
	switch {
	case fileErr != "":
		entries = append(entries, fileErr+"\n\nFile: "+file)
	case len(schema) > 0:
		entries = append(entries, "Invalid models.json schema:\n"+strings.Join(schema, "\n")+"\n\nFile: "+file)
	}
	return strings.Join(append(entries, providers...), "\n\n")
}

// formatTokenCount is list-models' formatTokenCount: 200000 → "200K",
// 8192 → "8.2K", 1000000 → "1M".
func formatTokenCount(n int) string {
	f := float64(n)
	switch {
	case n >= 1_000_000:
		return jsNumberFixed(f/1_000_000) + "M"
	case n >= 1_000:
		return jsNumberFixed(f/1_000) + "K"
	}
	return strconv.Itoa(n)
}

// jsNumberFixed is `x % 1 === 0 ? String(x) : x.toFixed(1)` for x ≥ 1.
func jsNumberFixed(x float64) string {
	if x == float64(int64(x)) {
		return strconv.FormatInt(int64(x), 10)
	}
	// toFixed(1): the exact value rounded half up. An exact tie needs x*10
	// to be an odd multiple of 0.5 exactly, which the 'f' formatting of
	// the exact decimal expansion decides.
	exact := strconv.FormatFloat(x, 'f', 1100, 64)
	intPart, frac, _ := strings.Cut(exact, ".")
	n, _ := strconv.ParseInt(intPart+frac[:1], 10, 64)
	if frac[1] >= '5' {
		n++
	}
	return strconv.FormatInt(n/10, 10) + "." + strconv.FormatInt(n%10, 10)
}
