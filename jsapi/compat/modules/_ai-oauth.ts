// pigo:ai-oauth — pigo's implementation of @mariozechner/pi-ai/oauth 0.73.1
// (pi-ai-oauth.ts re-exports it, so both npm scopes share one registry).
//
// Real: the OAuth provider registry (get/register/unregister/reset/list),
// getOAuthApiKey and refreshOAuthToken dispatch, getApiKey/modifyModels on
// the built-in providers, normalizeDomain, getGitHubCopilotBaseUrl.
// Not supported yet (reject at call time): the login flows and token
// refreshes, which need pigo's network/callback-server layer.

/* eslint-disable @typescript-eslint/no-explicit-any */

function notSupported(name: string): Error {
  return new Error(`not supported yet: pi-ai/oauth ${name} (pigo has no OAuth network layer yet)`);
}
function unsupportedAsync(name: string) {
  const fn = async function (..._args: any[]): Promise<never> {
    throw notSupported(name);
  };
  Object.defineProperty(fn, "__pigoUnsupported", { value: true });
  return fn;
}

export const loginAnthropic = unsupportedAsync("loginAnthropic");
export const refreshAnthropicToken = unsupportedAsync("refreshAnthropicToken");
export const loginGitHubCopilot = unsupportedAsync("loginGitHubCopilot");
export const refreshGitHubCopilotToken = unsupportedAsync("refreshGitHubCopilotToken");
export const loginOpenAICodex = unsupportedAsync("loginOpenAICodex");
export const refreshOpenAICodexToken = unsupportedAsync("refreshOpenAICodexToken");

/** Host name of a GitHub Enterprise domain or URL; null when empty or unparsable. */
export function normalizeDomain(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  try {
    const url = trimmed.includes("://") ? new URL(trimmed) : new URL(`https://${trimmed}`);
    return url.hostname;
  } catch {
    return null;
  }
}
function getBaseUrlFromToken(token: string): string | null {
  const match = token.match(/proxy-ep=([^;]+)/);
  if (!match) return null;
  return `https://${match[1].replace(/^proxy\./, "api.")}`;
}
/** Copilot API base URL from a token's proxy-ep, else the enterprise or public default. */
export function getGitHubCopilotBaseUrl(token?: string, enterpriseDomain?: string): string {
  if (token) {
    const fromToken = getBaseUrlFromToken(token);
    if (fromToken) return fromToken;
  }
  if (enterpriseDomain) return `https://copilot-api.${enterpriseDomain}`;
  return "https://api.individual.githubcopilot.com";
}

export const anthropicOAuthProvider = {
  id: "anthropic",
  name: "Anthropic (Claude Pro/Max)",
  usesCallbackServer: true,
  async login(callbacks: any) {
    return loginAnthropic(callbacks);
  },
  async refreshToken(credentials: any) {
    return refreshAnthropicToken(credentials.refresh);
  },
  getApiKey(credentials: any) {
    return credentials.access;
  },
};
export const githubCopilotOAuthProvider = {
  id: "github-copilot",
  name: "GitHub Copilot",
  async login(callbacks: any) {
    return loginGitHubCopilot(callbacks);
  },
  async refreshToken(credentials: any) {
    return refreshGitHubCopilotToken(credentials.refresh, credentials.enterpriseUrl);
  },
  getApiKey(credentials: any) {
    return credentials.access;
  },
  modifyModels(models: any[], credentials: any) {
    const domain = credentials.enterpriseUrl ? (normalizeDomain(credentials.enterpriseUrl) ?? undefined) : undefined;
    const baseUrl = getGitHubCopilotBaseUrl(credentials.access, domain);
    return models.map((m) => (m.provider === "github-copilot" ? { ...m, baseUrl } : m));
  },
};
export const openaiCodexOAuthProvider = {
  id: "openai-codex",
  name: "ChatGPT Plus/Pro (Codex Subscription)",
  usesCallbackServer: true,
  async login(callbacks: any) {
    return loginOpenAICodex(callbacks);
  },
  async refreshToken(credentials: any) {
    return refreshOpenAICodexToken(credentials.refresh);
  },
  getApiKey(credentials: any) {
    return credentials.access;
  },
};

const BUILT_IN: any[] = [anthropicOAuthProvider, githubCopilotOAuthProvider, openaiCodexOAuthProvider];
const registry = new Map<string, any>(BUILT_IN.map((p) => [p.id, p]));

export function getOAuthProvider(id: string): any {
  return registry.get(id);
}
export function registerOAuthProvider(provider: any): void {
  registry.set(provider.id, provider);
}
/** Removes a custom provider, or restores a built-in one. */
export function unregisterOAuthProvider(id: string): void {
  const builtIn = BUILT_IN.find((p) => p.id === id);
  if (builtIn) {
    registry.set(id, builtIn);
    return;
  }
  registry.delete(id);
}
export function resetOAuthProviders(): void {
  registry.clear();
  for (const p of BUILT_IN) registry.set(p.id, p);
}
export function getOAuthProviders(): any[] {
  return Array.from(registry.values());
}
/** @deprecated Use getOAuthProviders(). */
export function getOAuthProviderInfoList(): { id: string; name: string; available: boolean }[] {
  return getOAuthProviders().map((p) => ({ id: p.id, name: p.name, available: true }));
}
/** @deprecated Use getOAuthProvider(id).refreshToken(). */
export async function refreshOAuthToken(providerId: string, credentials: any): Promise<any> {
  const provider = getOAuthProvider(providerId);
  if (!provider) throw new Error(`Unknown OAuth provider: ${providerId}`);
  return provider.refreshToken(credentials);
}
/** API key from stored credentials, refreshing expired tokens; null without credentials. */
export async function getOAuthApiKey(providerId: string, credentials: Record<string, any>): Promise<any> {
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
