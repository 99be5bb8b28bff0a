package node_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// The node probes of the platform differential suite
// (jsapi/platformtest/probes/node) double as this package's tests: each
// probe module is transformed the way extensions are, run in a lib test
// runtime, and its result compared key by key with the Node 22 golden next
// to it (probe.node.json, produced by running the probe in Node 22). Keys
// named in a "// gap: key reason" line are known differences and skipped.

const probeDir = "../platformtest/probes/node"

// runProbe runs one probe and returns its result as JSON-decoded values.
func runProbe(t *testing.T, name string) map[string]any {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(probeDir, name+".js"))
	if err != nil {
		t.Fatal(err)
	}
	code, err := bundler.TransformModule(name+".js", string(src), false)
	if err != nil {
		t.Fatal(err)
	}
	rt := libRuntime(t)
	done := make(chan error, 1)
	rt.Post(func() {
		vm := rt.VM()
		_ = vm.Set("__probeRequire", func(call goja.FunctionCall) goja.Value {
			v, err := rt.Require(strings.TrimPrefix(call.Argument(0).String(), "node:"))
			if err != nil {
				panic(vm.NewGoError(err))
			}
			return v
		})
		done <- nil
	})
	<-done
	v, err := rt.Run(`(function () {
  const module = { exports: {} };
  (function (exports, require, module) {` + code + `
  })(module.exports, __probeRequire, module);
  return Promise.resolve(module.exports.default()).then((r) => JSON.stringify(r));
})()`)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(v.(string)), &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// checkProbe compares a probe's result with its Node 22 golden.
func checkProbe(t *testing.T, name string) {
	t.Helper()
	got := runProbe(t, name)
	b, err := os.ReadFile(filepath.Join(probeDir, name+".node.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(filepath.Join(probeDir, name+".js"))
	gaps := map[string]bool{}
	for _, line := range strings.Split(string(src), "\n") {
		if f := strings.Fields(strings.TrimSpace(line)); len(f) >= 3 && f[0] == "//" && f[1] == "gap:" {
			gaps[f[2]] = true
		}
	}
	keys := make([]string, 0, len(want))
	for k := range want {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if gaps[k] {
			continue
		}
		if !reflect.DeepEqual(got[k], want[k]) {
			g, _ := json.Marshal(got[k])
			w, _ := json.Marshal(want[k])
			t.Errorf("%s.%s:\n got  %s\n want %s", name, k, g, w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s.%s: not in the Node golden", name, k)
		}
	}
}

func TestProbeStream(t *testing.T)       { checkProbe(t, "stream") }
func TestProbeZlib(t *testing.T)         { checkProbe(t, "zlib") }
func TestProbeReadline(t *testing.T)     { checkProbe(t, "readline") }
func TestProbeAsyncHooks(t *testing.T)   { checkProbe(t, "async_hooks") }
func TestProbeCryptoCipher(t *testing.T) { checkProbe(t, "crypto_cipher") }
func TestProbeNet(t *testing.T)          { checkProbe(t, "net") }
func TestProbeHTTP(t *testing.T)         { checkProbe(t, "http") }
func TestProbeCryptoKeys(t *testing.T)   { checkProbe(t, "crypto_keys") }
func TestProbeSmallModules(t *testing.T) { checkProbe(t, "small_modules") }
func TestProbeWebCrypto(t *testing.T)    { checkProbe(t, "webcrypto") }
func TestProbeStreamMore(t *testing.T)   { checkProbe(t, "stream_more") }
func TestProbeSqlite(t *testing.T)       { checkProbe(t, "sqlite") }
