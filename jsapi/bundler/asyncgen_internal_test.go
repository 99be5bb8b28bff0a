package bundler

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkMarkAsyncGenerators measures what marking adds to a cold build
// of a large bundle with async generators (the Anthropic SDK of the npm
// corpus, parsed once more by goja's parser); compare BenchmarkBundleSDKCold.
func BenchmarkMarkAsyncGenerators(b *testing.B) {
	code := sdkBundle(b).Code
	b.SetBytes(int64(len(code)))
	for b.Loop() {
		if _, ins := markAsyncGenerators(code, WrapperPrefix); len(ins) == 0 {
			b.Fatal("nothing marked")
		}
	}
}

// BenchmarkBundleSDKCold is the whole cold build of the same bundle.
func BenchmarkBundleSDKCold(b *testing.B) {
	entry := sdkEntry(b)
	bun := New(Options{MemoryLimit: -1})
	for b.Loop() {
		if _, err := bun.Bundle(context.Background(), entry); err != nil {
			b.Fatal(err)
		}
	}
}

func sdkEntry(b *testing.B) string {
	entry, err := filepath.Abs(filepath.Join("..", "platformtest", "npm", "anthropic-ai-sdk.js"))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(entry), "node_modules", "@anthropic-ai", "sdk")); err != nil {
		b.Skip("npm corpus not installed (make deps)")
	}
	return entry
}

func sdkBundle(b *testing.B) *Bundle {
	bun, err := New(Options{}).Bundle(context.Background(), sdkEntry(b))
	if err != nil {
		b.Fatal(err)
	}
	if !strings.Contains(bun.Code, loweredAsyncGenHint) {
		b.Fatal("the SDK bundle has no lowered async generator")
	}
	return bun
}
