package agentsession

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/cachewarm"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/provider"
)

// piSettings is pi's settings.json as the agent modes use it: the global
// file (<agentDir>/settings.json) and the project file
// (<cwd>/.pi/settings.json), read merged with the project winning and
// nested objects merged one level deep. What an RPC client changes (model,
// thinking level, queue modes, auto-compaction, auto-retry) is written back
// to the global file as pi's SettingsManager does, field by field, keeping
// the file's other members and their order. A global file that does not
// parse is never written. Safe for concurrent use.
type piSettings struct {
	fs         FS
	mu         sync.Mutex
	globalPath string
	global     map[string]any
	project    map[string]any
	globalBad  bool
}

// loadPiSettings reads both settings files; unreadable or invalid files are
// reported as warnings and ignored, as pi does.
func loadPiSettings(fsys FS, agentDir, cwd string) (*piSettings, []diagnostic) {
	s := &piSettings{fs: fsys, globalPath: filepath.Join(agentDir, "settings.json"), global: map[string]any{}, project: map[string]any{}}
	var diags []diagnostic
	read := func(p string) (map[string]any, bool) {
		data, err := fsys.ReadFile(p)
		if err != nil {
			return map[string]any{}, true
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil || m == nil {
			diags = append(diags, diagnostic{"warning", fmt.Sprintf("Invalid settings file %s: %v", p, err)})
			return map[string]any{}, false
		}
		migrateSettings(m)
		return m, true
	}
	var ok bool
	s.global, ok = read(s.globalPath)
	s.globalBad = !ok
	s.project, _ = read(filepath.Join(cwd, ".pi", "settings.json"))
	return s, diags
}

// migrateSettings is the part of pi's SettingsManager.migrateSettings the
// agent modes read: the old boolean websockets becomes transport
// ("websocket" or "sse") unless transport is set. Only the loaded copy
// changes; the file is rewritten field by field as before.
func migrateSettings(m map[string]any) {
	if _, set := m["transport"]; set {
		return
	}
	if ws, ok := m["websockets"].(bool); ok {
		m["transport"] = "sse"
		if ws {
			m["transport"] = "websocket"
		}
		delete(m, "websockets")
	}
}

// transport is pi's getTransport: the merged transport, "auto" when
// unset. pi does not check the value: one it does not know tries the
// WebSocket as "websocket" does.
func (s *piSettings) transport() string {
	if t, ok := s.get("transport").(string); ok {
		return t
	}
	return "auto"
}

// globalStr is a string from the agent dir's settings only (pi reads
// defaultProjectTrust there: a project cannot trust itself).
func (s *piSettings) globalStr(key string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, _ := s.global[key].(string)
	return v
}

// dropProject forgets the project's settings (an untrusted project; its
// sessionDir was read before the decision, as in pi).
func (s *piSettings) dropProject() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.project = map[string]any{}
}

// get is the merged value of key.
func (s *piSettings) get(key string) any {
	s.mu.Lock()
	defer s.mu.Unlock()
	g, p := s.global[key], s.project[key]
	gm, gok := g.(map[string]any)
	pm, pok := p.(map[string]any)
	switch {
	case gok && pok:
		out := map[string]any{}
		for k, v := range gm {
			out[k] = v
		}
		for k, v := range pm {
			out[k] = v
		}
		return out
	case p != nil:
		return p
	}
	return g
}

func (s *piSettings) str(key string) string {
	v, _ := s.get(key).(string)
	return v
}

func (s *piSettings) boolIn(obj, key string, def bool) bool {
	m, _ := s.get(obj).(map[string]any)
	if b, ok := m[key].(bool); ok {
		return b
	}
	return def
}

func (s *piSettings) numIn(obj, key string, def float64) float64 {
	m, _ := s.get(obj).(map[string]any)
	if n, ok := m[key].(float64); ok {
		return n
	}
	return def
}

