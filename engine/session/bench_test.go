package session_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// BenchmarkOpen10000 opens a session of 10,000 message entries (about
// 5 MB), the size the benchmark names.
func BenchmarkOpen10000(b *testing.B) {
	tr, err := session.Create(b.TempDir(), "/w", session.Options{Sync: session.SyncOnDemand})
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Repeat("lorem ipsum ", 40)
	for i := range 5000 {
		if _, err := tr.Commit(msgEntry(userMsg(fmt.Sprint(i, text)))); err != nil {
			b.Fatal(err)
		}
		if _, err := tr.Commit(msgEntry(assistantMsg(text))); err != nil {
			b.Fatal(err)
		}
	}
	if err := tr.Close(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		got, _, err := session.Open(tr.Path(), session.Options{})
		if err != nil {
			b.Fatal(err)
		}
		got.Close()
	}
}

// BenchmarkCommit measures one durable append (write + fsync).
func BenchmarkCommit(b *testing.B) {
	tr, err := session.Create(b.TempDir(), "/w", session.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer tr.Close()
	tr.Commit(msgEntry(userMsg("x")))
	tr.Commit(msgEntry(assistantMsg("y")))
	for b.Loop() {
		if _, err := tr.Commit(session.Entry{"type": "custom", "customType": "b", "data": map[string]any{"n": 1}}); err != nil {
			b.Fatal(err)
		}
	}
}
