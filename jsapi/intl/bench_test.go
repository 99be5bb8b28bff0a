package intl

import (
	"testing"

	"github.com/dop251/goja"
)

// BenchmarkInstall is what every plugin runtime pays: the lazy accessor and
// the seven prototype hooks, no compile and no data.
func BenchmarkInstall(b *testing.B) {
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		rt := goja.New()
		b.StartTimer()
		if err := Install(rt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInstallWarm is Install on a runtime whose Number, Date, String,
// Array and BigInt prototypes exist already (goja builds them on first
// touch, and pigo's other globals touch them), so it measures Install alone.
func BenchmarkInstallWarm(b *testing.B) {
	warm := goja.MustCompile("", `Number.prototype; BigInt.prototype; Date.prototype; String.prototype; Array.prototype`, true)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		rt := goja.New()
		if _, err := rt.RunProgram(warm); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if err := Install(rt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstUse is Install plus the first Intl call in a fresh runtime:
// building the Intl object (the compiled program is shared by the process)
// and parsing the locale's number tables.
func BenchmarkFirstUse(b *testing.B) {
	for _, src := range []string{
		`new Intl.NumberFormat("en-US").format(1234.5)`,
		`new Intl.DateTimeFormat("de",{dateStyle:"long",timeZone:"UTC"}).format(0)`,
		`new Intl.Collator("en").compare("a","b")`,
	} {
		b.Run(src[:20], func(b *testing.B) {
			prog := goja.MustCompile("", src, true)
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				rt := goja.New()
				b.StartTimer()
				if err := Install(rt); err != nil {
					b.Fatal(err)
				}
				if _, err := rt.RunProgram(prog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFormat is one format call on an existing formatter.
func BenchmarkFormat(b *testing.B) {
	for name, setup := range map[string]string{
		"number":         `const f = new Intl.NumberFormat("en-US", {maximumFractionDigits: 2}); () => f.format(1234567.891)`,
		"currency":       `const f = new Intl.NumberFormat("de", {style: "currency", currency: "EUR"}); () => f.format(-1234.5)`,
		"date":           `const f = new Intl.DateTimeFormat("en-US", {dateStyle: "medium", timeStyle: "short", timeZone: "America/New_York"}); () => f.format(1700000000000)`,
		"toLocaleString": `() => (1234567.891).toLocaleString("en-US")`,
	} {
		b.Run(name, func(b *testing.B) {
			rt := newTestRuntime(b)
			v, err := rt.RunString(setup)
			if err != nil {
				b.Fatal(err)
			}
			fn, _ := goja.AssertFunction(v)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := fn(goja.Undefined()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLoadTables is the once-per-process cost of one locale's tables:
// gunzip and index them.
func BenchmarkLoadTables(b *testing.B) {
	for i := 0; i < b.N; i++ {
		tablesMu.Lock()
		delete(tables, "de")
		tablesMu.Unlock()
		if _, err := tablesFor("de"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompile is the once-per-process compile of intl.js.
func BenchmarkCompile(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := goja.Compile("intl.js", intlSource, true); err != nil {
			b.Fatal(err)
		}
	}
}
