// @mariozechner/pi-ai, @mariozechner/pi-ai/compat (and the @earendil-works
// scope): every alias re-exports pigo:ai-core, so one plugin runtime has one
// API-provider registry whichever specifier an extension imports.
export * from "pigo:ai-core";
