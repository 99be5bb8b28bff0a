//lint:file-ignore SA1019 pi 1.6 offers roots and logs servers' messages; the SDK keeps both through protocol 2026-07-28's deprecation window.

package mcp

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// clientFeatures adds what pi's client has besides tools and progress:
// roots (announcing no changes to them) and servers' log messages, sent
// to the agent directory's mcp.log.
func (s *server) clientFeatures(opts *sdk.ClientOptions) {
	opts.Capabilities = &sdk.ClientCapabilities{RootsV2: &sdk.RootCapabilities{}}
	if log := logFor(s.world.AgentDir); log != nil {
		opts.LoggingMessageHandler = func(_ context.Context, req *sdk.LoggingMessageRequest) { log.write(s.entry.Name, req.Params) }
	}
}

// offerRoots makes the session's directory the client's one root, as pi
// does. Before the client connects.
func (s *server) offerRoots(client *sdk.Client) {
	client.AddRoots(&sdk.Root{URI: (&url.URL{Scheme: "file", Path: filepath.ToSlash(s.world.Cwd)}).String(), Name: filepath.Base(s.world.Cwd)})
}

// The log messages MCP servers send (notifications/message) go to
// mcp.log in the agent directory, as pi 1.6 writes it: one line per
// message (continuation lines indented), each one append, so several
// processes can share the file; past maxLogBytes it is rotated to
// mcp.log.1. Writing is best effort: a failure never reaches a tool.

const maxLogBytes = 5 * 1024 * 1024

// serverLog appends to one log file.
type serverLog struct {
	path string
	mu   sync.Mutex
	size int64 // -1 until first read
}

// serverLogs are the process's logs by path: every server of a process
// writing one file shares its size count, as pi's one McpServerLog.
var serverLogs sync.Map // path → *serverLog

// logFor returns the log of the agent directory agentDir; nil for "".
func logFor(agentDir string) *serverLog {
	if agentDir == "" {
		return nil
	}
	path := filepath.Join(agentDir, "mcp.log")
	l, _ := serverLogs.LoadOrStore(path, &serverLog{path: path, size: -1})
	return l.(*serverLog)
}

// formatLogMessage is pi's formatMcpLogMessage: "<ISO time> [server]
// level logger: text", the data as text (a string as it is, else its
// JSON), newlines indented.
func formatLogMessage(server string, p *sdk.LoggingMessageParams, now time.Time) string {
	level := string(p.Level)
	if level == "" {
		level = "info"
	}
	logger := ""
	if p.Logger != "" {
		logger = " " + p.Logger + ":"
	}
	text, ok := p.Data.(string)
	if !ok {
		text = jsjson.Stringify(p.Data)
	}
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\n    ")
	return session.ISOTime(now) + " [" + server + "] " + level + logger + " " + text + "\n"
}

// write appends one message from server.
func (l *serverLog) write(server string, p *sdk.LoggingMessageParams) {
	line := formatLogMessage(server, p, time.Now())
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.size < 0 {
		if err := os.MkdirAll(filepath.Dir(l.path), 0o755); err != nil {
			return
		}
		l.size = l.currentSize()
	}
	if l.size > maxLogBytes {
		// Another process may have rotated it already.
		if l.currentSize() > maxLogBytes {
			_ = os.Rename(l.path, l.path+".1")
		}
		l.size = l.currentSize()
	}
	f, err := os.OpenFile(l.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	n, _ := f.WriteString(line)
	_ = f.Close()
	l.size += int64(n)
}

func (l *serverLog) currentSize() int64 {
	st, err := os.Stat(l.path)
	if err != nil {
		return 0
	}
	return st.Size()
}
