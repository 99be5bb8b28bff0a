package piapi

import (
	"errors"
	"fmt"

	"github.com/pigo-dev/pigo/engine"
)

// pi's extension events, and how handler results combine (as pi's
// extension runner does, with pi 1.6's new hooks). Interceptable events are hooks
// whose handlers reply {event, result}: the event as the handler left it
// (pi lets handlers mutate it in place) and what the handler returned.
// Notification events are plain events (listeners).

// HookEvents lists pi's interceptable events.
func HookEvents() []string {
	return []string{"tool_call", "tool_result", "input", "before_agent_start", "context",
		"before_provider_request", "message_end", "session_before_switch", "session_before_fork",
		"session_before_compact", "session_before_tree", "user_bash", "resources_discover",
		// pi 1.6
		"project_trust", "context_with_system", "before_provider_headers",
		// pi 1.6's actionable boundaries (engine/agent runs their chain)
		"turn_end", "agent_before_settle",
		// pi 1.6's prompt cache warming
		"cache_warming_decision"}
}

// IsHookEvent reports whether pi lets handlers of name change the outcome.
func IsHookEvent(name string) bool {
	for _, n := range HookEvents() {
		if n == name {
			return true
		}
	}
	return false
}

// hookContracts returns the contract of every interceptable pi event.
func hookContracts() map[string]engine.HookContract {
	firstCancelWins := engine.HookContract{Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
		if r == nil {
			return false
		}
		c.Result = r // the last non-undefined result wins
		cancel, _ := r["cancel"].(bool)
		return cancel
	})}
	m := map[string]engine.HookContract{
		// A throw blocks; the first {block: true} stops the chain; input is
		// mutated in place (later handlers see it, no re-validation).
		// (v2 handlers may also return {input} to replace the arguments.)
		"tool_call": {FailClosed: true, Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
			if b, _ := r["block"].(bool); b {
				c.Result = r
				return true
			}
			if in, ok := r["input"]; ok {
				ev["input"] = in
			}
			return false
		})},
		// Middleware: each field a handler returns patches the result;
		// structured content not replaced along with the content goes
		// (it may no longer match it: pi 1.6).
		"tool_result": {Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
			patch := asMap(c.Result)
			if _, content := r["content"]; content {
				if _, sc := r["structuredContent"]; !sc {
					delete(ev, "structuredContent")
				}
			}
			for _, k := range []string{"content", "details", "structuredContent", "isError"} {
				if v, ok := r[k]; ok {
					ev[k] = v
					patch[k] = v
				}
			}
			if len(patch) > 0 {
				c.Result = patch
			}
			return false
		})},
		// Transforms chain; the first "handled" stops everything.
		"input": {Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
			action := r["action"]
			if _, ok := r["text"]; ok && action == nil {
				action = "transform" // v2 handlers return {text}
			}
			if h, _ := r["handled"].(bool); h {
				action = "handled"
			}
			switch action {
			case "transform":
				if t, ok := r["text"].(string); ok {
					ev["text"] = t
				}
				if im, ok := r["images"]; ok {
					ev["images"] = im
				}
				c.Result = map[string]any{"action": "transform", "text": ev["text"], "images": ev["images"]}
			case "handled":
				c.Result = map[string]any{"action": "handled"}
				return true
			}
			return false
		})},
		// Messages are collected; systemPrompt chains.
		"before_agent_start": {Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
			res := asMap(c.Result)
			if m, ok := r["message"]; ok && m != nil {
				msgs, _ := res["messages"].([]any)
				res["messages"] = append(msgs, m)
			}
			if sp, ok := r["systemPrompt"].(string); ok {
				ev["systemPrompt"] = sp
				res["systemPrompt"] = sp
			}
			if len(res) > 0 {
				c.Result = res
			}
			return false
		})},
		// pi builds a fresh {type, messages} per handler, so returned
		// messages make the handler's event irrelevant.
		"context": {Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
			if m, ok := r["messages"]; ok {
				ev["messages"] = m
				c.Result = map[string]any{"messages": m}
			}
			return false
		}), ResultReplacesEvent: func(result any) bool {
			r, ok := result.(map[string]any)
			_, has := r["messages"]
			return ok && has
		}},
		// Likewise a fresh {type, payload} per handler.
		"before_provider_request": {Fold: func(c *engine.HookChain, reply engine.HookReply) (bool, error) {
			ev, r, err := piReply(c, reply)
			if err != nil || r == nil {
				return false, err
			}
			ev["payload"] = r
			c.Payload, c.Result = ev, r
			return false, nil
		}, ResultReplacesEvent: func(result any) bool { return result != nil }},
		"message_end": {Fold: func(c *engine.HookChain, reply engine.HookReply) (bool, error) {
			ev, raw, err := piReply(c, reply)
			r, _ := raw.(map[string]any)
			if err != nil || r == nil {
				return false, err
			}
			m, ok := r["message"].(map[string]any)
			if !ok {
				return false, nil
			}
			old, _ := ev["message"].(map[string]any)
			if old != nil && m["role"] != old["role"] {
				return false, fmt.Errorf("message_end: a replacement message must keep role %v (got %v)", old["role"], m["role"])
			}
			ev["message"] = m
			c.Payload, c.Result = ev, map[string]any{"message": m}
			return false, nil
		}},
		"session_before_switch":  firstCancelWins,
		"session_before_fork":    firstCancelWins,
		"session_before_compact": firstCancelWins,
		"session_before_tree":    firstCancelWins,
		// The first non-undefined result wins.
		"user_bash": {Fold: func(c *engine.HookChain, reply engine.HookReply) (bool, error) {
			ev, r, err := piReply(c, reply)
			if err != nil {
				return false, err
			}
			c.Payload = ev
			if r == nil {
				return false, nil
			}
			c.Result = r
			return true, nil
		}},
		// Paths are concatenated.
		// pi 1.6: the first answer other than "undecided" decides (any
		// but "yes" declines). pi reads result.trusted without a check, so
		// no answer is a TypeError it reports before asking the next.
		"project_trust": {Fold: func(c *engine.HookChain, reply engine.HookReply) (bool, error) {
			if _, raw, err := piReply(c, reply); err == nil && raw == nil {
				return false, errors.New("Cannot read properties of undefined (reading 'trusted')")
			}
			return piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
				if r["trusted"] == "undecided" {
					return false
				}
				c.Result = r
				return true
			})(c, reply)
		}},
		"resources_discover": {Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
			res := asMap(c.Result)
			for _, k := range []string{"skillPaths", "promptPaths", "themePaths"} {
				if add, ok := r[k].([]any); ok {
					have, _ := res[k].([]any)
					res[k] = append(have, add...)
				}
			}
			if len(res) > 0 {
				c.Result = res
			}
			return false
		})},
	}
	// pi 1.6: handlers change event.headers in place; results are ignored.
	m["before_provider_headers"] = engine.HookContract{Fold: func(c *engine.HookChain, reply engine.HookReply) (bool, error) {
		ev, _, err := piReply(c, reply)
		c.Payload = ev
		return false, err
	}}
	// pi 1.6: each handler sees the same event; the last one returning an
	// action (any value but undefined) decides.
	m["cache_warming_decision"] = engine.HookContract{Fold: piFold(func(c *engine.HookChain, ev, r map[string]any) bool {
		if a, ok := r["action"]; ok {
			c.Result = map[string]any{"action": a}
		}
		return false
	})}
	// pi 1.6: context_with_system is context with the system messages
	// included; results combine the same way.
	m["context_with_system"] = m["context"]
	return m
}

