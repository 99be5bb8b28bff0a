// Package protocol is how clients talk to a session host: the one wire
// format of pigo's modes (RPC, the interactive terminal UI, embedding
// programs, and later remote clients).
//
// A record is one JSON object per line (strict JSON lines: split on "\n"
// only, a trailing "\r" dropped). Its "type" member says what it is.
//
// Client to host:
//   - commands: pi's RPC commands as pi 1.6 defines them ({"type":"prompt",
//     "message":...}, get_state, set_model, compact, ...), with an optional
//     "id" echoed in the response. A prompt may carry two pigo members:
//     "wait": true answers only when its run is over (an error of the run
//     fails the response), and "source" ("interactive", "rpc", the default,
//     or "extension") is what the input event's source says;
//   - get_session_header: the current session file's header record
//     {type:"session", version, id, timestamp, cwd}, which JSON mode prints
//     first;
//   - {"type":"view_message","viewId":...,"message":...}: a message up to a
//     view (a dialog's answer {value} / {confirmed} / {cancelled:true}, a
//     component's {type:"render",width} or {type:"input",data});
//   - get_extensions: the app's extension files {extensions: [{id, path,
//     origin, status}]}, in load order;
//   - get_shortcuts {shortcuts: [{shortcut, description, plugin}]} and
//     run_shortcut {shortcut}: the extensions' registerShortcut keys;
//   - reload: pi's /reload (every extension reloads, resources are found
//     again), answering {plugins: [{plugin, ok, error?}]};
//   - pigo's rendering commands: render_message {customType, message,
//     expanded, width}, render_entry {customType, entry, expanded, width}
//     and render_tool {toolName, phase, toolCallId, args, result, expanded,
//     isPartial, isError, width} answer {lines} (null when no extension
//     renders it);
//   - session tree: navigate_tree {entryId, summarize, customInstructions?}
//     (pi's /tree: answers {cancelled, aborted?, editorText?}),
//     abort_branch_summary, set_entry_label {entryId, label};
//   - get_project_trust {trusted, protected};
//   - model scope (pi's /scoped-models): get_model_scope {models,
//     enabledIds ("provider/id" list or null for all), scoped, scope:
//     [{provider, id, thinkingLevel?}], defaultModel {provider, id} or
//     null}, set_model_scope {enabledIds} (the session's cycle scope),
//     save_model_scope {enabledIds} (settings' enabledModels); set_model
//     takes "persist": true (the default model in settings) and
//     cycle_model "direction": "backward";
//   - get_cache_warming {mode, status, missCost?, warmCost?}: /session's
//     prompt cache warming section (status is pi's one-line decision);
//   - get_transport {transport}, set_transport {transport}: pi's transport
//     setting ("sse", "websocket", "websocket-cached" or "auto") for the
//     settings selector; set_transport saves it globally and the next
//     model request uses it;
//   - credentials: get_credentials {credentials: [{provider, name, type,
//     subscription}], providers: [{provider, name, configured, oauth,
//     source, logins: [{type, name, subscription?, label?}]}], authPath}
//     (both in pi's provider order; name is pi's display name; oauth: the
//     stored credential is an account login; source: where the configured
//     auth comes from, as pi's getProviderAuthStatus says; logins: the
//     account ("oauth") and API key ("api_key") logins pigo runs), set_api_key
//     {provider, key}, logout {provider}, and pi's OAuth logins:
//     login_oauth_start {provider, enterprise?, method?} answers {url, instructions}
//     (anthropic with method "copy_code": the copy-code login), {userCode, verificationUri,
//     intervalSeconds?, expiresInSeconds} (github-copilot: the device
//     flow; enterprise is the GitHub Enterprise domain, "" for github.com)
//     or {url, instructions, prompt, placeholder} (openai-codex, and
//     anthropic without a method or with "browser": the browser flow;
//     codex's method "device_code" is its device flow, answered as
//     github-copilot's); login_oauth_finish {provider, input?} completes it
//     (anthropic's copy-code login: the pasted code; github-copilot: polls
//     until the device is authorized, sending
//     {"type":"login_progress","provider","message"} events; the browser
//     flows: waits for the browser's callback or login_oauth_input {input},
//     a pasted code or redirect URL);
//     login_oauth_cancel makes the finish fail with "Login cancelled".
//
// Host to client:
//   - {"type":"response","id","command","success","data"|"error"};
//   - session events as pi 1.6's JSON mode writes them (agent_start,
//     message_update with deltas, tool_execution_end, agent_settled, ...),
//     extension_error, and extension_reload {plugin, ok, generation,
//     added, removed, changed, error?, ms, appeared? | gone?} for hot
//     reload and extension files discovery found or lost (with moved:
//     true when a session switch moved the run to another project, where
//     every extension starts again), and runtime_diagnostic {kind:
//     "warning" | "error", message} for what such a move found (the new
//     project's settings warnings), to show as pi's "Warning: ...";
//   - view sync: {"type":"view_snapshot","views":[...]} when the client
//     attaches, then {"type":"view_state",...} and {"type":"view_closed",...}
//     as views open, change and close (dialogs, extension components);
//   - {"type":"ui_call","plugin","op","key","sub","value"}: fire-and-forget
//     extension UI calls (notify, setStatus, setWidget with lines,
//     setTitle, setEditorText, ...).
//
// A bad line gets a response like any command: {"type":"response",
// "command":"parse","success":false,"error":"Failed to parse command: "+
// V8's JSON.parse message}, so a remote client sees what pi would tell it.
//
// The Go API is [Message] (a record: its type and JSON text), [Parse] and
// [Encoder] (the codec), and [Conn], with two transports: [Pipe] in one
// process and [NewStream] over any byte stream. The pipe copies each
// record's bytes and parses them again on the other side, so what works
// in-process works over a socket.
package protocol
