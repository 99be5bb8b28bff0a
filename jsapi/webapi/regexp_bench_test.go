package webapi

import (
	"testing"

	"github.com/dop251/goja"
)

// BenchmarkRegExpConstruct measures new RegExp as lowered literals use it:
// a property-escape pattern (expanded) and a plain /u one.
func BenchmarkRegExpConstruct(b *testing.B) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		b.Fatal(err)
	}
	for name, src := range map[string]string{
		"property": `new RegExp("\\p{L}+", "u").test("abc")`,
		"plain":    `new RegExp("[a-z]+\\d", "u").test("abc1")`,
	} {
		prog := goja.MustCompile("x", src, true)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := rt.RunProgram(prog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRGIEmoji measures string-width's /^\p{RGI_Emoji}$/v: compiling
// it (the expansion is cached, goja compiles each time) and testing an
// emoji and plain text.
func BenchmarkRGIEmoji(b *testing.B) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		b.Fatal(err)
	}
	if _, err := rt.RunString(`var rgi = new RegExp("^\\p{RGI_Emoji}$", "v");`); err != nil {
		b.Fatal(err)
	}
	for name, src := range map[string]string{
		"compile":    `new RegExp("^\\p{RGI_Emoji}$", "v")`,
		"test-emoji": `rgi.test("\u{1F44D}\u{1F3FD}")`,
		"test-text":  `rgi.test("abc")`,
	} {
		prog := goja.MustCompile("x", src, true)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := rt.RunProgram(prog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRegExpLiteralReplaceNonASCII is an extension's padLine (pi's
// space-invaders example): a global regexp literal stripping SGR codes
// from a line of box drawing, evaluated anew per call. goja runs it on
// regexp2 (the line is not ASCII) and compiles that form per evaluation;
// the patched regexp2 serves it from its compile cache.
func BenchmarkRegExpLiteralReplaceNonASCII(b *testing.B) {
	rt := goja.New()
	if _, err := rt.RunString("var line = '\\x1b[2m │\\x1b[22m' + ' '.repeat(60) + '\\x1b[2m│\\x1b[22m';\n" +
		"function padLine(l) { return l.replace(/\\x1b\\[[0-9;]*m/g, '').length; }"); err != nil {
		b.Fatal(err)
	}
	prog := goja.MustCompile("x", "padLine(line)", true)
	for b.Loop() {
		if v, err := rt.RunProgram(prog); err != nil || v.ToInteger() != 63 {
			b.Fatal(v, err)
		}
	}
}
