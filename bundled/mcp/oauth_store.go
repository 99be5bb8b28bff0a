package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/lockfile"
)

// mcp-auth.json is shared with pi, which reads and writes it under
// proper-lockfile (engine/lockfile): the whole file is re-read inside the
// lock, the server's entry changed, and the file rewritten in place as
// JSON.stringify(states, null, 2) plus a newline, mode 0600 in a 0700
// directory. The format and keys are pi's, written by hand so that the
// bytes are the same.

// storeLock is pi's lockSync around mcp-auth.json: proper-lockfile's
// defaults (real path, stale after 10 s), ten attempts 20 ms apart.
var storeLock = lockfile.Options{Name: "mcp-auth.json", Stale: 10 * time.Second, Retries: 9,
	MinWait: 20 * time.Millisecond, Realpath: true}

// refreshLock is pi's per-server refresh lock: a lock that is no longer
// renewed is taken over after 20 s, and waiting for one stops after 25 s.
var refreshLock = lockfile.Options{Name: "MCP refresh lock", Stale: 20 * time.Second, Retries: 250,
	MinWait: 100 * time.Millisecond}

// errRefreshLockBusy: another process held the refresh lock for the
// whole wait.
var errRefreshLockBusy = errors.New("Another process is refreshing the MCP server's tokens")

// credentialStore is pi's McpOAuthCredentialStore: the OAuth state of
// every server in <agentDir>/mcp-auth.json.
type credentialStore struct {
	file    string
	lockDir string // "" keeps refreshes serialized in this process only
}

func newCredentialStore(agentDir string) *credentialStore {
	return &credentialStore{file: filepath.Join(agentDir, "mcp-auth.json"), lockDir: agentDir}
}

// normalizeURL is String(new URL(u)) for http(s) URLs: lower-case scheme
// and host, the default port dropped, "/" for an empty path.
func normalizeURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	u.Scheme = strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if (u.Scheme == "http" && port == "80") || (u.Scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	u.Host = host
	if u.Path == "" && u.Opaque == "" {
		u.Path = "/"
	}
	return u.String()
}

// storeKeys is pi's keying: "mcp__<name with - as _>|<URL>", and the
// legacy key by URL alone that older versions wrote.
func storeKeys(name, serverURL string) (key, legacy string) {
	legacy = normalizeURL(serverURL)
	return "mcp__" + strings.ReplaceAll(name, "-", "_") + "|" + legacy, legacy
}

