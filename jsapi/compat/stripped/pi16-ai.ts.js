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
        "withoutInitialSystemMessage"
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
        "withClientIdentity"
      ]
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
      "lazyOAuth"
    ]
  }),
  (name) => require("pigo:pi16").unsupported("pi-ai", name)
);
