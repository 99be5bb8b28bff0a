package piapi

import (
	"context"
	"fmt"

	"github.com/pigo-dev/pigo/engine"
)

// SetBuiltinArgumentCompletions sets the argument completions of pi's
// built-in commands (/model, /thinking): f answers the items for name and
// prefix, and whether name is a built-in command with a completer. It
// must be safe for concurrent use.
func (p *State) SetBuiltinArgumentCompletions(f func(name, prefix string) (items []any, ok bool)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.builtinArgs = f
}

// ArgumentShapeError is a getArgumentCompletions answer that is not a
// list of {value, label} items: not a list (Item -1, Got its type), or
// item Item has no string value.
type ArgumentShapeError struct {
	Item int
	Got  string
}

func (e *ArgumentShapeError) Error() string {
	if e.Item < 0 {
		return "must return an array of {value, label}, got " + e.Got
	}
	return fmt.Sprintf("item %d has no string value", e.Item)
}

// ArgumentCompletions runs the getArgumentCompletions(prefix) of slash
// command name, as pi's editor does after "/name ": its items as the
// editor takes them ({value, label, description?}, label defaulting to
// value), nil when the command has no completer or offers nothing.
// owner is the command's plugin. A completer that throws returns its
// error; one that answers something else than items an
// *ArgumentShapeError.
func ArgumentCompletions(ctx context.Context, h *engine.Host, name, prefix string) (items []any, owner string, err error) {
	p := Of(h)
	p.mu.Lock()
	builtin := p.builtinArgs
	p.mu.Unlock()
	if builtin != nil {
		if items, ok := builtin(name, prefix); ok { // pi's built-in commands shadow extensions' of their name
			return items, "", nil
		}
	}
	e, ok := h.Commands().Current().Get(name)
	if !ok {
		return nil, "", nil
	}
	complete, ok := e.Value.Extra["getArgumentCompletions"].(engine.Callable)
	if !ok {
		return nil, e.Owner, nil
	}
	got, err := complete.Call(ctx, prefix)
	if err != nil || got == nil {
		return nil, e.Owner, err
	}
	list, ok := got.([]any)
	if !ok {
		return nil, e.Owner, &ArgumentShapeError{Item: -1, Got: fmt.Sprintf("%T", got)}
	}
	for i, x := range list {
		o, _ := x.(map[string]any)
		value, ok := o["value"].(string)
		if !ok {
			return nil, e.Owner, &ArgumentShapeError{Item: i}
		}
		label, _ := o["label"].(string)
		if label == "" {
			label = value
		}
		item := map[string]any{"value": value, "label": label}
		if d, _ := o["description"].(string); d != "" {
			item["description"] = d
		}
		items = append(items, item)
	}
	return items, e.Owner, nil
}
