// @mariozechner/pi-ai and @mariozechner/pi-ai/compat: pigo:ai-core's
// exports, so one plugin runtime has one API-provider registry whichever
// specifier an extension imports. A namespace over it (not pigo:ai-core
// itself) so that an extension taking only StringEnum and Type while it
// loads does not evaluate pigo:ai-core: they come from the smaller
// modules pigo:ai-core re-exports them from.
declare const module: any, require: any;
module.exports = require("pigo:namespace").lazy(
  "pi-ai.ts",
  () => ({
    base: "pigo:ai-core",
    via: { "pigo:ai-typebox": ["StringEnum"], "pigo:typebox-core": ["Type"] },
  }),
  () => undefined,
);