// agentSettings are pi's getCompactionSettings, getRetrySettings and
// getBranchSummarySettings.
func (s *piSettings) agentSettings() agent.Settings {
	d := agent.DefaultSettings
	return agent.Settings{
		Compaction: s.compaction(""),
		Retry: agent.RetrySettings{
			Enabled:    s.boolIn("retry", "enabled", d.Retry.Enabled),
			MaxRetries: int(s.numIn("retry", "maxRetries", float64(d.Retry.MaxRetries))),
			BaseDelay:  time.Duration(s.numIn("retry", "baseDelayMs", float64(d.Retry.BaseDelay.Milliseconds()))) * time.Millisecond,
			MaxDelay:   time.Duration(s.numIn("retry", "maxAgentDelayMs", float64(d.Retry.MaxDelay.Milliseconds()))) * time.Millisecond,
		},
		BranchSummaryReserveTokens: int(s.numIn("branchSummary", "reserveTokens", float64(d.BranchSummaryReserveTokens))),
		CacheWarming:               s.cacheWarming(),
	}
}

// compactionFor is pi 1.6's getCompactionSettings(model) with its
// errors: the "compaction" objects of both files deep-merged (project
// over agent dir) before the model's modelOverrides entry is looked up.
func (s *piSettings) compactionFor(modelKey string) (compaction.Settings, error) {
	s.mu.Lock()
	g, _ := s.global["compaction"].(map[string]any)
	p, _ := s.project["compaction"].(map[string]any)
	merged := deepMerge(g, p)
	s.mu.Unlock()
	return compaction.ResolveSettings(merged, modelKey)
}

// compaction is compactionFor without the errors (invalid values skipped).
func (s *piSettings) compaction(modelKey string) compaction.Settings {
	c, _ := s.compactionFor(modelKey)
	return c
}

// compactionSettings are the compaction settings of model (compaction.
// modelOverrides keyed "provider/modelId"). pi throws on an invalid value
// when compaction is checked; pigo warns once on stderr and skips it.
func (rt *agentRuntime) compactionSettings(model agent.Message) compaction.Settings {
	key := ""
	if model != nil {
		key = fmt.Sprint(model["provider"]) + "/" + fmt.Sprint(model["id"])
	}
	c, err := rt.settings.compactionFor(key)
	if err != nil {
		if _, seen := rt.settingsWarned.LoadOrStore(err.Error(), true); !seen && rt.io.Stderr != nil {
			fmt.Fprintf(rt.io.Stderr, "Warning: %v\n", err)
		}
	}
	return c
}

// deepMerge is pi's deepMergeObjects: over's members replace base's,
// objects in both merged recursively; neither input is changed.
func deepMerge(base, over map[string]any) map[string]any {
	out := make(map[string]any, len(base)+len(over))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		bm, bok := out[k].(map[string]any)
		om, ook := v.(map[string]any)
		if bok && ook {
			v = deepMerge(bm, om)
		}
		out[k] = v
	}
	return out
}

// cacheWarming is pi's getCacheWarmingMode: the global file's cacheWarming
// when it is a known mode (a project cannot change it), else "idle".
func (s *piSettings) cacheWarming() string {
	if m := s.globalStr("cacheWarming"); slices.Contains(cachewarm.Modes, m) {
		return m
	}
	return agent.DefaultSettings.CacheWarming
}