// piReply unpacks a handler reply into the event object (as the handler
// left it) and its result.
func piReply(c *engine.HookChain, reply engine.HookReply) (ev map[string]any, result any, err error) {
	ev, _ = reply.Event.(map[string]any)
	if ev == nil {
		ev, _ = engine.Clone(c.Payload).(map[string]any)
		if ev == nil {
			ev = map[string]any{}
		}
	}
	return ev, reply.Result, nil
}

// piFold adapts a fold over object results; a non-object, non-undefined
// result is a handler error ("wrong shape").
func piFold(f func(c *engine.HookChain, ev, r map[string]any) bool) func(*engine.HookChain, engine.HookReply) (bool, error) {
	return func(c *engine.HookChain, reply engine.HookReply) (bool, error) {
		ev, raw, err := piReply(c, reply)
		if err != nil {
			return false, err
		}
		c.Payload = ev
		if raw == nil {
			return false, nil
		}
		r, ok := raw.(map[string]any)
		if !ok {
			return false, fmt.Errorf("handler returned %s; expected an object or undefined", describeData(raw))
		}
		return f(c, ev, r), nil
	}
}

func asMap(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

func describeData(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("a string %q", x)
	case float64:
		return fmt.Sprintf("a number %v", x)
	case bool:
		return fmt.Sprintf("a boolean %v", x)
	case []any:
		return "an array"
	}
	return fmt.Sprintf("%T", v)
}
