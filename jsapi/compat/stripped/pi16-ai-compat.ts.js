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
const anthropicEnv = [
  "API_KEY",
  "AUTH_TOKEN",
  "FEDERATION_RULE_ID",
  "IDENTITY_TOKEN_FILE",
  "OAUTH_TOKEN",
  "ORGANIZATION_ID",
  "SERVICE_ACCOUNT_ID",
  "WORKSPACE_ID"
];
let imageCatalog;
function imageModels() {
  if (imageCatalog) return imageCatalog;
  const host = require("pigo:ai-catalog");
  const out = /* @__PURE__ */ new Map();
  for (const provider of host.providers()) {
    const models = JSON.parse(host.models(provider, "image"));
    if (models.length > 0) out.set(provider, new Map(models.map((m) => [m.id, m])));
  }
  imageCatalog = out;
  return out;
}
const imageReads = {
  getImageModel: (provider, modelId) => imageModels().get(provider)?.get(modelId),
  getImageProviders: () => Array.from(imageModels().keys()),
  getImageModels: (provider) => {
    const models = imageModels().get(provider);
    return models ? Array.from(models.values()) : [];
  }
};
const imageGeneration = ["generateImages", "generateImagesOpenRouter", "getImagesApiProvider", "registerBuiltInImagesApiProviders", "registerImagesApiProvider"];
function make(name) {
  if (Object.prototype.hasOwnProperty.call(imageReads, name)) return imageReads[name];
  if (imageGeneration.includes(name)) return require("pigo:imagesapi16")[name];
  if (Object.prototype.hasOwnProperty.call(apis, name)) {
    const core = require("pigo:ai-core");
    const [stream, streamSimple] = apis[name].map((n) => core[n]);
    return () => ({ stream, streamSimple });
  }
  if (name.startsWith("ANTHROPIC_") && name.endsWith("_ENV")) return name.slice(0, -"_ENV".length);
  return require("pigo:pi16").unsupported("pi-ai", name);
}
module.exports = require("pigo:namespace").lazy(
  "pi16-ai-compat.ts",
  () => ({
    computed: [...Object.keys(apis), ...anthropicEnv.map((k) => `ANTHROPIC_${k}_ENV`), ...Object.keys(imageReads), ...imageGeneration],
    base: "pigo:pi16-ai-root",
    fallback: [
      // Bedrock and pi's own message API are not among pigo's providers.
      "bedrockConverseStreamApi",
      "piMessagesApi",
      "setBedrockProviderLoader"
    ]
  }),
  make
);
