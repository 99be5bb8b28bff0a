package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkEditedReload is one edit of the benchmark's edited extension
// and its manual reload, with 20 others loaded (the work behind each
// edit-to-live sample, without the watcher): go test -bench EditedReload
// -cpuprofile ./bench/reload.
func BenchmarkEditedReload(b *testing.B) {
	dir := b.TempDir()
	target := filepath.Join(dir, "edited.ts")
	paths := []string{target}
	if err := save(target, editedSource(0)); err != nil {
		b.Fatal(err)
	}
	for i := range 20 {
		p := filepath.Join(dir, fmt.Sprintf("other%02d.ts", i))
		if err := os.WriteFile(p, []byte(otherSource(i)), 0o644); err != nil {
			b.Fatal(err)
		}
		paths = append(paths, p)
	}
	host, r, _, err := newHost(paths)
	if err != nil {
		b.Fatal(err)
	}
	defer host.Close(context.Background())
	b.ReportAllocs()
	b.ResetTimer()
	v := 0
	var reload, call time.Duration
	for range b.N {
		v++
		if err := save(target, editedSource(v)); err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		if rep := r.Reload(context.Background(), "edited"); !rep.OK {
			b.Fatal(rep.Error)
		}
		mid := time.Now()
		if err := expectVersion(host, v); err != nil {
			b.Fatal(err)
		}
		reload, call = reload+mid.Sub(start), call+time.Since(mid)
	}
	// The first tool call of each new generation, apart.
	b.ReportMetric(ms(reload)/float64(b.N), "reload-ms/op")
	b.ReportMetric(ms(call)/float64(b.N), "toolcall-ms/op")
}
