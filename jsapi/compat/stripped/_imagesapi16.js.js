var WeakRef = globalThis.WeakRef || class {
  constructor(v) {
    this.v = v;
  }
  deref() {
    return this.v;
  }
};
var FinalizationRegistry = globalThis.FinalizationRegistry || class {
  register() {
  }
  unregister() {
  }
};
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  ModelsError: () => ModelsError,
  generateImagesOpenRouter: () => generateImagesOpenRouter
});
stdin_exports.assertImageModel = assertImageModel;
stdin_exports.generateImages = generateImages;
stdin_exports.getImagesApiProvider = getImagesApiProvider;
stdin_exports.imageErrorResult = imageErrorResult;
stdin_exports.registerBuiltInImagesApiProviders = registerBuiltInImagesApiProviders;
stdin_exports.registerImagesApiProvider = registerImagesApiProvider;
module.exports = stdin_exports;
var imagesApiProviderRegistry = /* @__PURE__ */ new Map();
function wrapGenerateImages(api, generateImages2) {
  return (model, context, options) => {
    if (model.api !== api) {
      throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    }
    return generateImages2(model, context, options);
  };
}
function registerImagesApiProvider(provider, sourceId) {
  imagesApiProviderRegistry.set(provider.api, {
    provider: {
      api: provider.api,
      generateImages: wrapGenerateImages(provider.api, provider.generateImages)
    },
    sourceId
  });
}
function getImagesApiProvider(api) {
  return imagesApiProviderRegistry.get(api)?.provider;
}
var openRouterImagesProviderModulePromise;
function createLazyLoadErrorImages(model, error) {
  return {
    api: model.api,
    provider: model.provider,
    model: model.id,
    output: [],
    stopReason: "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now()
  };
}
function loadOpenRouterImagesProviderModule() {
  openRouterImagesProviderModulePromise || (openRouterImagesProviderModulePromise = Promise.resolve().then(() => require("pigo:images16")).then((module2) => module2));
  return openRouterImagesProviderModulePromise;
}
var generateImagesOpenRouter = async (model, context, options) => {
  try {
    const module2 = await loadOpenRouterImagesProviderModule();
    return await module2.generateImages(model, context, options);
  } catch (error) {
    return createLazyLoadErrorImages(model, error);
  }
};
function registerBuiltInImagesApiProviders() {
  registerImagesApiProvider({
    api: "openrouter-images",
    generateImages: generateImagesOpenRouter
  });
}
registerBuiltInImagesApiProviders();
function resolveImagesApiProvider(api) {
  const provider = getImagesApiProvider(api);
  if (!provider) {
    throw new Error(`No API provider registered for api: ${api}`);
  }
  return provider;
}
async function generateImages(model, context, options) {
  const provider = resolveImagesApiProvider(model.api);
  return provider.generateImages(model, context, options);
}
function formatThrownValue(value) {
  if (value instanceof Error)
    return value.message || value.name;
  if (typeof value === "string")
    return value;
  return String(value);
}
var ModelsError = class extends Error {
  constructor(code, message, options) {
    super(withCauseDetail(message, options?.cause), options);
    __publicField(this, "code");
    this.name = "ModelsError";
    this.code = code;
  }
};
function withCauseDetail(message, cause) {
  if (cause === void 0 || cause === null)
    return message;
  const detail = formatThrownValue(cause).trim();
  if (!detail || message.includes(detail))
    return message;
  return `${message}: ${detail}`;
}
function getModelType(model) {
  return model.type ?? "chat";
}
function isModelType(model, type) {
  return getModelType(model) === type;
}
function assertImageModel(model) {
  if (!isModelType(model, "image")) {
    throw new ModelsError("provider", `Model ${model.provider}/${model.id} is not an image model`);
  }
}
function imageErrorResult(model, error, aborted = false) {
  return {
    api: model.api,
    provider: model.provider,
    model: model.id,
    output: [],
    stopReason: aborted ? "aborted" : "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now()
  };
}
