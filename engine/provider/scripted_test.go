package provider_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func scriptedStream(t *testing.T, s *provider.Scripted, ctx context.Context, c *provider.Context, opts *provider.Options) ([]provider.Event, *provider.AssistantMessage) {
	t.Helper()
	es, err := s.Stream(ctx, s.Model(""), c, opts)
	if err != nil {
		t.Fatal(err)
	}
	return collect(t, es)
}

func TestScriptedFromCode(t *testing.T) {
	t.Parallel()
	s := provider.NewScripted(provider.ScriptedOptions{})
	s.Queue(
		provider.Reply(provider.ThinkingBlock("plan it"), provider.TextBlock("Hello, world!"),
			provider.ToolCallBlock("t1", "ls", map[string]any{"path": "."})),
		provider.ReplyText("second"),
	)
	c := &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{userMsg("hi")}}
	evs, msg := scriptedStream(t, s, context.Background(), c, &provider.Options{Now: fixedClock})
	want := "start thinking_start thinking_delta thinking_delta thinking_end text_start text_delta text_delta text_delta text_delta text_end " +
		"toolcall_start toolcall_delta toolcall_delta toolcall_delta toolcall_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	var deltas []string
	for _, e := range evs {
		if e.Type == provider.EventTextDelta {
			deltas = append(deltas, e.Delta)
		}
	}
	// Chunk sizes cycle through 3, 4, 5 characters (thinking took 3 and 4).
	if got := strings.Join(deltas, "|"); got != "Hello|, w|orld|!" {
		t.Errorf("text deltas = %s", got)
	}
	if msg.StopReason != provider.StopReasonToolUse || msg.API != "pigo-scripted" || msg.Provider != "scripted" || msg.Model != "scripted-1" {
		t.Errorf("final = %+v", msg)
	}
	// Usage: ceil(chars/4) of "system:sys\n\nuser:hi" (19) and of "plan it\nHello, world!\nls:{\"path\":\".\"}" (37).
	if msg.Usage.Input != 5 || msg.Usage.Output != 10 || msg.Usage.TotalTokens != 15 {
		t.Errorf("usage = %+v", msg.Usage)
	}
	equalJSON(t, "toolcall_start partial", evs[11].Partial.Content[2], map[string]any{"type": "toolCall", "id": "t1", "name": "ls", "arguments": map[string]any{}})
	if s.Pending() != 1 || s.Calls() != 1 {
		t.Errorf("pending %d calls %d", s.Pending(), s.Calls())
	}
	_, msg = scriptedStream(t, s, context.Background(), c, nil)
	if msg.Text() != "second" || msg.StopReason != provider.StopReasonStop {
		t.Errorf("second = %+v", msg)
	}
	evs, msg = scriptedStream(t, s, context.Background(), c, nil)
	if types(evs) != "error" || msg.ErrorMessage != "No more scripted responses queued" || msg.Usage.Input != 5 {
		t.Errorf("empty queue: %s %+v", types(evs), msg)
	}
}

func TestScriptedErrorsAndFactories(t *testing.T) {
	t.Parallel()
	s := provider.NewScripted(provider.ScriptedOptions{ChunkMin: 100})
	s.SetResponses(
		provider.ScriptStep{Content: []provider.ContentBlock{provider.TextBlock("half")}, ErrorMessage: "overloaded_error"},
		provider.ScriptStep{Func: func(ctx context.Context, c *provider.Context, _ *provider.Options, call int, m *provider.Model) (provider.ScriptStep, error) {
			return provider.ReplyText(c.SystemPrompt + " #" + string(rune('0'+call))), nil
		}},
		provider.ScriptStep{Func: func(context.Context, *provider.Context, *provider.Options, int, *provider.Model) (provider.ScriptStep, error) {
			return provider.ScriptStep{}, errors.New("factory failed")
		}},
	)
	c := &provider.Context{SystemPrompt: "echo"}
	evs, msg := scriptedStream(t, s, context.Background(), c, nil)
	if types(evs) != "start text_start text_delta text_end error" || msg.StopReason != provider.StopReasonError ||
		msg.ErrorMessage != "overloaded_error" || msg.Text() != "half" {
		t.Errorf("error step: %s %+v", types(evs), msg)
	}
	if !provider.IsRetryableError(msg, 0) {
		t.Error("overloaded should be retryable")
	}
	if _, msg = scriptedStream(t, s, context.Background(), c, nil); msg.Text() != "echo #2" {
		t.Errorf("factory = %q", msg.Text())
	}
	if _, msg = scriptedStream(t, s, context.Background(), c, nil); msg.ErrorMessage != "factory failed" {
		t.Errorf("factory error = %q", msg.ErrorMessage)
	}
}

