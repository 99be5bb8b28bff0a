// Command embed is a Go program that embeds pigo: it opens an app with one
// pi extension (weather.ts, compiled into this binary with go:embed) and a
// scripted model, sends one prompt, and prints the extension's tool call
// and the model's reply.
//
//	go run ./examples/embed
package main

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

//go:embed weather.ts
var weatherTS []byte

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "embed:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, out io.Writer) error {
	// The extension as a file pigo can bundle; a temporary project
	// directory keeps the user's own ~/.pi out of it.
	dir, err := os.MkdirTemp("", "pigo-embed-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ext := filepath.Join(dir, "weather.ts")
	if err := os.WriteFile(ext, weatherTS, 0o644); err != nil {
		return err
	}

	// A scripted model: first it calls the extension's tool, then it
	// answers with what the tool returned.
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(
		provider.Reply(provider.ToolCallBlock("call_1", "weather", map[string]any{"city": "Oslo"})),
		provider.ScriptStep{Func: func(_ context.Context, c *provider.Context, _ *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
			return provider.ReplyText("The tool says " + lastToolResult(c) + ": take a warm coat."), nil
		}},
	)

	// The session's world: this directory, no environment of the user's.
	env := map[string]string{"HOME": dir, "PI_CODING_AGENT_DIR": filepath.Join(dir, "agent")}
	world := &agentsession.IO{
		Cwd:    dir,
		Getenv: func(k string) string { return env[k] },
		Stderr: os.Stderr,
		FS:     pigo.OSFS{},
	}
	s, err := agentsession.Start(ctx, agentsession.Options{
		IO:        world,
		Open:      pigo.SessionOpener(world),
		Args:      []string{"--model", "scripted/scripted-1", "-e", ext, "--no-session", "--no-builtin-tools"},
		Providers: []agentsession.ProviderSource{model},
	})
	if err != nil {
		return err
	}
	defer s.Close()

	s.Subscribe(func(ev map[string]any) {
		switch ev["type"] {
		case "tool_execution_start":
			fmt.Fprintf(out, "tool call: %s %v\n", ev["toolName"], ev["args"])
		case "tool_execution_end":
			fmt.Fprintf(out, "tool result: %s\n", resultText(ev["result"]))
		}
	})
	if err := s.Prompt(ctx, "What's the weather in Oslo?"); err != nil {
		return err
	}
	msgs := s.Messages()
	fmt.Fprintf(out, "reply: %s\n", resultText(msgs[len(msgs)-1]))
	return nil
}

// lastToolResult is the text of the last tool result the model was sent.
func lastToolResult(c *provider.Context) string {
	for i := len(c.Messages) - 1; i >= 0; i-- {
		if c.Messages[i]["role"] == "toolResult" {
			return resultText(c.Messages[i])
		}
	}
	return "no tool result"
}

// resultText joins the text blocks of a message or tool result.
func resultText(v any) string {
	m, _ := v.(map[string]any)
	blocks, _ := m["content"].([]any)
	var parts []string
	for _, b := range blocks {
		if bm, _ := b.(map[string]any); bm["type"] == "text" {
			t, _ := bm["text"].(string)
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, " ")
}
