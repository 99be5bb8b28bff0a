// Package piapi is the host side of pi's extension API: the state pi's
// action methods act on ([State]: the session entry tree, active tools,
// thinking level, model, extension-flag values and the [Agent] that
// sendMessage, setModel and the session methods reach), ctx.ui ([UI]: UI
// state every client sees, dialogs addressed to the client a call came
// from, component slots), pi's registries (flags, shortcuts, message, entry
// and tool renderers, markdown transformers, virtual models, MCP servers),
// the result rules of pi's interceptable events ([HookEvents]) and the
// renderers a client calls from Go.
//
// The state is per host and attached on first use: [Of] creates it, its
// registries and pi's hook contracts under the host's lock, so every path
// to pi code (the JS adapter before a factory runs, the agent loop, the
// composition root) sees pi's semantics before a pi handler can run, while
// a host that never reaches pi code has none of it. piapi imports engine;
// engine does not import piapi.
package piapi
