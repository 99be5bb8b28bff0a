package agentsession

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/protocol"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// runPrint is pi's print mode (modes/print-mode.js) as a client of the
// session host, on the same protocol as RPC mode and the terminal UI:
// text mode prints the last assistant message's text blocks, one per
// line, and exits 1 with its error on stderr when it failed; JSON mode
// prints the session header, then every event as a JSON line. The initial
// prompt is piped stdin + @file contents + the first message; the other
// messages follow one by one. Extension errors go to stderr as
// "Extension error (<path>): <message>"; extensions see no UI (ctx.hasUI
// is false).
func runPrint(ctx context.Context, rt *agentRuntime) ExitCode {
	hostEnd, clientEnd := protocol.Pipe()
	srv := newServer(rt, hostEnd, printClientID, ServeOptions{Headless: true})
	c := newPrintClient(clientEnd, rt.io, rt.mode == "json")
	read := make(chan struct{})
	go func() { defer close(read); c.read() }()
	rt.start(ctx)
	served := make(chan struct{})
	go func() { defer close(served); srv.serve(ctx, hostEnd) }()

	code := c.run(ctx, rt)
	_ = clientEnd.Close()
	<-served
	srv.shutdown()
	_ = hostEnd.Close()
	<-read
	return code
}

const printClientID = "print"

// printClient is print and JSON mode's side of the connection.
type printClient struct {
	host   protocol.Conn
	io     *IO
	stdout protocol.Conn // JSON mode: the events; nil in text mode

	mu      sync.Mutex
	next    int
	pending map[string]chan map[string]any // request id → its response
	header  bool                           // JSON mode: the session header was written
	held    []protocol.Message             // events that arrived before it
}

func newPrintClient(host protocol.Conn, io *IO, json bool) *printClient {
	c := &printClient{host: host, io: io, pending: map[string]chan map[string]any{}}
	if json {
		c.stdout = protocol.NewStream(nil, io.Stdout)
	}
	return c
}

// run sends the prompts one after another, each awaited to the end of its
// run, and prints the result.
func (c *printClient) run(ctx context.Context, rt *agentRuntime) ExitCode {
	if c.stdout != nil {
		r, ok := c.call(ctx, ordered{{"type", "get_session_header"}})
		if !ok {
			return ExitFailure
		}
		c.writeHeader(r["data"])
	}
	initial, images, err := initialMessage(rt)
	if err != nil {
		fmt.Fprintf(c.io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	prompts := rt.flags.messages
	if initial != nil {
		prompts = append([]string{*initial}, prompts...)
	} else {
		images = nil
	}
	for i, text := range prompts {
		cmd := ordered{{"type", "prompt"}, {"message", text}, {"source", "interactive"}, {"wait", true}}
		if i == 0 && images != nil {
			cmd = append(cmd, member{"images", images})
		}
		r, ok := c.call(ctx, cmd)
		if !ok {
			return ExitFailure
		}
		if r["success"] != true {
			fmt.Fprintln(c.io.Stderr, r["error"])
			return ExitFailure
		}
	}
	if c.stdout != nil {
		return ExitOK
	}
	r, ok := c.call(ctx, ordered{{"type", "get_messages"}})
	if !ok {
		return ExitFailure
	}
	data, _ := r["data"].(map[string]any)
	msgs, _ := data["messages"].([]any)
	if len(msgs) == 0 {
		return ExitOK
	}
	last, _ := msgs[len(msgs)-1].(map[string]any)
	if last["role"] != "assistant" {
		return ExitOK
	}
	if sr, _ := last["stopReason"].(string); sr == "error" || sr == "aborted" {
		msg, _ := last["errorMessage"].(string)
		if msg == "" {
			msg = "Request " + sr
		}
		fmt.Fprintln(c.io.Stderr, msg)
		return ExitFailure
	}
	content, _ := last["content"].([]any)
	for _, b := range content {
		if bm, ok := b.(map[string]any); ok && bm["type"] == "text" {
			s, _ := bm["text"].(string)
			fmt.Fprintln(c.io.Stdout, s)
		}
	}
	return ExitOK
}

// call sends a command and waits for its response; false when the session
// ended first (an extension's ctx.shutdown(), an interrupt).
func (c *printClient) call(ctx context.Context, cmd ordered) (map[string]any, bool) {
	c.mu.Lock()
	c.next++
	id := "print-" + strconv.Itoa(c.next)
	ch := make(chan map[string]any, 1)
	c.pending[id] = ch
	c.mu.Unlock()
	if err := records.Send(c.host, append(ordered{{"id", id}}, cmd...)); err != nil {
		return nil, false
	}
	select {
	case r, ok := <-ch:
		return r, ok
	case <-ctx.Done():
		return nil, false
	}
}

// read routes the host's records until it closes the connection:
// responses to their callers, extension errors to stderr, and in JSON
// mode the events to stdout. View sync and UI calls are dropped (there is
// no UI).
func (c *printClient) read() {
	defer func() {
		c.mu.Lock()
		for id, ch := range c.pending {
			close(ch)
			delete(c.pending, id)
		}
		c.mu.Unlock()
	}()
	for {
		m, err := c.host.Recv()
		if err != nil {
			if _, bad := err.(*protocol.SyntaxError); bad {
				continue
			}
			return
		}
		switch m.Type {
		case "response":
			rec, err := m.Object()
			if err != nil {
				continue
			}
			id, _ := rec["id"].(string)
			c.mu.Lock()
			ch, ok := c.pending[id]
			delete(c.pending, id)
			c.mu.Unlock()
			if ok {
				ch <- rec
			}
		case "extension_error":
			if rec, err := m.Object(); err == nil {
				fmt.Fprintf(c.io.Stderr, "Extension error (%s): %s\n", rec["extensionPath"], rec["error"])
			}
		case protocol.TypeViewSnapshot, protocol.TypeViewState, protocol.TypeViewClosed, protocol.TypeUICall:
		default:
			c.event(m)
		}
	}
}

// event writes an event in JSON mode; the ones that arrive before the
// session header wait for it.
func (c *printClient) event(m protocol.Message) {
	if c.stdout == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.header {
		c.held = append(c.held, m)
		return
	}
	_ = c.stdout.Send(m)
}

// writeHeader writes the session header, then the events held for it.
func (c *printClient) writeHeader(data any) {
	var h pisession.Header
	if b, err := json.Marshal(data); err == nil {
		_ = json.Unmarshal(b, &h)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = records.Send(c.stdout, h)
	for _, m := range c.held {
		_ = c.stdout.Send(m)
	}
	c.header, c.held = true, nil
}

// getSessionHeader answers pigo's get_session_header: the current
// session's header record, which JSON mode prints first.
func (s *rpcServer) getSessionHeader(*rpcCommand) (any, bool, error) {
	return s.rt.tree().Header(), true, nil
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
