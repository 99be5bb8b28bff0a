package mcp

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// EditOptions configure `mcp add` and `mcp remove`.
type EditOptions struct {
	AgentDir string // the global mcp.json's directory
	Cwd      string // the project whose .pi/mcp.json --local edits
	App      string // the command's name in messages ("pigo")
	// ProjectTrusted reports whether the project is trusted (pi then
	// reads its mcp.json); asked only after adding to it.
	ProjectTrusted func() bool
}

func (o EditOptions) hint() string { return fmt.Sprintf(`Use "%s mcp --help" for usage.`, o.App) }

// Add is pi 1.6's `pi mcp add <server> [options] (--url <url> | --
// <command> [args...])`: it validates the entry as mcp.json's and adds or
// replaces it in the global mcp.json, or the project's with -l, keeping
// the file's other content, key order and indentation. It returns the
// exit code. The messages are pi's (cli.js) with the command's name.
func Add(args []string, o EditOptions, stdout, stderr io.Writer) int {
	fail := func(msg string) int { fmt.Fprintln(stderr, msg); return 1 }
	p, msg := parseEditArgs(args, map[string]string{
		"local": "flag", "url": "value", "env": "list", "cwd": "value", "header": "list",
		"bearer-token-env-var": "value", "oauth-client-id": "value", "oauth-client-secret": "value",
		"oauth-callback-port": "value", "oauth-client-name": "value", "oauth-client-registration": "value",
		"exposure": "value", "description": "value",
	}, 2, o)
	if msg != "" {
		return fail(msg)
	}
	url, isHTTP := p.values["url"]
	if len(p.positional) == 0 || isHTTP == (len(p.positional) > 1) {
		return fail(fmt.Sprintf("Usage: %s mcp add <server> [options] (--url <url> | -- <command> [args...])\n%s", o.App, o.hint()))
	}
	name, command := p.positional[0], p.positional[1:]
	httpOnly := []string{"header", "bearer-token-env-var", "oauth-client-id", "oauth-client-secret", "oauth-callback-port", "oauth-client-name", "oauth-client-registration"}
	misplaced, where := []string{"env", "cwd"}, "stdio servers"
	if !isHTTP {
		misplaced, where = httpOnly, "HTTP servers (--url)"
	}
	for _, opt := range misplaced {
		if p.has(opt) {
			return fail(fmt.Sprintf("--%s only applies to %s.", opt, where))
		}
	}
	// The entry in pi's key order; plain data for Validate.
	entry := jsjson.Object{}
	if isHTTP {
		entry.Set("url", url)
		headers, msg := parsePairs("header", p.lists["header"])
		if msg != "" {
			return fail(msg)
		}
		if v, ok := p.values["bearer-token-env-var"]; ok {
			headers.Set("Authorization", "Bearer ${"+v+"}")
		}
		if len(headers) > 0 {
			entry.Set("headers", &headers)
		}
		oauth := jsjson.Object{}
		for _, f := range [][2]string{{"oauth-client-id", "clientId"}, {"oauth-client-secret", "clientSecret"}, {"oauth-callback-port", "callbackPort"},
			{"oauth-client-name", "clientName"}, {"oauth-client-registration", "clientRegistration"}} {
			if v, ok := p.values[f[0]]; ok {
				if f[1] == "callbackPort" {
					oauth.Set(f[1], jsNumber(v))
				} else {
					oauth.Set(f[1], v)
				}
			}
		}
		if len(oauth) > 0 {
			entry.Set("oauth", &oauth)
		}
	} else {
		env, msg := parsePairs("env", p.lists["env"])
		if msg != "" {
			return fail(msg)
		}
		entry.Set("command", command[0])
		if len(command) > 1 {
			entry.Set("args", toAnySlice(command[1:]))
		}
		if len(env) > 0 {
			entry.Set("env", &env)
		}
		if v, ok := p.values["cwd"]; ok {
			entry.Set("cwd", v)
		}
	}
	for _, k := range []string{"exposure", "description"} {
		if v, ok := p.values[k]; ok {
			entry.Set(k, v)
		}
	}
	if msg := Validate(name, plain(&entry)); msg != "" {
		return fail(msg)
	}
	path, scope := o.configPath(p.has("local"))
	var replaced bool
	err := editServers(path, func(servers *jsjson.Object) bool {
		_, replaced = servers.Get(name)
		servers.Set(name, &entry)
		return true
	})
	if err != nil {
		return fail(fmt.Sprintf("Could not update %s: %v", path, err))
	}
	verb := "Added"
	if replaced {
		verb = "Replaced"
	}
	fmt.Fprintf(stdout, "%s %s MCP server %q in %s.\n", verb, scope, name, path)
	if p.has("local") && (o.ProjectTrusted == nil || !o.ProjectTrusted()) {
		fmt.Fprintf(stdout, "The project is not trusted, so %s is ignored until you start %s in the project and trust it.\n", path, o.App)
	}
	// HTTP servers without an Authorization header may use OAuth.
	signIn := ""
	if h, _ := entry.Get("headers"); isHTTP && !hasAuthorization(h) {
		signIn = fmt.Sprintf(". If it requires sign-in: %s mcp login %s", o.App, name)
	}
	fmt.Fprintf(stdout, "Check it with: %s mcp list%s\n", o.App, signIn)
	return 0
}

