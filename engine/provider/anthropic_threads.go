package provider

import (
	"cmp"
	lruList "container/list"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"strconv"
	"strings"
	"sync"
)

// Anthropic message threads, as pi-ai 1.6 uses them
// (compat.supportsMessageThreads, on by default for a baseUrl on
// api.anthropic.com): a request of a session with caching creates a
// thread; the session's next request, when its conversation extends the
// previous request and reply unchanged (same settings too), continues
// that reply, sending only the messages after it, without system and
// tools, which the server keeps. Each reply is continued once. A thread
// the server cannot continue starts a new one; an endpoint that cannot
// use threads gets the request without one, and the session stops
// threading. The state is per process, as pi-ai's.

const (
	betaMessageThreads = "message-threads-2026-08-12"
	// maxThreadStates bounds the sessions remembered (pi-ai's
	// MAX_THREAD_STATE_ENTRIES): the least recently updated goes.
	maxThreadStates = 10_000
)

// threadState is where a session's next request can continue, or off
// after the endpoint rejected threads.
type threadState struct {
	off         bool
	prefixCount int    // messages the server holds: the request's and the reply
	prefixHash  string // threadPrefixHash of those messages
	replyID     string
}

type threadEntry struct {
	session string
	state   threadState
}

// threadStates is pi-ai's threadState map, kept in update order.
var threadStates = struct {
	sync.Mutex
	byID  map[string]*lruList.Element
	order lruList.List // of *threadEntry, oldest first
}{byID: map[string]*lruList.Element{}}

func getThreadState(session string) (threadState, bool) {
	threadStates.Lock()
	defer threadStates.Unlock()
	if e, ok := threadStates.byID[session]; ok {
		return e.Value.(*threadEntry).state, true
	}
	return threadState{}, false
}

func setThreadState(session string, st threadState) {
	threadStates.Lock()
	defer threadStates.Unlock()
	if e, ok := threadStates.byID[session]; ok {
		threadStates.order.Remove(e)
	}
	threadStates.byID[session] = threadStates.order.PushBack(&threadEntry{session, st})
	if threadStates.order.Len() > maxThreadStates {
		oldest := threadStates.order.Front()
		threadStates.order.Remove(oldest)
		delete(threadStates.byID, oldest.Value.(*threadEntry).session)
	}
}

// forgetThreadState drops a session's thread state (session cleanup, and
// a reply being continued).
func forgetThreadState(session string) {
	threadStates.Lock()
	defer threadStates.Unlock()
	if e, ok := threadStates.byID[session]; ok {
		threadStates.order.Remove(e)
		delete(threadStates.byID, session)
	}
}

// supportsMessageThreads is pi-ai 1.6's compat default: on for Anthropic's
// own endpoint only (gateways that drop the thread field would turn a
// continue into a request without the earlier conversation).
func supportsMessageThreads(model *Model) bool {
	return compatBool(model, func(c *Compat) *bool { return c.SupportsMessageThreads }, strings.Contains(model.BaseURL, "api.anthropic.com"))
}

// threadRequest is a request body with a thread, for session.
type threadRequest struct {
	session string
	body    map[string]any
}

// plainJSON is v as JSON decodes it (maps, slices, float64...), so the
// payload an onPayload hook returned hashes like the one built here.
func plainJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}

// threadPrefixHash is pi-ai's hashThreadPrefix: the settings a thread
// keeps (endpoint, model, system, tools, thinking, output_config,
// tool_choice, betas, fallbacks) and the messages, without cache markers
// and with a string content as its one text block (they move or change
// form between requests without changing what a message means).
func threadPrefixHash(model *Model, params map[string]any, messages []any) string {
	settings := []any{model.Provider, model.BaseURL, params["model"], params["system"], params["tools"], params["thinking"],
		params["output_config"], params["tool_choice"], params["betas"], params["fallbacks"]}
	var normalize func(v any) any
	normalize = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, e := range x {
				switch s, isString := e.(string); {
				case k == "cache_control":
				case k == "content" && isString:
					out[k] = []any{map[string]any{"type": "text", "text": s}}
				default:
					out[k] = normalize(e)
				}
			}
			return out
		case []any:
			out := make([]any, len(x))
			for i, e := range x {
				out[i] = normalize(e)
			}
			return out
		}
		return v
	}
	b, _ := json.Marshal([]any{plainJSON(settings), normalize(plainJSON(messages))})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// messagesOf is params' messages as a plain list.
