// @earendil-works/pi-ai/compat at pi 1.6.0: pi-ai 1.6's temporary
// entrypoint for the old global API. Everything of the root module
// (pi16-ai.ts, the same values) plus the per-API objects, the Anthropic
// credential variable names and image generation.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const require: any, exports: any;

const h16 = require("pigo:pi16");
const core = require("pigo:ai-core");

Object.defineProperty(exports, "__esModule", { value: true });
h16.copyExports(exports, require("@earendil-works/pi-ai"));

// The Api objects of pi-ai 1.6 (api/*.lazy.js): { stream, streamSimple }
// for one wire API, over pigo's providers. Like pi's lazyApi they do not
// check model.api: a custom provider may reuse another wire API under its
// own api name (custom-provider-gitlab-duo streams anthropic-messages).
function apiObject(stream: any, streamSimple: any): () => any {
  return () => ({ stream, streamSimple });
}
const apis: Record<string, [string, string]> = {
  anthropicMessagesApi: ["streamAnthropic", "streamSimpleAnthropic"],
  azureOpenAIResponsesApi: ["streamAzureOpenAIResponses", "streamSimpleAzureOpenAIResponses"],
  googleGenerativeAIApi: ["streamGoogle", "streamSimpleGoogle"],
  googleVertexApi: ["streamGoogleVertex", "streamSimpleGoogleVertex"],
  mistralConversationsApi: ["streamMistral", "streamSimpleMistral"],
  openAICodexResponsesApi: ["streamOpenAICodexResponses", "streamSimpleOpenAICodexResponses"],
  openAICompletionsApi: ["streamOpenAICompletions", "streamSimpleOpenAICompletions"],
  openAIResponsesApi: ["streamOpenAIResponses", "streamSimpleOpenAIResponses"],
};
for (const [name, [s, ss]] of Object.entries(apis)) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    configurable: true,
    writable: false,
    value: apiObject(core[s], core[ss]),
  });
}

// Environment variable names of pi-ai 1.6's Anthropic credentials.
for (const k of [
  "API_KEY",
  "AUTH_TOKEN",
  "FEDERATION_RULE_ID",
  "IDENTITY_TOKEN_FILE",
  "OAUTH_TOKEN",
  "ORGANIZATION_ID",
  "SERVICE_ACCOUNT_ID",
  "WORKSPACE_ID",
]) {
  Object.defineProperty(exports, `ANTHROPIC_${k}_ENV`, { enumerable: true, configurable: true, writable: false, value: `ANTHROPIC_${k}` });
}

h16.addUnsupported(exports, "pi-ai", [
  // Bedrock and pi's own message API are not among pigo's providers.
  "bedrockConverseStreamApi",
  "piMessagesApi",
  "setBedrockProviderLoader",
  // Image generation.
  "generateImages",
  "generateImagesOpenRouter",
  "getImageModel",
  "getImageModels",
  "getImageProviders",
  "getImagesApiProvider",
  "registerBuiltInImagesApiProviders",
  "registerImagesApiProvider",
]);