// Remove is pi 1.6's `pi mcp remove <server> [-l]`.
func Remove(args []string, o EditOptions, stdout, stderr io.Writer) int {
	fail := func(msg string) int { fmt.Fprintln(stderr, msg); return 1 }
	p, msg := parseEditArgs(args, map[string]string{"local": "flag"}, -1, o)
	if msg != "" {
		return fail(msg)
	}
	if len(p.positional) != 1 {
		return fail(fmt.Sprintf("Usage: %s mcp remove <server> [-l]\n%s", o.App, o.hint()))
	}
	name := p.positional[0]
	path, scope := o.configPath(p.has("local"))
	removed := false
	if _, err := os.Stat(path); err == nil {
		err := editServers(path, func(servers *jsjson.Object) bool {
			i := slices.IndexFunc(*servers, func(m jsjson.Member) bool { return m.Key == name })
			if i < 0 {
				return false
			}
			*servers, removed = slices.Delete(*servers, i, i+1), true
			return true
		})
		if err != nil {
			return fail(fmt.Sprintf("Could not update %s: %v", path, err))
		}
	}
	if removed {
		fmt.Fprintf(stdout, "Removed %s MCP server %q from %s.\n", scope, name, path)
		return 0
	}
	other := ""
	for _, e := range LoadConfig(o.AgentDir, o.Cwd, true).Servers {
		if e.Name == name && e.Scope != scope {
			hint := "; omit --local."
			if e.Scope == "project" {
				hint = "; use --local."
			}
			other = fmt.Sprintf(" It is defined in %s%s", e.Source, hint)
			break
		}
	}
	return fail(fmt.Sprintf("No %s MCP server named %q in %s.%s", scope, name, path, other))
}

func (o EditOptions) configPath(local bool) (path, scope string) {
	if local {
		return filepath.Join(o.Cwd, ".pi", "mcp.json"), "project"
	}
	return filepath.Join(o.AgentDir, "mcp.json"), "global"
}

type editArgs struct {
	positional []string
	values     map[string]string
	lists      map[string][]string
}

func (p editArgs) has(opt string) bool {
	_, v := p.values[opt]
	_, l := p.lists[opt]
	return v || l
}

