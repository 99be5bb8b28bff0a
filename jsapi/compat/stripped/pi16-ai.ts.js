const h16 = require("pigo:pi16");
const core = require("pigo:ai-core");
Object.defineProperty(exports, "__esModule", { value: true });
h16.copyExports(exports, core);
h16.lazyNames(
  exports,
  [
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
  () => require("pigo:ai16")
);
h16.lazyNames(
  exports,
  [
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
  ],
  () => require("pigo:ai16x")
);
h16.addUnsupported(exports, "pi-ai", [
  // pi-ai 1.6's model runtime and provider factories (createModels()):
  // pigo's models and credentials are the host's.
  "createModels",
  "createProvider",
  "createFauxCore",
  "fauxProvider",
  "defaultProviderAuthContext",
  "envApiKeyAuth",
  "lazyOAuth"
]);
