// @earendil-works/pi-ai at pi 1.6.0.
//
// pi 1.6 split pi-ai: the root keeps the types, utilities and the new
// createModels() API; the old global API (stream/complete, the api
// registry, getModel/getModels, the per-API stream functions) moved to
// "/compat". This module is the root: every 0.73.1 export (the same values as @mariozechner/pi-ai, so one
// api-provider registry per runtime) plus pi 1.6's new names. Keeping the
// old names on the root is deliberate: extensions written for 0.74-1.5
// import them from there, and an extra export breaks nothing.
//
//   pigo:ai-core   the 0.73.1 surface (streams reach pigo's Go providers)
//   pigo:ai16      pure functions of pi-ai 1.6 vendored unchanged (gen16):
//                  ids, message text and transcripts
//   pigo:ai16x     the rest (retry, identity, cache warming, stores, ...)
//
// What needs pi-ai 1.6's model runtime or credential resolution throws
// "not supported yet: pi-ai <name>" when called. "/compat" (pi16-ai-compat.ts)
// adds the per-API objects and image generation on top of this module.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

module.exports = require("pigo:namespace").lazy(
  "pi16-ai.ts",
  () => ({
    from: {
      "pigo:ai16": [
        "collapseSystemMessages",
        "contentText",
        "createInitialSystemMessage",
        "declarationsEqual",
        "getCurrentSystemMessage",
        "getCurrentSystemPrompt",
        "getCurrentTools",
        "getDeclaredTools",
        "getInitialSystemMessage",
        "getSystemMessageText",
        "getToolStateChanges",
        "hasNonAdditiveToolChanges",
        "hasToolRedefinitions",
        "normalizeContext",
        "renderSystemMessageUpdate",
        "resolveTranscript",
        "resolveTranscriptTools",
        "toToolDeclaration",
        "uuidv7",
        "withoutInitialSystemMessage",
      ],
      "pigo:ai16x": [
        "AI_TELEMETRY_SCHEMA",
        "CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY",
        "CACHE_WARMING_MAX_AGE_MS",
        "CACHE_WARMING_MAX_IDLE_AGE_MS",
        "CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS",
        "DEFAULT_MAX_AGENT_RETRY_DELAY_MS",
        "InMemoryCredentialStore",
        "InMemoryModelsStore",
        "ModelsError",
        "PI_AI_VERSION",
        "PI_ATTRIBUTION",
        "StreamingJsonParser",
        "ToolCallArgumentsStream",
        "evaluateCacheWarming",
        "formatUserAgent",
        "getAttributionHeaders",
        "getCacheWarmingDelayMs",
        "getCacheWarmingRequestOptions",
        "getClientVersion",
        "getIdentityHeaders",
        "getModelType",
        "getOpenCodeSessionHeaders",
        "getPromptCacheTtlMs",
        "hasApi",
        "isCacheWarmingReplayable",
        "isModelType",
        "isRecoverableLength",
        "isRetryableAssistantError",
        "lazyApi",
        "lazyStream",
        "mergeClientIdentity",
        "parseToolCallArguments",
        "retryAssistantCall",
        "retryDelayMs",
        "withClientIdentity",
      ],
    },
    base: "pigo:ai-core",
    // What an extension typically takes from pi-ai while it loads, without
    // evaluating pigo:ai-core (which re-exports both).
    via: { "pigo:ai-typebox": ["StringEnum"], "pigo:typebox-core": ["Type"] },
    fallback: [
      // pi-ai 1.6's model runtime and provider factories (createModels()):
      // pigo's models and credentials are the host's.
      "createModels",
      "createProvider",
      "createFauxCore",
      "fauxProvider",
      "defaultProviderAuthContext",
      "envApiKeyAuth",
      "lazyOAuth",
    ],
  }),
  (name: string) => require("pigo:pi16").unsupported("pi-ai", name),
);
