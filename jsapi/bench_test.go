package jsapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/bundled"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// Benchmarks for the engine-core issue. Run: make bench (or go test -bench
// . -benchmem ./jsapi/). They report numbers; no test asserts timings.

// benchPlugin is a ~5 KB TS extension: a tool, a hook, a listener and some
// padding code, numbered so every plugin has distinct content.
func benchPlugin(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `import type { Pi } from "@pigo/api";
interface Args { text: string; times?: number }
const NAME = "tool_%d";
`, n)
	for i := range 40 {
		fmt.Fprintf(&b, "export function helper%d_%d(s: string): string { return s.split(\"\").reverse().join(\"\") + %d; }\n", n, i, i)
	}
	fmt.Fprintf(&b, `
export default function (pi: Pi) {
  let calls = 0;
  pi.tools.add((d) => d.set(NAME, {
    description: "benchmark tool %d",
    parameters: { type: "object", properties: { text: { type: "string" }, times: { type: "number" } }, required: ["text"] },
    async execute(_id: string, p: Args) {
      calls++;
      return { content: [{ type: "text", text: p.text.repeat(p.times ?? 1) }], details: { calls } };
    },
  }));
  pi.hook("tool_call", (e: any) => { if (e.toolName === "never") return { block: true }; });
  pi.on("tool_execution_end", () => {});
}
`, n)
	return b.String()
}

func writeBenchPlugins(b *testing.B, dir string, n int) []string {
	b.Helper()
	var paths []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("p%02d.ts", i))
		if err := os.WriteFile(p, []byte(benchPlugin(i)), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

func bootAll(b *testing.B, env *jsapi.Env, paths []string) *engine.Host {
	h := engine.New(engine.Options{})
	var specs []engine.PluginSpec
	for _, p := range paths {
		specs = append(specs, env.Plugin(jsapi.PluginID(p), p, nil))
	}
	for _, r := range h.Boot(context.Background(), specs) {
		if !r.OK {
			b.Fatal(r.Err)
		}
	}
	return h
}

// BenchmarkStart24 measures 24 plugins loaded and ready.
func BenchmarkStart24(b *testing.B) {
	dir := b.TempDir()
	paths := writeBenchPlugins(b, dir, 24)
	b.Run("cold-ts", func(b *testing.B) { // fresh Env, no disk cache: esbuild + compile every time
		for range b.N {
			h := bootAll(b, jsapi.New(jsapi.Options{}), paths)
			_ = h.Close(context.Background())
		}
	})
	b.Run("disk-cache", func(b *testing.B) { // fresh Env (new process), warm disk cache: no esbuild
		cache := b.TempDir()
		_ = bootAll(b, jsapi.New(jsapi.Options{CacheDir: cache}), paths).Close(context.Background())
		b.ResetTimer()
		for range b.N {
			h := bootAll(b, jsapi.New(jsapi.Options{CacheDir: cache}), paths)
			_ = h.Close(context.Background())
		}
	})
	b.Run("warm-env", func(b *testing.B) { // same Env: bundles and programs in memory
		env := jsapi.New(jsapi.Options{})
		_ = bootAll(b, env, paths).Close(context.Background())
		b.ResetTimer()
		for range b.N {
			h := bootAll(b, env, paths)
			_ = h.Close(context.Background())
		}
	})
}

// BenchmarkMemoryPerPlugin reports heap and RSS growth per loaded plugin.
func BenchmarkMemoryPerPlugin(b *testing.B) {
	const n = 24
	dir := b.TempDir()
	paths := writeBenchPlugins(b, dir, n)
	env := jsapi.New(jsapi.Options{})
	_ = bootAll(b, env, paths).Close(context.Background()) // warm caches: measure runtimes, not bundles
	for range b.N {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		rss0 := rssBytes()
		h := bootAll(b, env, paths)
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		rss1 := rssBytes()
		b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/n/1024, "heapKB/plugin")
		if rss0 > 0 {
			b.ReportMetric(float64(rss1-rss0)/n/1024, "rssKB/plugin")
		}
		_ = h.Close(context.Background())
	}
}

// rssBytes reads the resident set size from /proc (0 where unavailable).
func rssBytes() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	var size, rss int64
	if _, err := fmt.Sscan(string(b), &size, &rss); err != nil {
		return 0
	}
	return rss * int64(os.Getpagesize())
}

