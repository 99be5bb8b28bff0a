package bundler

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Error is a failed bundle: every problem esbuild (or the loader plugin)
// reported, in the order it reported them. Callers that need structure use
// Messages; Error() is for logs and terminals.
type Error struct {
	Entry    string    // absolute path of the entry that failed to bundle
	Messages []Message // at least one
}

// Message is one problem at one place in one source file.
type Message struct {
	File     string // absolute path, or "namespace:path" for virtual modules; the entry when esbuild gave no location
	Line     int    // 1-based; 0 when the message has no location
	Column   int    // 0-based, in bytes
	Text     string // what went wrong, e.g. `Could not resolve "left-pad"`
	LineText string // the source line Line points into, without the newline
}

// Error renders one "file:line:col: text" line per message, most useful
// first. The rendered column is 1-based (the gcc/go vet convention editors
// understand); Message.Column stays 0-based.
func (e *Error) Error() string {
	var sb strings.Builder
	for i, m := range e.Messages {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(m.String())
	}
	if len(e.Messages) == 0 {
		sb.WriteString("bundle " + e.Entry + ": failed")
	}
	return sb.String()
}

// String renders the message as "file:line:col: text", or "file: text" when
// it has no line.
func (m Message) String() string {
	if m.Line <= 0 {
		return fmt.Sprintf("%s: %s", m.File, m.Text)
	}
	return fmt.Sprintf("%s:%d:%d: %s", m.File, m.Line, m.Column+1, m.Text)
}

// convertMessages turns esbuild messages into ours. Messages without a
// location are pinned to the entry so every message names a file.
func convertMessages(entry, workDir string, msgs []api.Message) []Message {
	out := make([]Message, 0, len(msgs))
	for _, m := range msgs {
		out = append(out, convertMessage(entry, workDir, m))
	}
	return out
}

func convertMessage(entry, workDir string, m api.Message) Message {
	msg := Message{File: entry, Text: m.Text}
	if m.PluginName != "" && m.PluginName != pluginName {
		msg.Text = "[plugin " + m.PluginName + "] " + msg.Text
	}
	if loc := m.Location; loc != nil {
		msg.File = messageFile(workDir, loc)
		msg.Line = loc.Line
		msg.Column = loc.Column
		msg.LineText = loc.LineText
	}
	return msg
}

// messageFile makes a location's file absolute. esbuild already reports
// absolute paths for files (LogAbsPath); this is a safety net for relative
// ones. Virtual modules stay "namespace:path" (esbuild leaves
// Location.Namespace empty for them but prefixes File).
func messageFile(workDir string, loc *api.Location) string {
	switch {
	case isNamespaced(loc.File):
		return loc.File
	case loc.Namespace != "" && loc.Namespace != "file":
		return loc.Namespace + ":" + loc.File
	case loc.File == "" || filepath.IsAbs(loc.File):
		return loc.File
	}
	return filepath.Join(workDir, filepath.FromSlash(loc.File))
}