// withLock runs fn on the parsed file under the lock; when fn reports a
// change the file is rewritten. A file that does not parse is an error
// and is left as it is.
func (c *credentialStore) withLock(fn func(states *jsjson.Object) (changed bool, err error)) error {
	// pi creates the file ("{}") before every read; pigo leaves a missing
	// file missing until there is something to write.
	if _, err := os.Stat(c.file); errors.Is(err, fs.ErrNotExist) {
		if changed, err := fn(&jsjson.Object{}); err != nil || !changed {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Dir(c.file), 0o700); err != nil {
		return err
	}
	if _, err := os.Stat(c.file); errors.Is(err, fs.ErrNotExist) {
		if err := os.WriteFile(c.file, []byte("{}"), 0o600); err != nil {
			return err
		}
	}
	l, err := lockfile.Acquire(context.Background(), c.file, storeLock)
	if err != nil {
		return err
	}
	defer l.Release()
	current, err := os.ReadFile(c.file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	states, err := parseStates(current)
	if err != nil {
		return &storeError{c.file, err}
	}
	changed, err := fn(states)
	if err != nil || !changed {
		return err
	}
	b, err := (&jsjson.Encoder{Indent: "  "}).Append(nil, states)
	if err != nil {
		return err
	}
	return os.WriteFile(c.file, append(b, '\n'), 0o600)
}

// storeError: mcp-auth.json does not parse.
type storeError struct {
	file string
	err  error
}

func (e *storeError) Error() string { return e.file + ": " + e.err.Error() }
func (e *storeError) Unwrap() error { return e.err }

// parseStates is pi's parseStates: empty content and non-objects are {}.
func parseStates(content []byte) (*jsjson.Object, error) {
	if strings.TrimSpace(string(content)) == "" {
		return &jsjson.Object{}, nil
	}
	if msg := jsjson.ParseError(string(content)); msg != "" {
		return nil, errors.New(msg)
	}
	v, err := jsjson.Parse(content)
	if err != nil {
		return nil, err
	}
	if o, ok := v.(*jsjson.Object); ok {
		return o, nil
	}
	return &jsjson.Object{}, nil
}

// serverStore is one server's state in the store.
type serverStore interface {
	load() (*jsjson.Object, error)
	save(*jsjson.Object) error
	withRefreshLock(func() error) error
}

type fileServerStore struct {
	c           *credentialStore
	key, legacy string
}

func (c *credentialStore) forServer(name, serverURL string) serverStore {
	key, legacy := storeKeys(name, serverURL)
	return &fileServerStore{c, key, legacy}
}

// load returns the server's state (nil when none); the first server to
// load legacy state takes it over.
func (s *fileServerStore) load() (*jsjson.Object, error) {
	var out *jsjson.Object
	err := s.c.withLock(func(states *jsjson.Object) (bool, error) {
		v, ok := states.Get(s.key)
		if ok && jsjson.Truthy(v) {
			out, _ = v.(*jsjson.Object)
			return false, nil
		}
		lv, lok := states.Get(s.legacy)
		if !lok || !jsjson.Truthy(lv) {
			out, _ = v.(*jsjson.Object)
			return false, nil
		}
		states.Set(s.key, lv)
		states.Delete(s.legacy)
		out, _ = lv.(*jsjson.Object)
		return true, nil
	})
	return cloneObject(out), err
}

func (s *fileServerStore) save(state *jsjson.Object) error {
	return s.c.withLock(func(states *jsjson.Object) (bool, error) {
		states.Set(s.key, cloneObject(state))
		return true, nil
	})
}

func (s *fileServerStore) withRefreshLock(fn func() error) error {
	if s.c.lockDir == "" {
		return fn()
	}
	if err := os.MkdirAll(s.c.lockDir, 0o700); err != nil {
		return err
	}
	sum := sha256.Sum256([]byte(s.key))
	l, err := lockfile.Acquire(context.Background(), filepath.Join(s.c.lockDir, "mcp-auth-refresh-"+hex.EncodeToString(sum[:])[:16]), refreshLock)
	if errors.Is(err, lockfile.ErrLocked) {
		return errRefreshLockBusy
	}
	if err != nil {
		return err
	}
	defer l.Release()
	return fn()
}

// tokens returns a server's stored tokens as JSON ("null" when none), for
// noticing sign-ins done by another process.
func (c *credentialStore) tokens(name, serverURL string) string {
	key, legacy := storeKeys(name, serverURL)
	out := "null"
	_ = c.withLock(func(states *jsjson.Object) (bool, error) {
		v, ok := states.Get(key)
		if !ok || v == nil {
			v, _ = states.Get(legacy)
		}
		if o, isObj := v.(*jsjson.Object); isObj {
			if t, has := o.Get("tokens"); has {
				out = jsjson.Stringify(t)
			}
		}
		return false, nil
	})
	return out
}

// remove deletes a server's credentials and reports whether there were
// any.
func (c *credentialStore) remove(name, serverURL string) (bool, error) {
	key, legacy := storeKeys(name, serverURL)
	removed := false
	err := c.withLock(func(states *jsjson.Object) (bool, error) {
		for _, k := range []string{key, legacy} {
			if _, ok := states.Get(k); ok {
				states.Delete(k)
				removed = true
				return true, nil
			}
		}
		return false, nil
	})
	return removed, err
}

// cloneObject deep-copies a parsed value.
func cloneObject(o *jsjson.Object) *jsjson.Object {
	if o == nil {
		return nil
	}
	c, _ := cloneValue(o).(*jsjson.Object)
	return c
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case *jsjson.Object:
		out := make(jsjson.Object, len(*x))
		for i, m := range *x {
			out[i] = jsjson.Member{Key: m.Key, Value: cloneValue(m.Value)}
		}
		return &out
	case jsjson.Object:
		return cloneValue(&x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cloneValue(e)
		}
		return out
	default:
		return v
	}
}

// Accessors for parsed JSON objects.

func objGet(o *jsjson.Object, key string) any {
	if o == nil {
		return nil
	}
	v, _ := o.Get(key)
	return v
}

func objStr(o *jsjson.Object, key string) string {
	s, _ := objGet(o, key).(string)
	return s
}

func objObj(o *jsjson.Object, key string) *jsjson.Object {
	switch x := objGet(o, key).(type) {
	case *jsjson.Object:
		return x
	case jsjson.Object:
		return &x
	}
	return nil
}

func objStrs(o *jsjson.Object, key string) ([]string, bool) {
	list, ok := objGet(o, key).([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		if s, isStr := e.(string); isStr {
			out = append(out, s)
		}
	}
	return out, true
}

func objBool(o *jsjson.Object, key string) bool {
	b, _ := objGet(o, key).(bool)
	return b
}
