package node

import (
	"path"
	"runtime"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/idna"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// urlModule is the "url" module (url.js): fileURLToPath and pathToFileURL
// with Node's posix rules, the legacy parse/format/resolve, and the URL and
// URLSearchParams globals re-exported. Relative paths resolve against
// Runtime.Cwd, which is what process.cwd() reports. Loop only.
func urlModule(rt modules.Runtime, module *goja.Object) error {
	return libRunJS(rt, module, urlProgram, map[string]any{
		"platform":    runtime.GOOS,
		"resolvePath": func(p string) string { return libResolvePath(rt.Cwd(), p) },
		"toUnicode":   urlToUnicode,
	})
}

// libResolvePath is posix path.resolve(p) with cwd as the working
// directory: absolute and clean, without a trailing slash.
func libResolvePath(cwd, p string) string {
	if !strings.HasPrefix(p, "/") {
		p = cwd + "/" + p
	}
	return path.Clean(p)
}

// urlToUnicode decodes the punycode labels of an ASCII host name.
func urlToUnicode(host string) string {
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if strings.HasPrefix(l, "xn--") {
			if u, err := idna.Punycode.ToUnicode(l); err == nil {
				labels[i] = u
			}
		}
	}
	return strings.Join(labels, ".")
}
