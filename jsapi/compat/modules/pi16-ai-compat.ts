// @earendil-works/pi-ai/compat at pi 1.6.0: pi-ai 1.6's temporary
// entrypoint for the old global API. Everything of the root module
// (pi16-ai.ts, the same values) plus the per-API objects, the Anthropic
// credential variable names, pi-ai's image model catalog and image
// generation (pi-ai's own, vendored). It is also what extensions get for @earendil-works/pi-ai:
// pi 1.6 resolves the root to its extension view, this module with
// TypeBox's Type and StringEnum (which the root already has).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

// The Api objects of pi-ai 1.6 (api/*.lazy.js): { stream, streamSimple }
// for one wire API, over pigo's providers. Like pi's lazyApi they do not
// check model.api: a custom provider may reuse another wire API under its
// own api name (custom-provider-gitlab-duo streams anthropic-messages).
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

// Environment variable names of pi-ai 1.6's Anthropic credentials.
const anthropicEnv = [
  "API_KEY",
  "AUTH_TOKEN",
  "FEDERATION_RULE_ID",
  "IDENTITY_TOKEN_FILE",
  "OAUTH_TOKEN",
  "ORGANIZATION_ID",
  "SERVICE_ACCOUNT_ID",
  "WORKSPACE_ID",
];

// pi-ai 1.6's image model catalog (image-models.js): the providers that
// have image models, each id → model, read from the host on first use.
let imageCatalog: Map<string, Map<string, any>> | undefined;
function imageModels(): Map<string, Map<string, any>> {
  if (imageCatalog) return imageCatalog;
  const host = require("pigo:ai-catalog");
  const out = new Map<string, Map<string, any>>();
  for (const provider of host.providers()) {
    const models = JSON.parse(host.models(provider, "image"));
    if (models.length > 0) out.set(provider, new Map(models.map((m: any) => [m.id, m])));
  }
  imageCatalog = out;
  return out;
}
const imageReads: Record<string, any> = {
  getImageModel: (provider: string, modelId: string) => imageModels().get(provider)?.get(modelId),
  getImageProviders: () => Array.from(imageModels().keys()),
  getImageModels: (provider: string) => {
    const models = imageModels().get(provider);
    return models ? Array.from(models.values()) : [];
  },
};

// pi-ai 1.6's image generation (images.js, its api registry and the
// built-in OpenRouter provider), vendored: pigo:imagesapi16, which loads
// the OpenRouter implementation and the OpenAI SDK (pigo:images16) on the
// first OpenRouter call.
const imageGeneration = ["generateImages", "generateImagesOpenRouter", "getImagesApiProvider", "registerBuiltInImagesApiProviders", "registerImagesApiProvider"];

// make builds this module's own names on first read.
function make(name: string): any {
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
      "setBedrockProviderLoader",
    ],
  }),
  make,
);