func TestScriptedAbort(t *testing.T) {
	t.Parallel()
	s := provider.NewScripted(provider.ScriptedOptions{ChunkDelay: 20 * time.Millisecond})
	s.Queue(provider.ReplyText(strings.Repeat("long text ", 50)))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	es, err := s.Stream(ctx, s.Model(""), &provider.Context{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var at time.Time
	n := 0
	for ev := range es.Events() {
		if ev.Type == provider.EventTextDelta {
			n++
			if n == 2 {
				at = time.Now()
				cancel()
			}
		}
	}
	msg := es.Result()
	if d := time.Since(at); d > time.Second {
		t.Errorf("abort took %v", d)
	}
	if msg.StopReason != provider.StopReasonAborted || msg.ErrorMessage != "Request was aborted" || len(msg.Text()) == 0 || len(msg.Text()) > 10 {
		t.Errorf("aborted = %s %q %q", msg.StopReason, msg.ErrorMessage, msg.Text())
	}

	// Abort during the initial delay.
	s.Queue(provider.ScriptStep{Content: []provider.ContentBlock{provider.TextBlock("x")}, Delay: time.Hour})
	ctx2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	evs, msg := scriptedStream(t, s, ctx2, &provider.Context{}, nil)
	if types(evs) != "error" || msg.StopReason != provider.StopReasonAborted {
		t.Errorf("delay abort = %s %+v", types(evs), msg)
	}
}

func TestScriptedFromFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join("testdata", "script.json")
	s := provider.NewScripted(provider.ScriptedOptions{Provider: "faux", Models: []provider.ModelDefinition{{ID: "faux-1"}}})
	if err := s.LoadFile(path); err != nil {
		t.Fatal(err)
	}
	if s.Pending() != 4 {
		t.Fatalf("pending = %d", s.Pending())
	}
	r := provider.NewRegistry(provider.RegistryOptions{})
	if err := s.Register(r); err != nil {
		t.Fatal(err)
	}
	res, err := r.ResolveModel("", "faux/faux-1", provider.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c := &provider.Context{Messages: []map[string]any{userMsg("list files")}}
	var got []string
	for range 4 {
		msg, err := r.Complete(context.Background(), res.Model, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, string(msg.StopReason)+":"+js(msg.Content)+":"+msg.ErrorMessage)
	}
	want := []string{
		`toolUse:[{"type":"toolCall","id":"t1","name":"ls","arguments":{"path":"."}}]:`,
		`stop:[{"type":"thinking","thinking":"The listing shows two files."},{"type":"text","text":"There are two files."}]:`,
		`error:[]:rate limit exceeded (429)`,
		`length:[{"type":"text","text":"cut"}]:`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("replies:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	if _, err := provider.ParseScript([]byte(`[{"text": "ok"}, {"stopReason": "bogus"}, 3]`)); err == nil ||
		!strings.Contains(err.Error(), `step 1: unknown stopReason "bogus"`) || !strings.Contains(err.Error(), "step 2:") {
		t.Errorf("ParseScript errors = %v", err)
	}
	if err := s.LoadFile(filepath.Join(t.TempDir(), "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestScriptedPromptCacheUsage(t *testing.T) {
	t.Parallel()
	s := provider.NewScripted(provider.ScriptedOptions{})
	s.Queue(provider.ReplyText("a"), provider.ReplyText("b"))
	opts := &provider.Options{SessionID: "s1"}
	c := &provider.Context{SystemPrompt: strings.Repeat("x", 400)}
	_, m1 := scriptedStream(t, s, context.Background(), c, opts)
	c.Messages = []map[string]any{userMsg(strings.Repeat("y", 40))}
	_, m2 := scriptedStream(t, s, context.Background(), c, opts)
	if m1.Usage.CacheWrite != 102 || m1.Usage.CacheRead != 0 || m2.Usage.CacheRead != 102 || m2.Usage.CacheWrite != 12 || m2.Usage.Input != 12 {
		t.Errorf("usage 1 %+v, 2 %+v", m1.Usage, m2.Usage)
	}
}
