package agentsession

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// Session replacement (pi's AgentSessionRuntime newSession, switchSession,
// fork): extensions may cancel through session_before_switch /
// session_before_fork; otherwise the old session gets
// session_shutdown{reason, targetSessionFile}, the new one becomes
// current with its messages, model and thinking level restored, and
// extensions get session_start{reason, previousSessionFile} and
// resources_discover. In between every extension starts again, as pi
// 1.6 creates a new runtime for the new session (relocate): discovery
// runs again, each extension's factory runs in a new generation, and
// the UI of the old one goes. pi keeps an extension's module (its
// module-level variables) across a switch within one project, where
// pigo evaluates it again. pigo forks from the session in memory (pi
// re-reads the file, which fails before the first assistant message was
// written).

// cancelled reports whether a session_before_* hook cancelled.
func cancelledBy(out any) bool {
	m, _ := out.(map[string]any)
	c, _ := m["cancel"].(bool)
	return c
}

func (s *rpcServer) newSession(c *rpcCommand) (any, bool, error) {
	parent, _ := c.raw["parentSession"].(string)
	cancelled, err := s.rt.newSession(context.WithoutCancel(s.rt.baseCtx), parent)
	if err != nil {
		return nil, false, err
	}
	return ordered{{"cancelled", cancelled}}, true, nil
}

// switchSession is switch_session {sessionPath}; for a session whose
// cwd is gone, pigo's client adds cwdOverride (run it in the current
// directory) or fork: true (fork it into the current directory), pi's
// answers to its "Session cwd does not exist" prompt.
func (s *rpcServer) switchSession(c *rpcCommand) (any, bool, error) {
	path, err := c.str("sessionPath", "includes")
	if err != nil {
		return nil, false, err
	}
	ctx := context.WithoutCancel(s.rt.baseCtx)
	var cancelled bool
	if c.boolOr("fork") {
		cancelled, err = s.rt.switchToFork(ctx, path)
	} else {
		cancelled, err = s.rt.switchSession(ctx, path, c.strOr("cwdOverride"))
	}
	if err != nil {
		return nil, false, err
	}
	return ordered{{"cancelled", cancelled}}, true, nil
}

func (s *rpcServer) fork(c *rpcCommand) (any, bool, error) {
	entryID, _ := c.raw["entryId"].(string)
	text, cancelled, err := s.rt.fork(context.WithoutCancel(s.rt.baseCtx), entryID, pisession.PositionBefore)
	switch {
	case err != nil:
		return nil, false, err
	case cancelled:
		return ordered{{"text", omitted}, {"cancelled", true}}, true, nil
	}
	return ordered{{"text", text}, {"cancelled", false}}, true, nil
}

func (s *rpcServer) clone(*rpcCommand) (any, bool, error) {
	leaf := s.rt.tree().LeafID()
	if leaf == "" {
		return nil, false, errors.New("Cannot clone session: no current entry selected")
	}
	_, cancelled, err := s.rt.fork(context.WithoutCancel(s.rt.baseCtx), leaf, pisession.PositionAt)
	if err != nil {
		return nil, false, err
	}
	return ordered{{"cancelled", cancelled}}, true, nil
}

// newSession is pi's newSession: a fresh session (with parent as its
// header's parentSession), unless a session_before_switch handler cancels.
func (rt *agentRuntime) newSession(ctx context.Context, parent string) (cancelled bool, err error) {
	res := rt.host.RunHook(ctx, "session_before_switch", map[string]any{"type": "session_before_switch", "reason": "new"})
	if cancelledBy(res.Result) {
		return true, nil
	}
	var next *pisession.Tree
	if rt.sessionDir == "" {
		next = pisession.InMemory(rt.io.Cwd)
	} else {
		next, err = pisession.Create(rt.sessionDir, rt.io.Cwd, pisession.Options{ParentSession: parent})
		if err != nil {
			return false, err
		}
	}
	rt.replaceSession(ctx, "new", next, rt.io.Cwd)
	return false, nil
}

// switchSession is pi's switchSession to the session file at path
// (cwdOverride, when set, replaces its stored cwd). A session of another
// project moves the run to its cwd (relocate); one whose cwd is gone
// is pi's MissingSessionCwdError.
func (rt *agentRuntime) switchSession(ctx context.Context, path, cwdOverride string) (cancelled bool, err error) {
	res := rt.host.RunHook(ctx, "session_before_switch", map[string]any{"type": "session_before_switch", "reason": "resume",
		"targetSessionFile": path})
	if cancelledBy(res.Result) {
		return true, nil
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(rt.io.Cwd, path)
	}
	next, cwd, err := rt.openForSwitch(path, cwdOverride)
	if err != nil {
		return false, err
	}
	rt.replaceSession(ctx, "resume", next, cwd)
	return false, nil
}