// httpIdleTimeout is pi 1.6's getHttpIdleTimeoutMs: a non-negative number
// of milliseconds (a numeric string too), 0 or "disabled" for none
// (returned as -1), unset or "" for the default (returned as 0); anything
// else is an error, which stops pi at startup.
func (s *piSettings) httpIdleTimeout() (time.Duration, error) {
	v := s.get("httpIdleTimeoutMs")
	ms, ok := 0.0, true
	switch x := v.(type) {
	case nil:
		return 0, nil
	case float64:
		ms = x
	case string:
		t := strings.TrimSpace(x)
		switch {
		case t == "":
			return 0, nil
		case strings.EqualFold(t, "disabled"):
			return -1, nil
		}
		n, err := strconv.ParseFloat(t, 64) // JS Number() for the usual spellings
		ms, ok = n, err == nil
	default:
		ok = false
	}
	if !ok || ms < 0 || math.IsInf(ms, 0) || math.IsNaN(ms) {
		return 0, fmt.Errorf("Invalid httpIdleTimeoutMs setting: %v", jsString(v))
	}
	if ms = math.Floor(ms); ms == 0 {
		return -1, nil
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// applyHTTPProxy is pi 1.6's applyHttpProxySettings: the agent-dir
// setting httpProxy (a project cannot set it), trimmed, becomes HTTP_PROXY
// and HTTPS_PROXY where the environment leaves them unset, so model
// requests, extensions (process.env, fetch) and bash commands all see it.
func (s *piSettings) applyHTTPProxy(io *IO) {
	proxy := strings.TrimSpace(s.globalStr("httpProxy"))
	if proxy == "" {
		return
	}
	env := io.EnvMap()
	for _, key := range []string{"HTTP_PROXY", "HTTPS_PROXY"} {
		if _, set := env[key]; !set {
			io.SetEnv(key, proxy)
		}
	}
}

// thinkingBudgets is pi's getThinkingBudgets (project over agent dir):
// token budgets for minimal, low, medium and high thinking, read once for
// the session as pi's Agent does; a level left out, or not a positive
// number, keeps the provider's built-in budget.
func (s *piSettings) thinkingBudgets() provider.ThinkingBudgets {
	m, _ := s.get("thinkingBudgets").(map[string]any)
	n := func(k string) int {
		v, _ := m[k].(float64)
		return int(max(v, 0))
	}
	return provider.ThinkingBudgets{Minimal: n("minimal"), Low: n("low"), Medium: n("medium"), High: n("high")}
}

// providerRetry is pi's getProviderRetrySettings (retry.provider), the
// HTTP-level retries of each model request, with the httpIdleTimeoutMs
// idle (already validated: an invalid one stopped the start). pi's
// maxRetries 0 means none.
func (s *piSettings) providerRetry() provider.RetryPolicy {
	retry, _ := s.get("retry").(map[string]any)
	p, _ := retry["provider"].(map[string]any)
	var out provider.RetryPolicy
	out.IdleTimeout, _ = s.httpIdleTimeout()
	if n, ok := p["maxRetries"].(float64); ok {
		out.MaxRetries = int(n)
		if n <= 0 {
			out.MaxRetries = -1
		}
	}
	if ms, ok := p["timeoutMs"].(float64); ok && ms > 0 {
		out.Timeout = time.Duration(ms) * time.Millisecond
	}
	if ms, ok := p["maxRetryDelayMs"].(float64); ok {
		out.MaxRetryDelay = time.Duration(ms) * time.Millisecond
	}
	return out
}

func (s *piSettings) strings(key string) []string {
	if set, ok := s.get(key).([]string); ok { // as set() stored it
		return slices.Clone(set)
	}
	list, _ := s.get(key).([]any)
	var out []string
	for _, v := range list {
		if str, ok := v.(string); ok {
			out = append(out, str)
		}
	}
	return out
}

func (s *piSettings) queueMode(key string) string {
	if v := s.str(key); v == "all" {
		return v
	}
	return "one-at-a-time"
}

// deviceID is pi's SettingsManager.getOrCreateDeviceId: the installation's
// stable id (Sign in with ChatGPT's agent host), a random UUID saved as
// the global deviceId the first time it is needed. The project's is
// ignored, so a committed project file cannot give every clone one id.
func (s *piSettings) deviceID() (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch v := s.global["deviceId"]; v {
	case nil, "", false, 0.0:
	default: // pi keeps any set value (one not a UUID fails the login)
		id, _ := v.(string)
		return id, nil
	}
	id := uuid.NewString() // crypto.randomUUID's version 4
	s.global["deviceId"] = id
	return id, s.persistLocked("deviceId", "", id)
}

// DeviceID is the installation's device id for a login run without a
// session (pigo auth login), as pi's CLI asks its SettingsManager.
func DeviceID(io *IO) string {
	s, _ := loadPiSettings(io.FS, AgentDir(io), io.Cwd)
	id, _ := s.deviceID() // pi records a failed save and signs in with the id all the same
	return id
}

// set changes a global field and writes it to the global file.
func (s *piSettings) set(field string, value any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.global[field] = value
	return s.persistLocked(field, "", value)
}

// remove deletes a global field and removes it from the global file (pi
// writes an undefined setting by leaving it out).
func (s *piSettings) remove(field string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.global, field)
	return s.persistLocked(field, "", removed)
}

// removed as persistLocked's value takes the field out of the file.
var removed = new(struct{})

// setNested changes field.key (compaction.enabled, retry.enabled).
func (s *piSettings) setNested(field, key string, value any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, _ := s.global[field].(map[string]any)
	if m == nil {
		m = map[string]any{}
		s.global[field] = m
	}
	m[key] = value
	return s.persistLocked(field, key, value)
}

// persistLocked rewrites the global file with field (or field.key) set.
// Caller holds s.mu.
func (s *piSettings) persistLocked(field, key string, value any) error {
	if s.globalBad {
		return nil
	}
	data, err := s.fs.ReadFile(s.globalPath)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("save settings: %w", err)
	}
	top, err := parseOrderedObject(data)
	if err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if value == removed {
		top = slices.DeleteFunc(top, func(m rawMember) bool { return m.key == field })
		return s.writeLocked(top)
	}
	v, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if key != "" {
		var inner []rawMember
		for _, m := range top {
			if m.key == field {
				inner, _ = parseOrderedObject(m.value)
			}
		}
		inner = setMember(inner, key, v)
		v = encodeOrderedObject(inner)
	}
	return s.writeLocked(setMember(top, field, v))
}

