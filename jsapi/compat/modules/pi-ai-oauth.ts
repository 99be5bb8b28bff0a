// @mariozechner/pi-ai/oauth (and the @earendil-works scope): re-exports
// pigo:ai-oauth so both scopes share one OAuth provider registry.
export * from "pigo:ai-oauth";
