package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// Entry is one server: its name, its config as written (pi's mcpServers
// entry) and where it came from.
type Entry struct {
	Name     string
	Config   map[string]any
	Source   string // the mcp.json path, or the registering extension
	Scope    string // "global", "project" or "extension"
	Override string // the project mcp.json that overrides some of its fields
	// ExposureOrder is the order of Config's toolExposure keys in the
	// file that set them (pi tries "*" patterns in that order); nil when
	// unknown (a registered server), and patterns are then tried sorted.
	ExposureOrder []string
}

// ToolExposure is the exposure of the server's tool (ToolExposure with
// the file's pattern order).
func (e Entry) ToolExposure(tool string) string { return toolExposure(e.Config, e.ExposureOrder, tool) }

// Loaded is what the mcp.json files say.
type Loaded struct {
	Servers            []Entry
	Errors             []string
	AutoEnableCodemode *bool
}

var (
	serverName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	exposures  = []string{"codemode", "deferred", "direct", "hidden"}
	// Fields a project entry without command, url or type may set on the
	// global entry of the same name.
	overrideKeys = []string{"enabled", "exposure", "toolExposure"}
)

// LoadConfig reads agentDir/mcp.json and, through projectConfigPath, the
// project's .pi/mcp.json, as pi 1.6's loadMcpConfig: a project entry
// replaces the global one of its name, or overrides only enabled/exposure/
// toolExposure when it has no command, url or type. Invalid entries are
// errors in pi's words and are skipped.
func LoadConfig(agentDir, cwd string, projectTrusted bool) Loaded {
	st := &loadState{servers: map[string]Entry{}}
	if agentDir != "" {
		st.read(filepath.Join(agentDir, "mcp.json"), "global")
	}
	if p := projectConfigPath(cwd, projectTrusted); p != "" {
		st.read(p, "project")
	}
	out := Loaded{Errors: st.errors, AutoEnableCodemode: st.auto}
	for _, name := range st.order {
		out.Servers = append(out.Servers, st.servers[name])
	}
	return out
}

// projectConfigPath is the project's mcp.json, or "" when the project is
// not trusted: pi reads project MCP servers only after project trust.
func projectConfigPath(cwd string, trusted bool) string {
	if !trusted || cwd == "" {
		return ""
	}
	return filepath.Join(cwd, ".pi", "mcp.json")
}

type loadState struct {
	servers map[string]Entry
	order   []string
	errors  []string
	auto    *bool
}

func (st *loadState) set(e Entry) {
	if _, ok := st.servers[e.Name]; !ok {
		st.order = append(st.order, e.Name)
	}
	st.servers[e.Name] = e
}

func (st *loadState) fail(path, msg string) { st.errors = append(st.errors, path+": "+msg) }