// openForSwitch opens the session file at path (cwdOverride, when set,
// replacing its stored cwd) and names the cwd it runs in, as pi's
// SessionManager.open and assertSessionCwdExists: a stored cwd that is
// gone is pi's MissingSessionCwdError, whose text clients recognize.
func (rt *agentRuntime) openForSwitch(path, cwdOverride string) (*pisession.Tree, string, error) {
	next, _, err := pisession.Open(path, pisession.Options{DefaultCwd: rt.io.Cwd, Cwd: cwdOverride})
	if err != nil {
		return nil, "", err
	}
	cwd := rt.io.Cwd
	if c := next.Cwd(); next.Path() != "" && c != "" {
		if _, err := rt.io.FS.Stat(c); err != nil {
			_ = next.Close()
			return nil, "", fmt.Errorf("Stored session working directory does not exist: %s\nSession file: %s\nCurrent working directory: %s", c, path, rt.io.Cwd)
		}
		cwd = c
	}
	return next, cwd, nil
}

// switchToFork is pi's switchToForkedSession: the session at path forked
// into the current directory, then switched to; a cancelled switch
// leaves no fork behind.
func (rt *agentRuntime) switchToFork(ctx context.Context, path string) (cancelled bool, err error) {
	if rt.sessionDir == "" {
		return false, errors.New("cannot fork a session without a session directory (--no-session)")
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(rt.io.Cwd, path)
	}
	t, _, err := pisession.ForkFrom(path, rt.io.Cwd, rt.sessionDir, pisession.Options{})
	if err != nil {
		return false, err
	}
	fork := t.Path()
	_ = t.Close()
	cancelled, err = rt.switchSession(ctx, fork, "")
	if cancelled || err != nil {
		_ = os.Remove(fork)
	}
	return cancelled, err
}

// fork is pi's fork: a new session with the branch up to entryID
// (PositionAt) or up to the user message entryID, whose text is returned
// (PositionBefore), unless a session_before_fork handler cancels.
func (rt *agentRuntime) fork(ctx context.Context, entryID string, pos pisession.Position) (text string, cancelled bool, err error) {
	res := rt.host.RunHook(ctx, "session_before_fork", map[string]any{"type": "session_before_fork", "entryId": entryID,
		"position": string(pos)})
	if cancelledBy(res.Result) {
		return "", true, nil
	}
	tr := rt.tree()
	e, ok := tr.Entry(entryID)
	if !ok {
		return "", false, errors.New("Invalid entry ID for forking")
	}
	if pos == pisession.PositionBefore {
		m, _ := e["message"].(map[string]any)
		if e["type"] != "message" || m["role"] != "user" {
			return "", false, errors.New("Invalid entry ID for forking")
		}
		text = userText(m["content"])
	}
	next, err := tr.Fork(entryID, pos)
	if err != nil {
		return "", false, err
	}
	rt.replaceSession(ctx, "fork", next, rt.io.Cwd)
	return text, false, nil
}

// sessionControl serves pi's command-context session methods
// (ctx.newSession, ctx.fork, ctx.switchSession) for the agent. A
// newSession with a setup callback ({setup: true}) leaves the new
// session's start pending until "start", which the extension's ctx asks
// for once setup returned.
func (rt *agentRuntime) sessionControl(ctx context.Context, op string, args map[string]any) (map[string]any, error) {
	ctx = context.WithValue(ctx, fromExtensionKey{}, true)
	str := func(k string) string { s, _ := args[k].(string); return s }
	var cancelled bool
	var err error
	switch op {
	case "new":
		if setup, _ := args["setup"].(bool); setup {
			ctx = context.WithValue(ctx, deferStartKey{}, true)
		}
		cancelled, err = rt.newSession(ctx, str("parentSession"))
	case "start":
		return nil, rt.startPending(ctx)
	case "switch":
		cancelled, err = rt.switchSession(ctx, str("sessionPath"), "")
	case "fork":
		pos := pisession.PositionBefore
		if str("position") == "at" {
			pos = pisession.PositionAt
		}
		_, cancelled, err = rt.fork(ctx, str("entryId"), pos)
	default:
		return nil, fmt.Errorf("unknown session operation %q", op)
	}
	if err != nil {
		return nil, err
	}
	return map[string]any{"cancelled": cancelled}, nil
}

// fromExtensionKey marks the context of a replacement an extension asked
// for (ctx.newSession, ctx.fork, ctx.switchSession in a command).
type fromExtensionKey struct{}

