package export

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// Data is what an export shows and embeds: pi's sessionData.
type Data struct {
	Header  session.Header
	Entries []session.Entry // every entry, in file order
	// LeafID is the session's current leaf: the default branch shown.
	// "" when there are no entries (null in the embedded JSON).
	LeafID string
	// SystemPrompt and Tools are the agent's, when exporting a live
	// session (pi's RPC export_html); empty for a file export.
	SystemPrompt string
	Tools        []Tool
}

// Tool is one tool offered to the model.
type Tool struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Parameters  any    `json:"parameters,omitempty"` // JSON Schema
}

// ErrNoData is returned by Decode for a file without embedded session data.
var ErrNoData = errors.New("no embedded session data")

// FromTree is the export data of a session: its header, every entry and
// its current leaf.
func FromTree(t *session.Tree) Data {
	return Data{Header: t.Header(), Entries: t.Entries(), LeafID: t.LeafID()}
}

// ReadFile reads a session file without changing it (session.Read) and
// returns its export data. Skipped lines are reported as warnings.
func ReadFile(path string) (Data, []session.Warning, error) {
	t, warnings, err := session.Read(path)
	if err != nil {
		return Data{}, warnings, err
	}
	return FromTree(t), warnings, nil
}

// DefaultFileName is the file pi writes an export of sessionPath to when
// no output path is given: pi-session-<file name without .jsonl>.html,
// relative to the working directory.
func DefaultFileName(sessionPath string) string {
	base := filepath.Base(sessionPath)
	if b, ok := strings.CutSuffix(base, ".jsonl"); ok && b != "" {
		base = b
	}
	return "pi-session-" + base + ".html"
}

// wireData is Data as pi's JSON: {header, entries, leafId, systemPrompt?,
// tools?}.
type wireData struct {
	Header       session.Header   `json:"header"`
	Entries      []session.Entry  `json:"entries"`
	LeafID       *string          `json:"leafId"`
	SystemPrompt string           `json:"systemPrompt,omitempty"`
	Tools        []Tool           `json:"tools,omitempty"`
	Rendered     *json.RawMessage `json:"renderedTools,omitempty"` // pi's pre-rendered custom tools (ignored)
}

// MarshalJSON writes pi's sessionData JSON.
func (d Data) MarshalJSON() ([]byte, error) {
	w := wireData{Header: d.Header, Entries: d.Entries, SystemPrompt: d.SystemPrompt, Tools: d.Tools}
	if w.Entries == nil {
		w.Entries = []session.Entry{}
	}
	if d.LeafID != "" {
		w.LeafID = &d.LeafID
	}
	return jsjson.Marshal(w)
}

// UnmarshalJSON reads pi's sessionData JSON.
func (d *Data) UnmarshalJSON(b []byte) error {
	var w wireData
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*d = Data{Header: w.Header, Entries: w.Entries, SystemPrompt: w.SystemPrompt, Tools: w.Tools}
	if w.LeafID != nil {
		d.LeafID = *w.LeafID
	}
	return nil
}

// encodeData is the embedded form: base64 of the JSON.
func encodeData(d Data) (string, error) {
	b, err := d.MarshalJSON()
	if err != nil {
		return "", fmt.Errorf("encode session data: %w", err)
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// dataTagOpen starts the element holding the embedded data, in pigo's and
// pi's exports.
const dataTagOpen = `<script id="session-data" type="application/json">`

// Decode recovers the session data embedded in an exported HTML file
// (pigo's or pi's).
func Decode(html []byte) (Data, error) {
	_, rest, ok := bytes.Cut(html, []byte(dataTagOpen))
	if !ok {
		return Data{}, ErrNoData
	}
	payload, _, ok := bytes.Cut(rest, []byte("</script>"))
	if !ok {
		return Data{}, fmt.Errorf("decode session data: %w: unterminated script element", ErrNoData)
	}
	raw, err := base64.StdEncoding.DecodeString(string(bytes.TrimSpace(payload)))
	if err != nil {
		return Data{}, fmt.Errorf("decode session data: %w", err)
	}
	var d Data
	if err := json.Unmarshal(raw, &d); err != nil {
		return Data{}, fmt.Errorf("decode session data: %w", err)
	}
	return d, nil
}
