package bundler_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

func benchFixture(b *testing.B) string {
	dir := b.TempDir()
	files := map[string]string{
		"index.ts": `import { a } from "./a"; import { b } from "./b"; import { Type } from "typebox";
export default function (pi: any) { pi.registerTool({ name: "x", parameters: Type.Object({}), execute: async () => a + b }); }`,
		"a.ts": `export const a: number = 1;`,
		"b.ts": `export const b: number = 2;`,
	}
	for name, content := range files {
		if err := writeBenchFile(filepath.Join(dir, name), content); err != nil {
			b.Fatal(err)
		}
	}
	return filepath.Join(dir, "index.ts")
}

// BenchmarkBundleCold measures an esbuild run (memory cache off).
func BenchmarkBundleCold(b *testing.B) {
	entry := benchFixture(b)
	bun := bundler.New(bundler.Options{External: piExternals, MemoryLimit: -1})
	for b.Loop() {
		if _, err := bun.Bundle(context.Background(), entry); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBundleCached measures a memory-cache hit (stat per input).
func BenchmarkBundleCached(b *testing.B) {
	entry := benchFixture(b)
	bun := bundler.New(bundler.Options{External: piExternals})
	for b.Loop() {
		if _, err := bun.Bundle(context.Background(), entry); err != nil {
			b.Fatal(err)
		}
	}
}