// replaceSession makes next the current session (see the file comment);
// between the old session's session_shutdown and the new one's start the
// run moves to cwd, the new session's (relocate: this project or
// another), and every extension starts again there. When an extension's
// command asked for the replacement, its generation retires too: the
// handler goes on in the draining runtime (jsapi keeps it until the
// handler returns), where its old ctx and pi are stale, and withSession
// gets a ctx of the new session, as in pi.
func (rt *agentRuntime) replaceSession(ctx context.Context, reason string, next *pisession.Tree, cwd string) {
	rt.agent.Abort()
	_ = rt.agent.WaitIdle(ctx)
	old := rt.tree()
	shutdown := map[string]any{"type": "session_shutdown", "reason": reason}
	if p := next.Path(); p != "" {
		shutdown["targetSessionFile"] = p
	}
	rt.host.Emit(ctx, "session_shutdown", shutdown)
	// pi's dispose of the old session: its provider connections close.
	provider.CleanupSessionResources(old.Header().ID)
	rt.relocate(ctx, cwd)
	rt.mu.Lock()
	rt.pendingBash = nil
	rt.mu.Unlock()
	// Queued messages belong to the old session (pi starts the new one
	// with empty queues).
	rt.agent.ClearQueue()
	rt.queueMu.Lock()
	rt.lastQueue = [2][]string{}
	rt.queueMu.Unlock()
	piapi.Of(rt.host).SetSession(next)
	rt.watchEntries(next)
	_ = old.Close()

	c := next.BuildContext(next.LeafID())
	rt.agent.SetMessages(c.Messages)
	rt.restoreToolsFromTranscript(next)
	if len(c.Messages) == 0 {
		rt.appendSessionStart(next, rt.currentModel(), piapi.Of(rt.host).ThinkingLevel())
	} else {
		model := rt.currentModel()
		if sel := rt.branchSelection(next); sel != nil {
			if m, ok := rt.reg.Find(sel.Provider, sel.ModelID); ok && rt.reg.HasAuth(m.Provider) {
				model = m
			}
		}
		level := piapi.Of(rt.host).ThinkingLevel()
		hasLevel := hasThinkingEntry(next)
		if hasLevel {
			level = c.ThinkingLevel
		}
		rt.restoreModel(model, level)
		if !hasLevel {
			next.Append(pisession.Entry{"type": "thinking_level_change", "thinkingLevel": piapi.Of(rt.host).ThinkingLevel()})
		}
	}
	start := map[string]any{"type": "session_start", "reason": reason}
	if p := old.Path(); p != "" {
		start["previousSessionFile"] = p
	}
	if ctx.Value(deferStartKey{}) != nil {
		rt.mu.Lock()
		rt.pendingStart = start
		rt.mu.Unlock()
		return
	}
	rt.startReplaced(ctx, start)
}

// deferStartKey marks the context of a ctx.newSession with a setup
// callback: replaceSession leaves the new session's start pending
// (startPending), since pi 1.6 runs setup on the new session's
// SessionManager before its extensions get session_start.
type deferStartKey struct{}

// startReplaced tells extensions the replacement session started
// (session_start, then resources_discover), as pi's rebindSession does.
func (rt *agentRuntime) startReplaced(ctx context.Context, start map[string]any) {
	rt.host.Emit(ctx, "session_start", start)
	rt.reloadResources(ctx, "startup")
	// The interactive client redraws its own /new, /resume or /fork when
	// answered; one an extension asked for it is told of (pigo's event:
	// pi's interactive mode redraws in place, its other modes have none).
	if ctx.Value(fromExtensionKey{}) != nil && rt.mode == "interactive" {
		rt.emit(map[string]any{"type": "session_replaced", "reason": start["reason"], "cwd": rt.io.Cwd})
	}
}

// startPending starts the session a deferred replacement left pending,
// after the setup callback wrote to it: the conversation is rebuilt from
// the session (pi's refreshContext), then session_start goes out.
func (rt *agentRuntime) startPending(ctx context.Context) error {
	rt.mu.Lock()
	start := rt.pendingStart
	rt.pendingStart = nil
	rt.mu.Unlock()
	if start == nil {
		return errors.New("no replacement session is waiting to start")
	}
	tree := rt.tree()
	rt.agent.SetMessages(tree.BuildContext(tree.LeafID()).Messages)
	rt.startReplaced(ctx, start)
	return nil
}

// restoreModel makes model and level (clamped to the model) current
// without session entries or events, as pi does when it restores a session.
func (rt *agentRuntime) restoreModel(model *provider.Model, level string) {
	if model != nil {
		level = string(provider.ClampThinkingLevel(model, provider.ThinkingLevel(level)))
	} else {
		level = "off"
	}
	rt.mu.Lock()
	rt.model = model.Clone()
	rt.mu.Unlock()
	mm := agent.ModelMap(model)
	rt.agent.SetModelValue(mm)
	pi := piapi.Of(rt.host)
	pi.SetCurrentModel(mm)
	pi.SetCurrentThinkingLevel(level)
	rt.agent.SetThinking(level)
}
