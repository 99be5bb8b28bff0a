module.exports = require("pigo:namespace").lazy(
  "pi-ai.ts",
  () => ({
    base: "pigo:ai-core",
    via: { "pigo:ai-typebox": ["StringEnum"], "pigo:typebox-core": ["Type"] }
  }),
  () => void 0
);
