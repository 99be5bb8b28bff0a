const h16 = require("pigo:pi16");
const core = require("pigo:ai-core");
Object.defineProperty(exports, "__esModule", { value: true });
h16.copyExports(exports, require("@earendil-works/pi-ai"));
function apiObject(stream, streamSimple) {
  return () => ({ stream, streamSimple });
}
const apis = {
  anthropicMessagesApi: ["streamAnthropic", "streamSimpleAnthropic"],
  azureOpenAIResponsesApi: ["streamAzureOpenAIResponses", "streamSimpleAzureOpenAIResponses"],
  googleGenerativeAIApi: ["streamGoogle", "streamSimpleGoogle"],
  googleVertexApi: ["streamGoogleVertex", "streamSimpleGoogleVertex"],
  mistralConversationsApi: ["streamMistral", "streamSimpleMistral"],
  openAICodexResponsesApi: ["streamOpenAICodexResponses", "streamSimpleOpenAICodexResponses"],
  openAICompletionsApi: ["streamOpenAICompletions", "streamSimpleOpenAICompletions"],
  openAIResponsesApi: ["streamOpenAIResponses", "streamSimpleOpenAIResponses"]
};
for (const [name, [s, ss]] of Object.entries(apis)) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    configurable: true,
    writable: false,
    value: apiObject(core[s], core[ss])
  });
}
for (const k of [
  "API_KEY",
  "AUTH_TOKEN",
  "FEDERATION_RULE_ID",
  "IDENTITY_TOKEN_FILE",
  "OAUTH_TOKEN",
  "ORGANIZATION_ID",
  "SERVICE_ACCOUNT_ID",
  "WORKSPACE_ID"
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
  "registerImagesApiProvider"
]);