// writeLocked writes the global file's members. Caller holds s.mu.
func (s *piSettings) writeLocked(top []rawMember) error {
	var out bytes.Buffer
	if err := json.Indent(&out, encodeOrderedObject(top), "", "  "); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if err := s.fs.MkdirAll(filepath.Dir(s.globalPath), 0o755); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	tmp := s.globalPath + ".tmp"
	if err := s.fs.WriteFile(tmp, out.Bytes(), 0o644); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if err := s.fs.Rename(tmp, s.globalPath); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	return nil
}

// rawMember is one member of a JSON object, its value kept as written.
type rawMember struct {
	key   string
	value json.RawMessage
}

// parseOrderedObject splits a JSON object into its members in order; empty
// input is an empty object.
func parseOrderedObject(data []byte) ([]rawMember, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var out []rawMember
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, rawMember{k, v})
	}
	return out, nil
}

func setMember(ms []rawMember, key string, v json.RawMessage) []rawMember {
	for i := range ms {
		if ms[i].key == key {
			ms[i].value = v
			return ms
		}
	}
	return append(ms, rawMember{key, v})
}

func encodeOrderedObject(ms []rawMember) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		b.Write(m.value)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// expandTilde expands a leading "~" to home.
func expandTilde(p, home string) string {
	if p == "~" {
		return home
	}
	if strings.HasPrefix(p, "~/") {
		return filepath.Join(home, p[2:])
	}
	return p
}

// AgentDir is pi's agent directory: PI_CODING_AGENT_DIR ("~"
// expanded), else ~/.pi/agent, relative to the working directory.
func AgentDir(io *IO) string {
	home := io.Getenv("HOME")
	dir := filepath.Join(home, ".pi", "agent")
	if d := io.Getenv("PI_CODING_AGENT_DIR"); d != "" {
		dir = expandTilde(d, home)
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(io.Cwd, dir)
	}
	return dir
}