func messagesOf(params map[string]any) []any {
	msgs, _ := plainJSON(params["messages"]).([]any)
	return msgs
}

// prepareThreadRequest is pi-ai's prepareThreadRequest: a continue of the
// session's last reply when params extend it, else a new thread; nil once
// the endpoint rejected threads.
func prepareThreadRequest(model *Model, session string, params map[string]any) *threadRequest {
	st, ok := getThreadState(session)
	if ok && st.off {
		return nil
	}
	msgs := messagesOf(params)
	if ok && len(msgs) > st.prefixCount && threadPrefixHash(model, params, msgs[:st.prefixCount]) == st.prefixHash {
		forgetThreadState(session)
		body := maps.Clone(params)
		delete(body, "system")
		delete(body, "tools")
		body["messages"] = msgs[st.prefixCount:]
		body["thread"] = map[string]any{"type": "continue", "previous_message_id": st.replyID}
		return &threadRequest{session, body}
	}
	return createThreadRequest(session, params)
}

func createThreadRequest(session string, params map[string]any) *threadRequest {
	body := maps.Clone(params)
	body["thread"] = map[string]any{"type": "create"}
	return &threadRequest{session, body}
}

// newThreadErrors are the thread rejections a new thread fixes (pi-ai's
// NEW_THREAD_ERRORS): expired, raced, or a fixed setting changed.
var newThreadErrors = map[string]bool{"thread_not_found": true, "thread_already_continued": true,
	"thread_continue_in_flight": true, "thread_fingerprint_mismatch": true}

// threadErrorCode is the error_code Anthropic puts in error.details of a
// thread rejection.
func threadErrorCode(se *statusError) string {
	var body struct {
		Error struct {
			Details struct {
				ErrorCode any `json:"error_code"`
			} `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal(se.body, &body) != nil {
		return ""
	}
	code, _ := body.Error.Details.ErrorCode.(string)
	return code
}

// threadFallback is how pi-ai's sendThreadRequest answers a rejected
// thread request (err): a thread that cannot be continued is created
// anew, an endpoint that cannot use threads gets the plain request and
// the session stops threading ("" reason: not about the thread, err
// stands). It returns the reason for the diagnostic and the request to
// send instead (nil thread: the plain params).
func threadFallback(err error, thread *threadRequest, params map[string]any) (reason string, next *threadRequest, plain bool) {
	var se *statusError
	if !errors.As(err, &se) {
		return "", nil, false
	}
	code := threadErrorCode(se)
	if newThreadErrors[code] {
		return code, createThreadRequest(thread.session, params), false
	}
	// An endpoint that does not know the field rejects it without a code
	// ("thread: Extra inputs are not permitted").
	if code == "thread_unsupported_request" || code == "" && se.status == 400 && strings.Contains(se.text, "thread") {
		return cmp.Or(code, strconv.Itoa(se.status)), nil, true
	}
	return "", nil, false
}

// recordThreadReply is pi-ai's recordThreadReply: after out, the clean
// reply to the thread request whose full params were params, the
// session's next request can continue it. A fallback model's reply is
// not stored by the server, so it cannot be.
func recordThreadReply(model *Model, session string, params map[string]any, out *AssistantMessage, oauth bool) {
	if out.ResponseID == "" || out.ResponseModel != "" {
		return
	}
	msgs, err := decodeMessages([]map[string]any{out.Map()})
	if err != nil {
		return
	}
	// Converted as the next request converts it; transformMessages adds
	// results for trailing tool calls, which are not the reply.
	var reply []any
	converted, _, _ := convertAnthropicMessages(msgs, model, nil, oauth, "", nil)
	for _, m := range converted {
		if mm, _ := m.(map[string]any); mm["role"] == "assistant" {
			reply = append(reply, m)
		}
	}
	prefix := append(messagesOf(params), messagesOf(map[string]any{"messages": reply})...)
	setThreadState(session, threadState{prefixCount: len(prefix), prefixHash: threadPrefixHash(model, params, prefix),
		replyID: out.ResponseID})
}
