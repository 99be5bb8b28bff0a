package mcp

import (
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A progress notification being delivered when its call returns is
// waited for (remove blocks until its update is out), and none is
// delivered after: a finished call's onUpdate is never called.
func TestProgressAfterTheResult(t *testing.T) {
	var p progressTokens
	entered, release := make(chan struct{}), make(chan struct{})
	calls := 0
	token := p.add(func(*sdk.ProgressNotificationParams) {
		calls++
		if calls == 1 {
			close(entered)
			<-release
		}
	})
	go p.notify(&sdk.ProgressNotificationParams{ProgressToken: token, Progress: 1})
	<-entered
	removed := make(chan struct{})
	go func() { p.remove(token); close(removed) }()
	select {
	case <-removed:
		t.Fatal("remove returned while an update was being delivered")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-removed
	p.notify(&sdk.ProgressNotificationParams{ProgressToken: token, Progress: 2})
	if calls != 1 {
		t.Fatalf("%d updates, want 1 (none after the call finished)", calls)
	}
}
