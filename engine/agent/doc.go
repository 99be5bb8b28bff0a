// Package agent is pigo's agent loop: pi's prompt → turns → tool calls
// cycle with pi's event order (pi-agent-core's agent loop), driving
// the engine's hooks (input, before_agent_start, context,
// before_provider_request, message_end, tool_call, tool_result) and events,
// persisting messages to the session, and reporting every event to a sink
// (pi's JSON and RPC modes print them).
//
// It is a port of pi-agent-core's agent-loop (runLoop, tool execution in
// parallel with sequential preflight, steering and follow-up queues) and of
// the parts of pi's AgentSession that extensions observe. As in pi 1.6,
// the system prompt and the tool loadout live in the conversation as role
// "system" messages (sysmsg.go). A selected virtual model (pi 1.6's
// registerVirtualModel) is routed to a physical model before every
// request (virtual.go). Providers are behind the Provider interface;
// agent never imports goja.
package agent