// parseEditArgs is pi's parseOptions: "--name value" options of the kinds
// in known ("flag", "value", "list"), -l for --local; "--" ends them, as
// does reaching maxPositionals positional arguments (a server command's
// own options pass through). maxPositionals < 0 means no limit.
func parseEditArgs(args []string, known map[string]string, maxPositionals int, o EditOptions) (editArgs, string) {
	p := editArgs{values: map[string]string{}, lists: map[string][]string{}}
	for i := 0; i < len(args); i++ {
		typed := args[i]
		arg := typed
		if arg == "-l" {
			arg = "--local"
		}
		if arg == "--" || maxPositionals >= 0 && len(p.positional) >= maxPositionals {
			if arg == "--" {
				i++
			}
			p.positional = append(p.positional, args[i:]...)
			break
		}
		if !strings.HasPrefix(arg, "--") {
			p.positional = append(p.positional, arg)
			continue
		}
		name := arg[2:]
		switch known[name] {
		case "":
			return p, fmt.Sprintf("Unknown option %s.\n%s", typed, o.hint())
		case "flag":
			p.values[name] = ""
			continue
		}
		if i+1 >= len(args) {
			return p, arg + " needs a value."
		}
		i++
		if known[name] == "list" {
			p.lists[name] = append(p.lists[name], args[i])
		} else {
			p.values[name] = args[i]
		}
	}
	return p, ""
}

// parsePairs reads KEY=VALUE values of a repeatable option.
func parsePairs(option string, pairs []string) (jsjson.Object, string) {
	out := jsjson.Object{}
	for _, pair := range pairs {
		i := strings.Index(pair, "=")
		if i <= 0 {
			return nil, fmt.Sprintf("--%s expects KEY=VALUE, got %q.", option, pair)
		}
		out.Set(pair[:i], pair[i+1:])
	}
	return out, ""
}

func hasAuthorization(headers any) bool {
	h, _ := headers.(*jsjson.Object)
	if h == nil {
		return false
	}
	return slices.ContainsFunc(*h, func(m jsjson.Member) bool { return strings.EqualFold(m.Key, "authorization") })
}

// jsNumber is JavaScript's Number(s): NaN when s is not a number (which
// Validate then rejects, as pi's validation does).
func jsNumber(s string) any {
	if strings.TrimSpace(s) == "" {
		return float64(0)
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return s // not a number: Validate reports the field
	}
	return f
}

func toAnySlice(s []string) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// plain turns ordered JSON data into maps (what Validate reads).
func plain(v any) any {
	switch x := v.(type) {
	case *jsjson.Object:
		m := map[string]any{}
		for _, e := range *x {
			m[e.Key] = plain(e.Value)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	}
	return v
}

var leadingIndent = regexp.MustCompile(`(?m)^([ \t]+)\S`)

// editServers is pi's editMcpServers: read an mcp.json (an empty config
// when missing), let edit change its mcpServers, and write it back with
// its indentation when edit returns true. Other content is kept.
func editServers(path string, edit func(servers *jsjson.Object) bool) error {
	var text string
	parsed := &jsjson.Object{}
	if b, err := os.ReadFile(path); err == nil {
		text = strings.TrimPrefix(string(b), "\ufeff")
		v, err := jsjson.Parse([]byte(text))
		if err != nil {
			return err
		}
		obj, ok := v.(*jsjson.Object)
		if !ok {
			return fmt.Errorf("%s: expected an object with an \"mcpServers\" object", path)
		}
		parsed = obj
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	servers := &jsjson.Object{}
	if v, ok := parsed.Get("mcpServers"); ok {
		if servers, ok = v.(*jsjson.Object); !ok {
			return fmt.Errorf("%s: expected an object with an \"mcpServers\" object", path)
		}
	}
	if !edit(servers) {
		return nil
	}
	parsed.Set("mcpServers", servers)
	indent := "  "
	if m := leadingIndent.FindStringSubmatch(text); m != nil {
		indent = m[1]
	}
	enc := jsjson.Encoder{Indent: indent}
	out, err := enc.Append(nil, parsed)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, append(out, '\n'), 0o644)
}