func (st *loadState) read(path, scope string) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err != nil {
		st.fail(path, err.Error())
		return
	}
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	if msg := jsjson.ParseError(string(b)); msg != "" {
		st.fail(path, msg)
		return
	}
	var parsed any
	if err := json.Unmarshal(b, &parsed); err != nil {
		st.fail(path, err.Error())
		return
	}
	obj, ok := parsed.(map[string]any)
	raw, present := obj["mcpServers"]
	servers, isObj := raw.(map[string]any)
	if !ok || (present && !isObj) {
		st.fail(path, `expected an object with an "mcpServers" object`)
		return
	}
	switch v := obj["autoEnableCodemode"].(type) {
	case bool:
		st.auto = &v
	case nil:
	default:
		st.fail(path, "autoEnableCodemode must be a boolean")
	}
	exposureOrders := toolExposureOrders(b)
	for _, name := range orderedKeys(b, servers) {
		value := servers[name]
		if rec, ok := value.(map[string]any); ok && scope == "project" && isOverride(rec) {
			base, found := st.servers[name]
			var extra []string
			for k := range rec {
				if !slices.Contains(overrideKeys, k) {
					extra = append(extra, k)
				}
			}
			switch {
			case !found:
				st.fail(path, fmt.Sprintf(`server "%s" needs "command" or "url", or a global server to override`, name))
			case len(extra) > 0:
				st.fail(path, fmt.Sprintf(`server "%s": an override can only set %s`, name, strings.Join(overrideKeys, ", ")))
			default:
				merged := map[string]any{}
				for k, v := range base.Config {
					merged[k] = v
				}
				for k, v := range rec {
					merged[k] = v
				}
				if msg := Validate(name, merged); msg != "" {
					st.fail(path, msg)
					continue
				}
				base.Config, base.Override = merged, path
				if _, ok := rec["toolExposure"]; ok {
					base.ExposureOrder = exposureOrders[name]
				}
				st.set(base)
			}
			continue
		}
		if msg := Validate(name, value); msg != "" {
			st.fail(path, msg)
			continue
		}
		clash := ""
		for _, other := range st.order {
			if other != name && Namespace(other) == Namespace(name) {
				clash = other
				break
			}
		}
		if clash != "" {
			st.fail(path, fmt.Sprintf(`server "%s" conflicts with "%s"`, name, clash))
			continue
		}
		cfg := value.(map[string]any)
		if _, isHTTP := cfg["url"]; scope == "project" && isHTTP && cfg["auth"] != nil {
			st.fail(path, fmt.Sprintf(`server "%s": auth is only allowed in the global mcp.json`, name))
			continue
		}
		if e, ok := cfg["exposure"].(string); ok && e == "codemode-deferred" {
			cfg["exposure"] = "codemode"
		}
		st.set(Entry{Name: name, Config: cfg, Source: path, Scope: scope, ExposureOrder: exposureOrders[name]})
	}
}

// orderedKeys lists an object's keys in file order, as JSON.parse keeps
// them (a JS object's string keys keep insertion order).
func orderedKeys(src []byte, obj map[string]any) []string {
	var outer struct {
		MCPServers json.RawMessage `json:"mcpServers"`
	}
	var keys []string
	if json.Unmarshal(src, &outer) == nil && len(outer.MCPServers) > 0 {
		dec := json.NewDecoder(bytes.NewReader(outer.MCPServers))
		if _, err := dec.Token(); err == nil {
			for dec.More() {
				t, err := dec.Token()
				if err != nil {
					break
				}
				if k, ok := t.(string); ok && !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
				var skip json.RawMessage
				if dec.Decode(&skip) != nil {
					break
				}
			}
		}
	}
	if len(keys) != len(obj) {
		keys = keys[:0]
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
	}
	return keys
}

func isOverride(rec map[string]any) bool {
	_, c := rec["command"]
	_, u := rec["url"]
	_, t := rec["type"]
	return !c && !u && !t
}

// Validate checks one mcpServers entry as pi 1.6's validateMcpServerConfig
// and returns its error message, "" when valid. OAuth fields are checked
// for their types only.
func Validate(name string, raw any) string {
	if !serverName.MatchString(name) {
		return fmt.Sprintf(`invalid server name "%s" (use letters, digits, "_" and "-")`, name)
	}
	rec, ok := raw.(map[string]any)
	if !ok {
		return fmt.Sprintf(`server "%s" must be an object`, name)
	}
	bad := func(msg string) string { return fmt.Sprintf(`server "%s": %s`, name, msg) }
	if v, ok := rec["enabled"]; ok {
		if _, b := v.(bool); !b {
			return bad("enabled must be a boolean")
		}
	}
	if v, ok := rec["description"]; ok {
		if _, s := v.(string); !s {
			return bad("description must be a string")
		}
	}
	if v, ok := rec["timeout"]; ok {
		if n, isNum := v.(float64); !isNum || !(n > 0) {
			return bad("timeout must be a positive number of seconds")
		}
	}
	typ, hasType := rec["type"]
	if typ == "sse" {
		return bad("legacy SSE transport is not supported; use the streamable HTTP URL")
	}
	var msg string
	if u, ok := rec["url"].(string); ok && (!hasType || typ == "http" || typ == "streamable-http") {
		msg = validateHTTP(rec, u)
	} else if _, ok := rec["command"].(string); ok && (!hasType || typ == "stdio") {
		msg = validateStdio(rec)
	} else {
		return fmt.Sprintf(`server "%s" needs either "command" (stdio) or "url" (streamable HTTP)`, name)
	}
	if msg == "" {
		msg = checkExposures(rec)
	}
	if msg != "" {
		return bad(msg)
	}
	return ""
}