// BenchmarkRebuild24x10 replays 24 owners × 10 JS contributions.
func BenchmarkRebuild24x10(b *testing.B) {
	dir := b.TempDir()
	var paths []string
	for i := range 24 {
		var src strings.Builder
		src.WriteString("export default function (pi) {\n")
		for j := range 10 {
			fmt.Fprintf(&src, "  pi.resources.add((d) => d.set(\"r%d_%d\", { kind: \"prompt\", content: \"x\" }));\n", i, j)
		}
		src.WriteString("}\n")
		p := filepath.Join(dir, fmt.Sprintf("r%02d.js", i))
		if err := os.WriteFile(p, []byte(src.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	h := bootAll(b, jsapi.New(jsapi.Options{}), paths)
	defer h.Close(context.Background())
	b.ResetTimer()
	for range b.N {
		r, err := h.Resources().Rebuild(context.Background())
		if err != nil || r.State.Len() != 240 {
			b.Fatalf("rebuild: %v %d", err, r.State.Len())
		}
	}
}

// BenchmarkRebuildPiTools replays the tools and commands of 21 extensions
// written against pi's API (heavyPlugin: registerTool with a TypeBox
// schema and a renderer, registerCommand): what every reload of one of
// them costs the registries while the others are idle (their recorded
// registrations are reused).
func BenchmarkRebuildPiTools(b *testing.B) { benchRebuildPiTools(b, false) }

// BenchmarkRebuildPiToolsBusy is BenchmarkRebuildPiTools after every
// extension ran code (a tool_call hook, outside the timing) before each
// rebuild, as after a turn: no contribution's record can be reused, so
// every extension's registrations run again on its loop.
func BenchmarkRebuildPiToolsBusy(b *testing.B) { benchRebuildPiTools(b, true) }

func benchRebuildPiTools(b *testing.B, busy bool) {
	const n = 21
	paths := writeHeavyPlugins(b, n)
	h := bootAll(b, jsapi.New(jsapi.Options{}), paths)
	defer h.Close(context.Background())
	hook := map[string]any{"toolName": "read", "toolCallId": "1", "input": map[string]any{}}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if busy {
			b.StopTimer()
			h.RunHook(context.Background(), "tool_call", hook)
			b.StartTimer()
		}
		tools, err := h.Tools().Rebuild(context.Background())
		if err != nil || tools.State.Len() != n {
			b.Fatalf("tools: %v %d", err, tools.State.Len())
		}
		commands, err := h.Commands().Rebuild(context.Background())
		if err != nil || commands.State.Len() != n {
			b.Fatalf("commands: %v %d", err, commands.State.Len())
		}
	}
}

// BenchmarkToolRoundTrip is one Go → JS execute → Go result, with schema
// validation and the (empty) hook chains.
func BenchmarkToolRoundTrip(b *testing.B) {
	dir := b.TempDir()
	paths := writeBenchPlugins(b, dir, 1)
	h := bootAll(b, jsapi.New(jsapi.Options{}), paths)
	defer h.Close(context.Background())
	call := engine.ToolCall{ID: "c", Params: map[string]any{"text": "ab", "times": 2.0}}
	b.ResetTimer()
	for range b.N {
		r, err := h.RunTool(context.Background(), "tool_0", call)
		if err != nil || r.Text() != "abab" {
			b.Fatalf("%v %q", err, r.Text())
		}
	}
}

// BenchmarkHookChain10 runs a tool_call hook across 10 plugins, each
// modifying the input the next one sees.
func BenchmarkHookChain10(b *testing.B) {
	dir := b.TempDir()
	var paths []string
	for i := range 10 {
		p := filepath.Join(dir, fmt.Sprintf("h%02d.js", i))
		src := `export default function (pi) {
  pi.hook("tool_call", (e) => { e.input.n = (e.input.n || 0) + 1; });
}
`
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	h := bootAll(b, jsapi.New(jsapi.Options{}), paths)
	defer h.Close(context.Background())
	b.ResetTimer()
	for range b.N {
		out := h.RunHook(context.Background(), "tool_call", map[string]any{"toolName": "x", "toolCallId": "1", "input": map[string]any{}})
		m := out.Value.(map[string]any)
		if m["input"].(map[string]any)["n"] != 10.0 {
			b.Fatalf("chain result %v", m)
		}
	}
}

// BenchmarkPiToolCallChain5 is a pi-style tool call (registerTool through
// the compat adapter) behind five pi.on("tool_call") handlers, each in its
// own plugin: validation, the hook chain, execute, tool_result.
func BenchmarkPiToolCallChain5(b *testing.B) {
	dir := b.TempDir()
	var paths []string
	for i := range 5 {
		p := filepath.Join(dir, fmt.Sprintf("gate%d.ts", i))
		src := `export default function (pi) {
  pi.on("tool_call", (event, ctx) => {
    if (event.toolName === "bash" && String(event.input.command).includes("rm -rf")) return { block: true, reason: "no" };
  });
}
`
		if i == 0 {
			src = `export default function (pi) {
  pi.registerTool({ name: "echo", label: "Echo", description: "echo",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    async execute(id, params, signal, onUpdate, ctx) { return { content: [{ type: "text", text: params.text }], details: {} }; } });
  pi.on("tool_call", (event) => { event.input.text = event.input.text.trim(); });
}
`
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	h := bootAll(b, jsapi.New(jsapi.Options{}), paths)
	defer h.Close(context.Background())
	b.ResetTimer()
	for range b.N {
		r, err := h.RunTool(context.Background(), "echo", engine.ToolCall{ID: "c", Params: map[string]any{"text": " hi "}})
		if err != nil || r.Text() != "hi" {
			b.Fatalf("%v %q", err, r.Text())
		}
	}
}

// BenchmarkBuiltinTools measures the default app's built-in tools loaded
// and ready in a fresh Env (what every pigo process pays before its first
// extension), with the heap they keep: each in its own runtime, and all in
// one (Env.BuiltinGroup, what package pigo does).
func BenchmarkBuiltinTools(b *testing.B) {
	var app struct{ Plugins []string }
	if err := json.Unmarshal(bundled.DefaultApp(), &app); err != nil {
		b.Fatal(err)
	}
	run := func(b *testing.B, specs func(*jsapi.Env) []engine.PluginSpec) {
		b.ReportAllocs()
		for range b.N {
			runtime.GC()
			var before runtime.MemStats
			runtime.ReadMemStats(&before)
			env := jsapi.New(jsapi.Options{Builtins: bundled.Sources()})
			h := engine.New(engine.Options{})
			for _, r := range h.Boot(context.Background(), specs(env)) {
				if !r.OK {
					b.Fatal(r.Err)
				}
			}
			runtime.GC()
			var after runtime.MemStats
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/(1<<20), "heapMB")
			_ = h.Close(context.Background())
		}
	}
	b.Run("runtime-each", func(b *testing.B) {
		run(b, func(env *jsapi.Env) []engine.PluginSpec {
			var specs []engine.PluginSpec
			for _, id := range app.Plugins {
				specs = append(specs, env.BuiltinPlugin(id))
			}
			return specs
		})
	})
	b.Run("one-runtime", func(b *testing.B) {
		run(b, func(env *jsapi.Env) []engine.PluginSpec {
			return []engine.PluginSpec{env.BuiltinGroup("@pi/tools", app.Plugins)}
		})
	})
}

// heavyPlugin is what most real extensions look like: named imports from
// pi-ai, pi-tui and pi-coding-agent, a tool with a TypeBox schema and a
// renderer, a command and a listener.
func heavyPlugin(n int) string {
	return fmt.Sprintf(`import { StringEnum } from "@earendil-works/pi-ai";
import { Text, truncateToWidth } from "@earendil-works/pi-tui";
import { Type } from "typebox";
import { isToolCallEventType, type ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  pi.registerTool({
    name: "heavy_%d", label: "Heavy %d", description: "a tool",
    parameters: Type.Object({ text: Type.String(), mode: StringEnum(["a", "b"] as const) }),
    async execute(_id, params) { return { content: [{ type: "text", text: params.text }], details: {} }; },
    renderCall(args, theme) { return new Text(truncateToWidth(theme.fg("toolTitle", args.text), 40), 0, 0); },
  });
  pi.registerCommand("heavy%d", { description: "c", handler: async (_args, ctx) => { ctx.ui.notify("hi", "info"); } });
  pi.on("tool_call", (e) => { if (isToolCallEventType("bash", e) && e.input.command === "x") return { block: true }; });
}
`, n, n, n)
}

// writeHeavyPlugins writes n heavyPlugin extensions into a temporary
// directory and returns their paths.
func writeHeavyPlugins(b *testing.B, n int) []string {
	dir := b.TempDir()
	var paths []string
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("h%02d.ts", i))
		if err := os.WriteFile(p, []byte(heavyPlugin(i)), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

// BenchmarkHeavyPlugin reports what each further extension importing pi's
// npm modules costs once the process has loaded one (programs compiled):
// time per plugin, heap and RSS growth per plugin.
func BenchmarkHeavyPlugin(b *testing.B) {
	const n = 20
	paths := writeHeavyPlugins(b, n)
	env := jsapi.New(jsapi.Options{})
	_ = bootAll(b, env, paths).Close(context.Background()) // bundles and programs in memory
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		rss0 := rssBytes()
		h := bootAll(b, env, paths)
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		rss1 := rssBytes()
		b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/n/1024, "heapKB/plugin")
		if rss0 > 0 {
			b.ReportMetric(float64(rss1-rss0)/n/1024, "rssKB/plugin")
		}
		_ = h.Close(context.Background())
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/plugin")
}

// BenchmarkPiExamples reports heap and RSS growth per plugin for 20 of pi
// 1.6's example extensions (the single-file ones that load here, in name
// order; bench/startup -table picks its 20 much the same way, through pigo
// check, and leaves out clashing ones). With PIGO_BENCH_HEAPPROFILE
// set, a heap profile of the loaded runtimes is written there.
func BenchmarkPiExamples(b *testing.B) {
	const n = 20
	dir := "../node_modules/@earendil-works/pi-coding-agent/examples/extensions"
	ents, err := os.ReadDir(dir)
	if err != nil {
		b.Skipf("pi 1.6's examples are not installed (npm ci): %v", err)
	}
	env := jsapi.New(jsapi.Options{})
	var paths []string
	for _, e := range ents {
		if len(paths) == n {
			break
		}
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".ts") {
			continue
		}
		p, _ := filepath.Abs(filepath.Join(dir, e.Name()))
		h := engine.New(engine.Options{})
		rs := h.Boot(context.Background(), []engine.PluginSpec{env.Plugin(jsapi.PluginID(p), p, nil)})
		_ = h.Close(context.Background())
		if len(rs) == 1 && rs[0].OK {
			paths = append(paths, p)
		}
	}
	_ = bootAll(b, env, paths).Close(context.Background()) // bundles and programs in memory
	profile := os.Getenv("PIGO_BENCH_HEAPPROFILE")
	writeProfile := func(name string) {
		runtime.GC()
		out, err := os.Create(name)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.WriteHeapProfile(out); err != nil {
			b.Fatal(err)
		}
		_ = out.Close()
	}
	b.ResetTimer()
	for range b.N {
		if profile != "" {
			// Every allocation sampled, and a profile before loading:
			// go tool pprof -base FILE.before FILE shows the runtimes alone.
			runtime.MemProfileRate = 1
			writeProfile(profile + ".before")
		}
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		rss0 := rssBytes()
		h := bootAll(b, env, paths)
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		rss1 := rssBytes()
		b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/float64(len(paths))/1024, "heapKB/plugin")
		if rss0 > 0 {
			b.ReportMetric(float64(rss1-rss0)/float64(len(paths))/1024, "rssKB/plugin")
		}
		if profile != "" {
			writeProfile(profile)
		}
		_ = h.Close(context.Background())
	}
}

// catalogPlugin is a plugin that does not read pi-ai's catalog (variant
// "none"), reads its functions ("imported": the bundler drops unused
// reads, so they are used), reads one model ("one") or lists every
// provider's models ("listed").
func catalogPlugin(n int, variant string) string {
	body := map[string]string{
		"none":     `const description = "c";`,
		"imported": `const description = [getModel, getModels, getProviders].map((f) => typeof f).join(",");`,
		"one":      `const description = getModel("anthropic", "claude-sonnet-4-5").name;`,
		"listed": `let description = "";
  for (const p of getProviders()) description += getModels(p).length;`,
	}[variant]
	return fmt.Sprintf(`import { getModel, getModels, getProviders } from "@earendil-works/pi-ai";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

export default function (pi: ExtensionAPI) {
  %s
  pi.registerCommand("catalog%d", { description, handler: async () => {} });
}
`, body, n)
}

// BenchmarkCatalogPlugin reports the heap each plugin runtime pays for
// pi-ai's model catalog: "imported" runtimes load pi-ai's catalog module
// without reading a model, "one" ones read an Anthropic model, "listed"
// ones read every provider's models; "none" is the same plugin without
// pi-ai.
func BenchmarkCatalogPlugin(b *testing.B) {
	for _, variant := range []string{"none", "imported", "one", "listed"} {
		b.Run(variant, func(b *testing.B) {
			const n = 20
			dir := b.TempDir()
			var paths []string
			for i := range n {
				p := filepath.Join(dir, fmt.Sprintf("c%02d.ts", i))
				if err := os.WriteFile(p, []byte(catalogPlugin(i, variant)), 0o644); err != nil {
					b.Fatal(err)
				}
				paths = append(paths, p)
			}
			env := jsapi.New(jsapi.Options{})
			_ = bootAll(b, env, paths).Close(context.Background()) // bundles and programs in memory
			b.ResetTimer()
			for range b.N {
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				h := bootAll(b, env, paths)
				runtime.GC()
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/n/1024, "heapKB/plugin")
				_ = h.Close(context.Background())
			}
		})
	}
}
