package bundler

import "strings"

// externalMatcher decides which import specifiers stay runtime require()
// calls served by the host. It follows esbuild's --external rules, so a
// pattern means the same here as on esbuild's command line:
//
//   - "name" matches "name" and, for package-like names, every subpath
//     "name/..." (so "typebox" covers "typebox/compile");
//   - one "*" is a wildcard: "@mariozechner/*" matches every package of the
//     scope, "*.node" every native addon.
//
// Node built-ins ("fs", "fs/promises", ...) and everything under "node:"
// are always external: the host provides its own shims for them.
type externalMatcher struct {
	exact    map[string]bool
	packages []string // package-like exact patterns; subpaths match too
	wild     []wildcard
}

type wildcard struct{ prefix, suffix string }

func newExternalMatcher(patterns []string) *externalMatcher {
	m := &externalMatcher{exact: make(map[string]bool)}
	for _, p := range patterns {
		if p == "" {
			continue
		}
		if i := strings.IndexByte(p, '*'); i >= 0 {
			m.wild = append(m.wild, wildcard{prefix: p[:i], suffix: p[i+1:]})
			continue
		}
		m.exact[p] = true
		if isPackagePath(p) {
			m.packages = append(m.packages, p)
		}
	}
	return m
}

// match reports whether spec is external.
func (m *externalMatcher) match(spec string) bool {
	if strings.HasPrefix(spec, "node:") || isNodeBuiltin(spec) {
		return true
	}
	if m.exact[spec] {
		return true
	}
	for _, p := range m.packages {
		if strings.HasPrefix(spec, p) && len(spec) > len(p) && spec[len(p)] == '/' {
			return true
		}
	}
	for _, w := range m.wild {
		if len(spec) >= len(w.prefix)+len(w.suffix) && strings.HasPrefix(spec, w.prefix) && strings.HasSuffix(spec, w.suffix) {
			return true
		}
	}
	return false
}

// isPackagePath reports whether p looks like a bare package specifier
// rather than a relative or absolute path.
func isPackagePath(p string) bool {
	return !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") && p != "." && p != ".."
}

// IsNodeBuiltin reports whether name (without "node:") is a Node built-in
// module; the runtime uses it to serve a placeholder for built-ins pigo
// does not implement.
func IsNodeBuiltin(name string) bool { return isNodeBuiltin(name) }

// isNodeBuiltin reports whether name is a Node built-in module that may be
// imported without the "node:" prefix. The list is esbuild's
// (internal/resolver BuiltInNodeModules), so both sides agree on what
// platform "node" keeps external.
func isNodeBuiltin(name string) bool {
	switch name {
	case "_http_agent", "_http_client", "_http_common", "_http_incoming", "_http_outgoing", "_http_server",
		"_stream_duplex", "_stream_passthrough", "_stream_readable", "_stream_transform", "_stream_wrap",
		"_stream_writable", "_tls_common", "_tls_wrap",
		"assert", "assert/strict", "async_hooks", "buffer", "child_process", "cluster", "console", "constants",
		"crypto", "dgram", "diagnostics_channel", "dns", "dns/promises", "domain", "events", "fs", "fs/promises",
		"http", "http2", "https", "inspector", "module", "net", "os", "path", "path/posix", "path/win32",
		"perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream", "stream/consumers",
		"stream/promises", "stream/web", "string_decoder", "sys", "timers", "timers/promises", "tls",
		"trace_events", "tty", "url", "util", "util/types", "v8", "vm", "wasi", "worker_threads", "zlib":
		return true
	}
	return false
}
