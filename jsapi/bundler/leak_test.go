package bundler_test

import (
	"path/filepath"
	"testing"

	"go.uber.org/goleak"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

func TestNoGoroutineLeak(t *testing.T) {
	defer goleak.VerifyNone(t)
	dir := writeFiles(t, t.TempDir(), map[string]string{"index.ts": `export default await Promise.resolve(1);`})
	b := bundler.New(bundler.Options{MemoryLimit: -1})
	for range 3 {
		mustBundle(t, b, filepath.Join(dir, "index.ts"))
	}
}