func validateHTTP(rec map[string]any, raw string) string {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "url must be an http or https URL"
	}
	if v, ok := rec["headers"]; ok && !isStringMap(v) {
		return "headers must map names to strings"
	}
	if v, ok := rec["oauth"]; ok {
		return validateOAuth(v)
	}
	return ""
}

var loopbackHosts = []string{"localhost", "127.0.0.1", "[::1]"}

// urlHostname is the WHATWG URL's hostname: IPv6 addresses in brackets.
func urlHostname(u *url.URL) string {
	h := u.Hostname()
	if strings.Contains(h, ":") {
		return "[" + h + "]"
	}
	return h
}

// validateOAuth checks an HTTP server's "oauth" settings as pi 1.6 does.
func validateOAuth(v any) string {
	o, isObj := v.(map[string]any)
	if !isObj {
		return "oauth must be an object"
	}
	isStr := func(k string) bool { _, ok := o[k].(string); return ok }
	has := func(k string) bool { _, ok := o[k]; return ok }
	if has("clientId") && !isStr("clientId") {
		return "oauth.clientId must be a string"
	}
	if has("clientSecret") && !isStr("clientSecret") {
		return "oauth.clientSecret must be a string"
	}
	port, portSet := o["callbackPort"]
	if portSet {
		n, isNum := port.(float64)
		if !isNum || n != float64(int(n)) || n < 1 || n > 65535 {
			return "oauth.callbackPort must be a port number"
		}
	}
	if has("callbackUrl") {
		raw, _ := o["callbackUrl"].(string)
		u, err := url.Parse(raw)
		if !isStr("callbackUrl") || err != nil || u.Scheme != "http" || !slices.Contains(loopbackHosts, urlHostname(u)) || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
			return "oauth.callbackUrl must be an http URI on localhost, 127.0.0.1, or [::1] without query or fragment"
		}
		if p := u.Port(); p != "" && portSet {
			if n, _ := strconv.Atoi(p); float64(n) != port.(float64) {
				return "oauth.callbackUrl and oauth.callbackPort name different ports"
			}
		}
	}
	if has("scope") && !isStr("scope") {
		return "oauth.scope must be a string"
	}
	if has("clientName") {
		if n, ok := o["clientName"].(string); !ok || strings.TrimSpace(n) == "" {
			return "oauth.clientName must be a non-empty string"
		}
	}
	if r, ok := o["clientRegistration"]; ok && r != "auto" && r != "dcr" {
		if r != "cimd" {
			return `oauth.clientRegistration must be "auto", "dcr", or "cimd"`
		}
		if has("clientId") || has("clientName") {
			return `oauth.clientRegistration "cimd" cannot be combined with oauth.clientId or oauth.clientName`
		}
		if cb, _ := o["callbackUrl"].(string); cb != "" && !listsRedirectURL(cb) {
			return `oauth.clientRegistration "cimd" requires oauth.callbackUrl on localhost or 127.0.0.1 with path /callback`
		}
	}
	if has("authServerMetadataUrl") {
		raw, _ := o["authServerMetadataUrl"].(string)
		u, err := url.Parse(raw)
		if !isStr("authServerMetadataUrl") || err != nil || u.Host == "" ||
			!(u.Scheme == "https" || u.Scheme == "http" && slices.Contains(loopbackHosts, urlHostname(u))) {
			return "oauth.authServerMetadataUrl must be an https URL, or http on localhost, 127.0.0.1, or [::1]"
		}
	}
	return ""
}

