package engine

import (
	"errors"
	"fmt"
	"strings"
)

// Severity ranks a Diagnostic.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Location is a position in a plugin's source.
type Location struct {
	File     string `json:"file"`
	Line     int    `json:"line"`   // 1-based
	Column   int    `json:"column"` // 0-based, in bytes
	LineText string `json:"lineText,omitempty"`
}

// String renders file:line:col (col shown 1-based, as editors expect).
func (l *Location) String() string {
	if l == nil {
		return ""
	}
	if l.Line == 0 {
		return l.File
	}
	return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Column+1)
}

// Diagnostic is one problem or note recorded against a plugin.
type Diagnostic struct {
	Plugin   string    `json:"plugin"`
	Severity Severity  `json:"severity"`
	Where    string    `json:"where,omitempty"` // what was running: "factory", "tools contribution", "hook tool_call", ...
	Text     string    `json:"text"`
	Location *Location `json:"location,omitempty"`
	Notes    []string  `json:"notes,omitempty"`
}

// String renders "plugin: where: file:line:col: text".
func (d Diagnostic) String() string {
	var b strings.Builder
	b.WriteString(d.Plugin)
	if d.Where != "" {
		b.WriteString(": ")
		b.WriteString(d.Where)
	}
	if d.Location != nil {
		b.WriteString(": ")
		b.WriteString(d.Location.String())
	}
	b.WriteString(": ")
	b.WriteString(d.Text)
	return b.String()
}

// ScriptError is an error raised by plugin code, with the place it was raised.
// jsapi converts JS exceptions and bundler messages into ScriptErrors so the
// engine can report file:line without knowing about JS.
type ScriptError struct {
	Text     string // "Name: message" for JS errors
	Message  string // the error's message alone ("" when Text is all there is)
	Location *Location
	Stack    string // optional, for humans
	Frame    string // optional code frame around Location
	Cause    error  // optional: a sentinel such as ErrBudget or ErrStale
}

// Unwrap returns the cause, so errors.Is(err, ErrBudget) works through a
// ScriptError.
func (e *ScriptError) Unwrap() error { return e.Cause }

func (e *ScriptError) Error() string {
	if e.Location != nil {
		return e.Location.String() + ": " + e.Text
	}
	return e.Text
}

// Diagnose turns err into a Diagnostic for plugin, keeping any location an
// inner *ScriptError carries.
func Diagnose(plugin, where string, sev Severity, err error) Diagnostic {
	d := Diagnostic{Plugin: plugin, Severity: sev, Where: where, Text: err.Error()}
	var se *ScriptError
	if errors.As(err, &se) {
		d.Text = se.Text
		d.Location = se.Location
		if se.Frame != "" {
			d.Notes = append(d.Notes, se.Frame)
		}
	}
	return d
}

// PluginError is the error a failed load or reload returns: the plugin, what
// failed, and every diagnostic that explains it.
type PluginError struct {
	Plugin      string
	Diagnostics []Diagnostic
	Err         error
}

func (e *PluginError) Error() string {
	if len(e.Diagnostics) > 0 {
		return e.Diagnostics[0].String()
	}
	return e.Plugin + ": " + e.Err.Error()
}

func (e *PluginError) Unwrap() error { return e.Err }
