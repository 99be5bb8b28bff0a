var __defProp = Object.defineProperty;
var pigo_ai_oauth_exports = __defProp({}, "__esModule", { value: true });
pigo_ai_oauth_exports.getGitHubCopilotBaseUrl = getGitHubCopilotBaseUrl;
pigo_ai_oauth_exports.getOAuthApiKey = getOAuthApiKey;
pigo_ai_oauth_exports.getOAuthProvider = getOAuthProvider;
pigo_ai_oauth_exports.getOAuthProviderInfoList = getOAuthProviderInfoList;
pigo_ai_oauth_exports.getOAuthProviders = getOAuthProviders;
pigo_ai_oauth_exports.normalizeDomain = normalizeDomain;
pigo_ai_oauth_exports.refreshOAuthToken = refreshOAuthToken;
pigo_ai_oauth_exports.registerOAuthProvider = registerOAuthProvider;
pigo_ai_oauth_exports.resetOAuthProviders = resetOAuthProviders;
pigo_ai_oauth_exports.unregisterOAuthProvider = unregisterOAuthProvider;
module.exports = pigo_ai_oauth_exports;
function notSupported(name) {
  return new Error(`not supported yet: pi-ai/oauth ${name} (pigo has no OAuth network layer yet)`);
}
function unsupportedAsync(name) {
  const fn = async function(..._args) {
    throw notSupported(name);
  };
  Object.defineProperty(fn, "__pigoUnsupported", { value: true });
  return fn;
}
const loginAnthropic = unsupportedAsync("loginAnthropic");
const refreshAnthropicToken = unsupportedAsync("refreshAnthropicToken");
const loginGitHubCopilot = unsupportedAsync("loginGitHubCopilot");
const refreshGitHubCopilotToken = unsupportedAsync("refreshGitHubCopilotToken");
const loginOpenAICodex = unsupportedAsync("loginOpenAICodex");
const refreshOpenAICodexToken = unsupportedAsync("refreshOpenAICodexToken");
function normalizeDomain(input) {
  const trimmed = input.trim();
  if (!trimmed) return null;
  try {
    const url = trimmed.includes("://") ? new URL(trimmed) : new URL(`https://${trimmed}`);
    return url.hostname;
  } catch {
    return null;
  }
}
function getBaseUrlFromToken(token) {
  const match = token.match(/proxy-ep=([^;]+)/);
  if (!match) return null;
  return `https://${match[1].replace(/^proxy\./, "api.")}`;
}
function getGitHubCopilotBaseUrl(token, enterpriseDomain) {
  if (token) {
    const fromToken = getBaseUrlFromToken(token);
    if (fromToken) return fromToken;
  }
  if (enterpriseDomain) return `https://copilot-api.${enterpriseDomain}`;
  return "https://api.individual.githubcopilot.com";
}
const anthropicOAuthProvider = {
  id: "anthropic",
  name: "Anthropic (Claude Pro/Max)",
  usesCallbackServer: true,
  async login(callbacks) {
    return loginAnthropic(callbacks);
  },
  async refreshToken(credentials) {
    return refreshAnthropicToken(credentials.refresh);
  },
  getApiKey(credentials) {
    return credentials.access;
  }
};
const githubCopilotOAuthProvider = {
  id: "github-copilot",
  name: "GitHub Copilot",
  async login(callbacks) {
    return loginGitHubCopilot(callbacks);
  },
  async refreshToken(credentials) {
    return refreshGitHubCopilotToken(credentials.refresh, credentials.enterpriseUrl);
  },
  getApiKey(credentials) {
    return credentials.access;
  },
  modifyModels(models, credentials) {
    const domain = credentials.enterpriseUrl ? normalizeDomain(credentials.enterpriseUrl) ?? void 0 : void 0;
    const baseUrl = getGitHubCopilotBaseUrl(credentials.access, domain);
    return models.map((m) => m.provider === "github-copilot" ? { ...m, baseUrl } : m);
  }
};
const openaiCodexOAuthProvider = {
  id: "openai-codex",
  name: "ChatGPT Plus/Pro (Codex Subscription)",
  usesCallbackServer: true,
  async login(callbacks) {
    return loginOpenAICodex(callbacks);
  },
  async refreshToken(credentials) {
    return refreshOpenAICodexToken(credentials.refresh);
  },
  getApiKey(credentials) {
    return credentials.access;
  }
};
const BUILT_IN = [anthropicOAuthProvider, githubCopilotOAuthProvider, openaiCodexOAuthProvider];
const registry = new Map(BUILT_IN.map((p) => [p.id, p]));
function getOAuthProvider(id) {
  return registry.get(id);
}
function registerOAuthProvider(provider) {
  registry.set(provider.id, provider);
}
function unregisterOAuthProvider(id) {
  const builtIn = BUILT_IN.find((p) => p.id === id);
  if (builtIn) {
    registry.set(id, builtIn);
    return;
  }
  registry.delete(id);
}
function resetOAuthProviders() {
  registry.clear();
  for (const p of BUILT_IN) registry.set(p.id, p);
}
function getOAuthProviders() {
  return Array.from(registry.values());
}
function getOAuthProviderInfoList() {
  return getOAuthProviders().map((p) => ({ id: p.id, name: p.name, available: true }));
}
async function refreshOAuthToken(providerId, credentials) {
  const provider = getOAuthProvider(providerId);
  if (!provider) throw new Error(`Unknown OAuth provider: ${providerId}`);
  return provider.refreshToken(credentials);
}
async function getOAuthApiKey(providerId, credentials) {
  const provider = getOAuthProvider(providerId);
  if (!provider) throw new Error(`Unknown OAuth provider: ${providerId}`);
  let creds = credentials[providerId];
  if (!creds) return null;
  if (Date.now() >= creds.expires) {
    try {
      creds = await provider.refreshToken(creds);
    } catch {
      throw new Error(`Failed to refresh OAuth token for ${providerId}`);
    }
  }
  return { newCredentials: creds, apiKey: provider.getApiKey(creds) };
}
// Annotate the CommonJS export names for ESM import in node:
pigo_ai_oauth_exports.anthropicOAuthProvider = anthropicOAuthProvider;
pigo_ai_oauth_exports.githubCopilotOAuthProvider = githubCopilotOAuthProvider;
pigo_ai_oauth_exports.loginAnthropic = loginAnthropic;
pigo_ai_oauth_exports.loginGitHubCopilot = loginGitHubCopilot;
pigo_ai_oauth_exports.loginOpenAICodex = loginOpenAICodex;
pigo_ai_oauth_exports.openaiCodexOAuthProvider = openaiCodexOAuthProvider;
pigo_ai_oauth_exports.refreshAnthropicToken = refreshAnthropicToken;
pigo_ai_oauth_exports.refreshGitHubCopilotToken = refreshGitHubCopilotToken;
pigo_ai_oauth_exports.refreshOpenAICodexToken = refreshOpenAICodexToken;
0 && (module.exports = {
  anthropicOAuthProvider,
  getGitHubCopilotBaseUrl,
  getOAuthApiKey,
  getOAuthProvider,
  getOAuthProviderInfoList,
  getOAuthProviders,
  githubCopilotOAuthProvider,
  loginAnthropic,
  loginGitHubCopilot,
  loginOpenAICodex,
  normalizeDomain,
  openaiCodexOAuthProvider,
  refreshAnthropicToken,
  refreshGitHubCopilotToken,
  refreshOAuthToken,
  refreshOpenAICodexToken,
  registerOAuthProvider,
  resetOAuthProviders,
  unregisterOAuthProvider
});
