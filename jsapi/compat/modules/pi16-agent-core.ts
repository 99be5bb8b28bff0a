// @earendil-works/pi-agent-core at pi 1.6.0: pigo's port of pi's agent
// loop (modules/pi-agent-core.ts, shared with @mariozechner) plus 1.6's
// DEFAULT_AGENT_IDENTITY. runToolCall (one tool call outside a loop) is
// not ported yet and throws "not supported yet: pi-agent-core runToolCall".
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

module.exports = require("pigo:namespace").lazy(
  "pi16-agent-core.ts",
  () => ({
    computed: ["DEFAULT_AGENT_IDENTITY"],
    base: "@mariozechner/pi-agent-core",
    fallback: ["runToolCall"],
  }),
  (name: string) =>
    name === "DEFAULT_AGENT_IDENTITY"
      ? { attribution: require("pigo:ai16x").PI_ATTRIBUTION }
      : require("pigo:pi16").unsupported("pi-agent-core", name),
);