func validateStdio(rec map[string]any) string {
	if v, ok := rec["args"]; ok {
		list, isList := v.([]any)
		for _, a := range list {
			if _, s := a.(string); !s {
				isList = false
			}
		}
		if !isList {
			return "args must be an array of strings"
		}
	}
	if v, ok := rec["env"]; ok && !isStringMap(v) {
		return "env must map names to strings"
	}
	if v, ok := rec["cwd"]; ok {
		if _, s := v.(string); !s {
			return "cwd must be a string"
		}
	}
	return ""
}

func checkExposures(rec map[string]any) string {
	quoted := `"codemode", "deferred", "direct", "hidden"`
	isExposure := func(v any) bool {
		s, ok := v.(string)
		return ok && (slices.Contains(exposures, s) || s == "codemode-deferred")
	}
	if v, ok := rec["exposure"]; ok && !isExposure(v) {
		return "exposure must be one of " + quoted
	}
	if v, ok := rec["toolExposure"]; ok {
		m, isObj := v.(map[string]any)
		if !isObj {
			return "toolExposure must map tool names to exposures"
		}
		for _, k := range sortedKeys(m) {
			if !isExposure(m[k]) {
				return fmt.Sprintf(`toolExposure "%s" must be one of %s`, k, quoted)
			}
		}
	}
	return ""
}

func isStringMap(v any) bool {
	m, ok := v.(map[string]any)
	for _, x := range m {
		if _, s := x.(string); !s {
			return false
		}
	}
	return ok
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// toolExposureOrders is the file order of each server's toolExposure
// keys in an mcp.json (JSON.parse keeps it; Go maps do not).
func toolExposureOrders(src []byte) map[string][]string {
	v, err := jsjson.Parse(src)
	root, _ := v.(*jsjson.Object)
	if err != nil || root == nil {
		return nil
	}
	servers, _ := root.Get("mcpServers")
	list, _ := servers.(*jsjson.Object)
	if list == nil {
		return nil
	}
	out := map[string][]string{}
	for _, server := range *list {
		cfg, _ := server.Value.(*jsjson.Object)
		if cfg == nil {
			continue
		}
		te, _ := cfg.Get("toolExposure")
		if keys, _ := te.(*jsjson.Object); keys != nil {
			for _, k := range *keys {
				out[server.Key] = append(out[server.Key], k.Key)
			}
		}
	}
	return out
}

// ToolExposure is pi's getMcpToolExposure: an exact toolExposure key, else
// the first matching "*" pattern (tried sorted: cfg keeps no key order;
// Entry.ToolExposure tries them in the file's), else the server's
// exposure (codemode).
func ToolExposure(cfg map[string]any, tool string) string { return toolExposure(cfg, nil, tool) }

func toolExposure(cfg map[string]any, order []string, tool string) string {
	overrides, _ := cfg["toolExposure"].(map[string]any)
	norm := func(v any) string {
		s, _ := v.(string)
		if s == "codemode-deferred" {
			return "codemode"
		}
		return s
	}
	if v, ok := overrides[tool]; ok {
		return norm(v)
	}
	if len(order) != len(overrides) {
		order = sortedKeys(overrides)
	}
	for _, k := range order {
		if strings.Contains(k, "*") && piapi.ToolPattern(k).MatchString(tool) {
			return norm(overrides[k])
		}
	}
	if s := norm(cfg["exposure"]); s != "" {
		return s
	}
	return "codemode"
}

// Namespace is pi-mcp's mcpNamespace: "mcp__" and the name with "-" as "_".
func Namespace(server string) string { return "mcp__" + strings.ReplaceAll(server, "-", "_") }
