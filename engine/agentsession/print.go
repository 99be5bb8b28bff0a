package agentsession

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// runPrint is pi's print mode (modes/print-mode.js): text mode prints the
// last assistant message's text blocks, one per line, and exits 1 with its
// error on stderr when it failed; JSON mode prints the session header, then
// every event as a JSON line. The initial prompt is piped stdin + @file
// contents + the first message; the other messages follow one by one.
// Extension errors go to stderr as "Extension error (<path>): <message>";
// extensions see no UI (ctx.hasUI is false).
func runPrint(ctx context.Context, rt *agentRuntime) ExitCode {
	io := rt.io
	out := newRecordWriter(protocol.NewStream(nil, io.Stdout))
	if rt.mode == "json" {
		out.Write(rt.tree().Header())
		rt.setSink(func(ev map[string]any) { out.Write(jsonEvent(ev)) })
	}
	rt.setExtError(func(path, _, message string) {
		fmt.Fprintf(io.Stderr, "Extension error (%s): %s\n", path, message)
	})
	rt.start(ctx)
	defer rt.shutdown(out.Stop)

	initial, images, err := initialMessage(rt)
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	prompts := rt.flags.messages
	if initial != nil {
		prompts = append([]string{*initial}, prompts...)
	} else {
		images = nil
	}
	for i, text := range prompts {
		var im []any
		if i == 0 {
			im = images
		}
		if err := rt.promptAndWait(ctx, text, im); err != nil {
			fmt.Fprintln(io.Stderr, err.Error())
			return ExitFailure
		}
	}
	if rt.mode != "text" {
		return ExitOK
	}
	msgs := rt.agent.Messages()
	if len(msgs) == 0 {
		return ExitOK
	}
	last := msgs[len(msgs)-1]
	if last["role"] != "assistant" {
		return ExitOK
	}
	if sr, _ := last["stopReason"].(string); sr == "error" || sr == "aborted" {
		msg, _ := last["errorMessage"].(string)
		if msg == "" {
			msg = "Request " + sr
		}
		fmt.Fprintln(io.Stderr, msg)
		return ExitFailure
	}
	content, _ := last["content"].([]any)
	for _, b := range content {
		if bm, ok := b.(map[string]any); ok && bm["type"] == "text" {
			s, _ := bm["text"].(string)
			fmt.Fprintln(io.Stdout, s)
		}
	}
	return ExitOK
}

// promptAndWait is pi's session.prompt for print mode: preflight errors
// are returned, then the run is awaited.
func (rt *agentRuntime) promptAndWait(ctx context.Context, text string, images []any) error {
	if rt.isExtensionCommand(text) {
		rt.runCommand(text)
		return nil
	}
	rt.settleAfterRun()
	rt.flushPendingBash()
	rt.syncThinking()
	if p := rt.authProblem(); p != "" {
		return fmt.Errorf("%s", p)
	}
	err := rt.agent.Prompt(ctx, text, agent.PromptOptions{Images: images, Source: "interactive", Expand: rt.expandPrompt})
	rt.runPendingReload(context.WithoutCancel(ctx))
	return err
}

// initialMessage is pi's buildInitialMessage: piped stdin, @file contents
// and the first message joined without a separator (nil when none).
func initialMessage(rt *agentRuntime) (*string, []any, error) {
	var parts []string
	if !rt.io.StdinTTY && rt.io.Stdin != nil {
		data, err := io.ReadAll(rt.io.Stdin)
		if err != nil {
			return nil, nil, fmt.Errorf("read stdin: %w", err)
		}
		if len(data) > 0 {
			parts = append(parts, string(data))
		}
	}
	text, images, err := fileArguments(rt.io.FS, rt.io.Cwd, rt.io.Getenv("HOME"), rt.flags.fileArgs)
	if err != nil {
		return nil, nil, err
	}
	if text != "" {
		parts = append(parts, text)
	}
	if len(rt.flags.messages) > 0 {
		parts = append(parts, rt.flags.messages[0])
		rt.flags.messages = rt.flags.messages[1:]
	}
	if len(parts) == 0 {
		return nil, images, nil
	}
	s := strings.Join(parts, "")
	return &s, images, nil
}

// fileArguments is pi's processFileArguments: text files become
// <file name="..."> blocks, images (png, jpeg, gif, webp) attachments
// (pigo does not resize them); empty files are skipped.
func fileArguments(fsys FS, cwd, home string, args []string) (string, []any, error) {
	var text strings.Builder
	var images []any
	for _, a := range args {
		p := expandTilde(a, home)
		if !filepath.IsAbs(p) {
			p = filepath.Join(cwd, p)
		}
		data, err := fsys.ReadFile(p)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return "", nil, fmt.Errorf("File not found: %s", p)
			}
			return "", nil, fmt.Errorf("Could not read file %s: %v", p, err)
		}
		if len(data) == 0 {
			continue
		}
		if mime := imageMime(data); mime != "" {
			images = append(images, map[string]any{"type": "image", "mimeType": mime, "data": base64.StdEncoding.EncodeToString(data)})
			fmt.Fprintf(&text, "<file name=\"%s\"></file>\n", p)
			continue
		}
		fmt.Fprintf(&text, "<file name=\"%s\">\n%s\n</file>\n", p, data)
	}
	return text.String(), images, nil
}

func imageMime(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(b, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "image/gif"
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return "image/webp"
	}
	return ""
}

// isExtensionCommand reports whether text is "/name ..." for a registered
// extension command.
func (rt *agentRuntime) isExtensionCommand(text string) bool {
	if !strings.HasPrefix(text, "/") {
		return false
	}
	_, ok := rt.host.Commands().Current().Get(commandName(text))
	return ok
}

// commandName is the name of "/name args".
func commandName(text string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(text, "/"), " ")
	return name
}
