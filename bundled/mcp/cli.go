package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
)

// ListOptions configure List.
type ListOptions struct {
	AgentDir       string
	World          World
	ProjectTrusted bool // the gate for .pi/mcp.json
	JSON           bool
	App            string // the command's name in messages; "" is "pigo"
}

func app(name string) string {
	if name == "" {
		return "pigo"
	}
	return name
}

type listReport struct {
	Name         string            `json:"name"`
	Scope        string            `json:"scope"`
	Source       string            `json:"source"`
	Override     string            `json:"override,omitempty"`
	Enabled      bool              `json:"enabled"`
	Exposure     string            `json:"exposure"`
	Transport    string            `json:"transport"`
	State        string            `json:"state"`
	Tools        []string          `json:"tools"`
	ToolExposure map[string]string `json:"toolExposure,omitempty"`
	Resources    bool              `json:"resources,omitempty"`
	Error        string            `json:"error,omitempty"`
	// provider is the model provider an "auth" entry signs in with.
	provider string
}

// List is `pi mcp list [--json]`: it connects every enabled server of the
// mcp.json files and prints its state, tools and errors. The exit status
// is 1 when an entry is invalid or an enabled server did not connect.
func List(ctx context.Context, opts ListOptions, out io.Writer) int {
	loaded := LoadConfig(opts.AgentDir, opts.World.Cwd, opts.ProjectTrusted)
	if opts.World.AgentDir == "" {
		opts.World.AgentDir = opts.AgentDir
	}
	reports := make([]listReport, len(loaded.Servers))
	var wg sync.WaitGroup
	for i, e := range loaded.Servers {
		r := listReport{Name: e.Name, Scope: e.Scope, Source: e.Source, Override: e.Override, Enabled: enabled(e),
			Exposure: exposureOf(e), Transport: describeTransport(e), State: "disabled", Tools: []string{}}
		reports[i] = r
		if !r.Enabled {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newServer(e, opts.World, func() {})
			r.provider = s.authProvider()
			<-s.connect(ctx)
			state, errText, tools := s.snapshot()
			s.mu.Lock()
			r.Resources = s.hasResources
			s.mu.Unlock()
			s.close()
			r.State = state
			for _, t := range tools {
				r.Tools = append(r.Tools, t.Name)
				if x := e.ToolExposure(t.Name); x != r.Exposure {
					if r.ToolExposure == nil {
						r.ToolExposure = map[string]string{}
					}
					r.ToolExposure[t.Name] = x
				}
			}
			if state != stateConnected && errText != "" {
				r.Error = errText
			}
			reports[i] = r
		}()
	}
	wg.Wait()
	failed := len(loaded.Errors) > 0
	for _, r := range reports {
		failed = failed || r.Enabled && r.State != stateConnected
	}
	status := 0
	if failed {
		status = 1
	}
	if opts.JSON {
		errs := loaded.Errors
		if errs == nil {
			errs = []string{}
		}
		// pi's key order: servers, then errors.
		b, _ := json.MarshalIndent(struct {
			Servers any `json:"servers"`
			Errors  any `json:"errors"`
		}{reports, errs}, "", "  ")
		fmt.Fprintln(out, string(b))
		return status
	}
	if len(reports) == 0 && len(loaded.Errors) == 0 {
		fmt.Fprintf(out, "No MCP servers configured. Add them to %s or .pi/mcp.json.\n", filepath.Join(opts.AgentDir, "mcp.json"))
	}
	for _, r := range reports {
		state := r.State
		switch state {
		case stateConnected:
			state = fmt.Sprintf("connected, %d tool%s", len(r.Tools), plural(len(r.Tools)))
		case stateNeedsAuth:
			state = "needs sign-in"
		}
		fmt.Fprintf(out, "%s: %s (%s, %s)\n  %s\n", r.Name, state, r.Exposure, r.Scope, r.Transport)
		if r.Override != "" {
			fmt.Fprintf(out, "  project override: %s\n", r.Override)
		}
		if r.State == stateNeedsAuth && r.provider != "" {
			fmt.Fprintf(out, "  sign in with: /login %s in %s\n", r.provider, app(opts.App))
		} else if r.State == stateNeedsAuth {
			fmt.Fprintf(out, "  sign in with: %s mcp login %s\n", app(opts.App), r.Name)
		}
		if len(r.Tools) > 0 {
			tools := make([]string, len(r.Tools))
			for i, t := range r.Tools {
				tools[i] = t
				if x := r.ToolExposure[t]; x != "" {
					tools[i] += " [" + x + "]"
				}
			}
			fmt.Fprintf(out, "  tools: %s\n", strings.Join(tools, ", "))
		}
		if r.Resources {
			fmt.Fprintln(out, "  offers resources")
		}
		if r.Error != "" {
			fmt.Fprintf(out, "  %s\n", strings.ReplaceAll(r.Error, "\n", "\n  "))
		}
	}
	for _, e := range loaded.Errors {
		fmt.Fprintf(out, "config error: %s\n", e)
	}
	return status
}

// describeTransport is the URL, or the command line.
func describeTransport(e Entry) string {
	if u, ok := e.Config["url"].(string); ok {
		return u
	}
	parts := []string{e.Config["command"].(string)}
	if args, ok := e.Config["args"].([]any); ok {
		for _, a := range args {
			parts = append(parts, a.(string))
		}
	}
	return strings.Join(parts, " ")
}
