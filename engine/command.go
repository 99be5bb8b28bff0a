package engine

import (
	"context"
	"fmt"
	"strings"
)

// Command is a slash command. The registry id is its name (without "/").
type Command struct {
	Description string
	Handler     CommandFunc
	HandlerID   string // identifies the code behind Handler, for diffs (see Tool.ExecuteID)
	Extra       map[string]any
}

// CommandFunc runs a command with the raw argument string (everything after
// the first space).
type CommandFunc func(ctx context.Context, args string) error

// CloneCommand copies a command deeply enough for a wrapper.
func CloneCommand(c Command) Command {
	c.Extra, _ = Clone(c.Extra).(map[string]any)
	return c
}

func newCommandRegistry(h *Host) *Registry[*Draft[Command], State[Command]] {
	return NewRegistry(h, RegistrySpec[*Draft[Command], State[Command]]{
		Name:     "commands",
		NewDraft: func() *Draft[Command] { return NewDraft(CloneCommand) },
		Build:    buildCommands,
		Keys:     State[Command].Keys,
	})
}

// buildCommands validates commands and gives pi-registered ones their
// invocation names: pi's registerCommand uses ids "name\x00plugin", and a
// name registered by several plugins becomes name:1, name:2, ... in
// manifest order, as in pi.
func buildCommands(d *Draft[Command]) (State[Command], []Diagnostic) {
	var probs []Diagnostic
	var valid []Entry[Command]
	count := map[string]int{}
	for _, e := range d.Entries() {
		name, _, _ := strings.Cut(e.ID, "\x00")
		if name == "" || strings.ContainsAny(name, " \t\n/") || e.Value.Handler == nil {
			probs = append(probs, Diagnostic{Plugin: e.Owner, Severity: SeverityError,
				Text: fmt.Sprintf("command %q: invalid name or no handler", name)})
			continue
		}
		count[name]++
		valid = append(valid, e)
	}
	seen := map[string]int{}
	var out []Entry[Command]
	for _, e := range valid {
		name, _, pi := strings.Cut(e.ID, "\x00")
		e.ID = name
		if count[name] > 1 {
			seen[name]++
			e.ID = fmt.Sprintf("%s:%d", name, seen[name])
			if seen[name] == 2 && pi {
				probs = append(probs, Diagnostic{Plugin: e.Owner, Severity: SeverityWarning,
					Text: fmt.Sprintf("command /%s is registered by several plugins; they are invoked as /%s:1, /%s:2, ...", name, name, name)})
			}
		}
		out = append(out, e)
	}
	return NewState(out), probs
}

// RunCommand runs "/name args" or "name args". args is the raw text after
// the first space, untrimmed, as in pi.
func (h *Host) RunCommand(ctx context.Context, line string) error {
	line = strings.TrimPrefix(strings.TrimLeft(line, " \t"), "/")
	name, args, _ := strings.Cut(line, " ")
	name = strings.TrimRight(name, "\r\n")
	e, ok := h.commands.Current().Get(name)
	if !ok {
		return fmt.Errorf("command /%s not found", name)
	}
	if err := e.Value.Handler(ctx, args); err != nil {
		return fmt.Errorf("command /%s: %w", name, err)
	}
	return nil
}

// NewDataRegistry creates a registry of plain data values (providers and
// resources until they grow their own drafts).
func NewDataRegistry(h *Host, name string) *Registry[*Draft[map[string]any], State[map[string]any]] {
	return NewRegistry(h, RegistrySpec[*Draft[map[string]any], State[map[string]any]]{
		Name: name,
		NewDraft: func() *Draft[map[string]any] {
			return NewDraft(func(m map[string]any) map[string]any { c, _ := Clone(m).(map[string]any); return c })
		},
		Build: func(d *Draft[map[string]any]) (State[map[string]any], []Diagnostic) {
			return NewState(d.Entries()), nil
		},
		Keys: State[map[string]any].Keys,
	})
}
