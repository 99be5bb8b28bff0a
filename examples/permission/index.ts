// permission: a tool permission policy built from the two interception tools of
// the v2 API — wrapping (rebuild time, per tool) and the tool_call hook (call
// time, every tool).
//
// Config (manifest): { "deny"?: string[], "ask"?: string[] }, default { deny: [] }.
//
// - Tools named in `deny` are wrapped so their execute returns an error result
//   instead of running. A wrap only reaches tools that exist in the draft when
//   this contribution replays, i.e. tools contributed by plugins EARLIER in the
//   manifest. Put this plugin after the tools it guards.
// - The tool_call hook blocks `deny` names too. Hooks run for every call, so it
//   also covers tools of later plugins (and tools that do not exist at all).
// - Tools named in `ask` need the user's approval: the hook opens an ask-view
//   to the client that caused the call and blocks unless it answers `true`.
//   No client (headless run) means no approval: the call is blocked.
// - Every other tool this plugin sees is wrapped to count its calls and to mark
//   its result with details.permission = "allowed". `/permission` shows counts.
import type { JsonValue, Pi, ToolResult } from "@pigo/api";

interface PermissionConfig {
  deny: string[];
  ask: string[];
}

/** Reads the manifest config; it is untrusted data, so check its shape. */
function readConfig(raw: JsonValue, warn: (msg: string) => void): PermissionConfig {
  const config: PermissionConfig = { deny: [], ask: [] };
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    warn("config must be an object like { deny: [...], ask: [...] }; using { deny: [] }");
    return config;
  }
  for (const key of ["deny", "ask"] as const) {
    const value = raw[key];
    if (value === undefined) continue;
    if (Array.isArray(value) && value.every((x): x is string => typeof x === "string")) {
      config[key] = value;
    } else {
      warn(`config.${key} must be an array of tool names; ignored`);
    }
  }
  return config;
}

function blocked(toolName: string): ToolResult<{ blocked: true }> {
  return {
    content: [{ type: "text", text: `blocked by permission policy: ${toolName}` }],
    isError: true,
    details: { blocked: true },
  };
}

/** Adds permission: "allowed" to a result's details, keeping what the tool put there. */
function markAllowed(details: unknown): Record<string, unknown> {
  if (details === undefined) return { permission: "allowed" };
  if (details !== null && typeof details === "object" && !Array.isArray(details)) {
    return { ...(details as Record<string, unknown>), permission: "allowed" };
  }
  return { value: details, permission: "allowed" };
}

export default function (pi: Pi) {
  const { deny, ask } = readConfig(pi.config, (msg) => pi.diagnostics.warn(msg));

  // Plugin-scope state, written at execute time (never by a contribution).
  // It starts empty again when the plugin is reloaded (a new generation).
  const calls = new Map<string, number>();

  pi.tools.add((d) => {
    // Runs on every rebuild, against a fresh draft: the wraps below are
    // re-applied each time and never stack up.
    for (const name of d.ids()) {
      if (deny.includes(name)) {
        d.wrap(name, () => async () => blocked(name));
        continue;
      }
      d.wrap(name, (inner) => async (toolCallId, params, signal, onUpdate, ctx) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        // inner may belong to another plugin: it returns a Promise, await it.
        const result = await inner(toolCallId, params, signal, onUpdate, ctx);
        return { ...result, details: markAllowed(result.details) };
      });
    }
  });

  pi.hook("tool_call", async (call) => {
    if (deny.includes(call.toolName)) {
      return { block: true, reason: `${call.toolName} is denied by the permission policy` };
    }
    if (ask.includes(call.toolName)) {
      // An ask-view: state for the originating client, closed by it with the answer.
      const answer = await pi.view(
        "confirm",
        {
          title: `Allow ${call.toolName}?`,
          message: JSON.stringify(call.input, null, 2),
        },
        { to: "originator" },
      ).done;
      if (answer !== true) {
        return { block: true, reason: `${call.toolName} was not approved by the user` };
      }
    }
    return undefined; // unchanged: let the call through
  });

  pi.commands.add((d) =>
    d.set("permission", {
      description: "Show the permission policy and how often allowed tools ran",
      handler() {
        const counts = [...calls].map(([name, n]) => `${name}=${n}`).join(", ") || "none";
        pi.diagnostics.info(
          `deny: [${deny.join(", ")}], ask: [${ask.join(", ")}], allowed calls: ${counts}`,
        );
      },
    }),
  );
}
