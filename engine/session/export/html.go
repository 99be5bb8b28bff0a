package export

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io"
	"os"

	"github.com/pigo-dev/pigo/engine/session"
)

//go:embed assets/page.html.tmpl assets/style.css assets/viewer.js
var assets embed.FS

// Options are the optional settings of an export. The zero value shows
// the session's current branch in the dark theme.
type Options struct {
	// LeafID selects the branch shown: the entries from the root to
	// LeafID. Default Data.LeafID. An id that is not in the session is an
	// error wrapping session.ErrNoEntry.
	LeafID string
	// Theme is pi's theme name: "light", or anything else for "dark".
	Theme string
}

// HTML renders the export page.
func HTML(d Data, opts Options) ([]byte, error) {
	var buf bytes.Buffer
	if err := WriteHTML(&buf, d, opts); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteHTML renders the export page to w.
func WriteHTML(w io.Writer, d Data, opts Options) error {
	leaf := opts.LeafID
	if leaf == "" {
		leaf = d.LeafID
	}
	b := newBuilder(d, leaf)
	if leaf != "" && b.tree.byID[leaf] == nil {
		return fmt.Errorf("export: leaf %q: %w", leaf, session.ErrNoEntry)
	}
	data, err := encodeData(d)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	css, err := assets.ReadFile("assets/style.css")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	js, err := assets.ReadFile("assets/viewer.js")
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	p := page{
		ThemeVars: themeVars(opts.Theme),
		CSS:       template.CSS(css), // embedded asset
		JS:        template.JS(js),   // embedded asset
		Data:      template.JS(data), // base64 only
		Header:    b.header(leaf),
		Tools:     toolDocs(d.Tools),
		Rows:      b.rows(leaf),
		Entries:   b.entries(),
	}
	p.Title = p.Header.Heading + " - Session Export"
	p.System = newOutput(d.SystemPrompt, 10)
	t, err := template.New("page.html.tmpl").Funcs(template.FuncMap{
		"clock": clockTime,
		"date":  dateTime,
	}).ParseFS(assets, "assets/page.html.tmpl")
	if err != nil {
		return fmt.Errorf("export: template: %w", err)
	}
	if err := t.Execute(w, p); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	return nil
}

// WriteFile renders the export page into the file at path (created or
// truncated, mode 0644).
func WriteFile(path string, d Data, opts Options) error {
	html, err := HTML(d, opts)
	if err != nil {
		return err
	}
	return os.WriteFile(path, html, 0o644)
}
