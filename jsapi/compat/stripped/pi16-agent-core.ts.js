module.exports = require("pigo:namespace").lazy(
  "pi16-agent-core.ts",
  () => ({
    computed: ["DEFAULT_AGENT_IDENTITY"],
    base: "@mariozechner/pi-agent-core",
    fallback: ["runToolCall"]
  }),
  (name) => name === "DEFAULT_AGENT_IDENTITY" ? { attribution: require("pigo:ai16x").PI_ATTRIBUTION } : require("pigo:pi16").unsupported("pi-agent-core", name)
);
