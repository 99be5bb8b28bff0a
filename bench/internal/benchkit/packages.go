package benchkit

import (
	"strings"

	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// PublishGreeter publishes the package the package benchmarks install,
// @demo/greeter: a small extension package with three dependencies, one
// of them with a dependency of its own (five packages).
func PublishGreeter(r *pkgmgrtest.Registry) {
	body := func(n int) string { return strings.Repeat("// filler line of a small module\n", n) }
	r.Publish("pad-left", "1.0.0", nil, map[string]string{"index.js": "module.exports = (s, n) => s.padStart(n);\n" + body(40)})
	r.Publish("shout", "1.0.0", map[string]string{"pad-left": "^1.0.0"}, map[string]string{"index.js": "module.exports = s => s.toUpperCase();\n" + body(80)})
	r.Publish("tiny-color", "2.1.0", nil, map[string]string{"index.js": body(200), "README.md": body(50)})
	r.Publish("tiny-args", "0.3.0", nil, map[string]string{"index.js": body(120), "lib/parse.js": body(120)})
	r.Publish("@demo/greeter", "1.0.0", map[string]string{"shout": "^1.0.0", "tiny-color": "^2.0.0", "tiny-args": "~0.3.0"},
		map[string]string{"extensions/greet.ts": "export default function (pi) {}\n" + body(60), "README.md": body(30)})
}
