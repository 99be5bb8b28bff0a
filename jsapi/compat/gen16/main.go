// Command gen16 regenerates the vendored parts of pi 1.6's packages that
// pigo serves unchanged (pure functions with no Node or network
// dependency): it bundles the named exports of the real
// @earendil-works/* 1.6.0 dist files into CommonJS modules under
// jsapi/compat/modules. Run from the repository root:
//
//	go run ./jsapi/compat/gen16
//
// Vendoring the real code rather than porting it by hand keeps the
// behaviour identical to pi 1.6; the generated files are checked in so a
// build needs no node_modules.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// vendored maps an output module to the dist files (relative to
// node_modules/@earendil-works) and the names taken from each.
var vendored = map[string]map[string][]string{
	// the small, hot part of pi-ai 1.6 (ids, message text, transcripts),
	// apart so that using it does not load the rest
	"_ai16.js": {
		"pi-ai/dist/utils/uuid.js": {"uuidv7"},
		"pi-ai/dist/utils/text.js": {"contentText", "getSystemMessageText", "renderSystemMessageUpdate"},
		"pi-ai/dist/utils/transcript.js": {"collapseSystemMessages", "createInitialSystemMessage", "declarationsEqual",
			"getCurrentSystemMessage", "getCurrentSystemPrompt", "getCurrentTools", "getDeclaredTools", "getInitialSystemMessage",
			"getToolStateChanges", "hasNonAdditiveToolChanges", "hasToolRedefinitions", "normalizeContext", "resolveTranscript",
			"resolveTranscriptTools", "toToolDeclaration", "withoutInitialSystemMessage"},
	},
	"_ai16x.js": {
		"pi-ai/dist/utils/retry.js":            {"DEFAULT_MAX_AGENT_RETRY_DELAY_MS", "isRetryableAssistantError", "retryAssistantCall", "retryDelayMs"},
		"pi-ai/dist/utils/identity.js":         {"PI_ATTRIBUTION", "formatUserAgent", "getAttributionHeaders", "getClientVersion", "getIdentityHeaders", "getOpenCodeSessionHeaders", "mergeClientIdentity", "withClientIdentity"},
		"pi-ai/dist/utils/version.js":          {"PI_AI_VERSION"},
		"pi-ai/dist/utils/streaming-json.js":   {"StreamingJsonParser", "ToolCallArgumentsStream"},
		"pi-ai/dist/utils/json-parse.js":       {"parseToolCallArguments"},
		"pi-ai/dist/utils/overflow.js":         {"isRecoverableLength"},
		"pi-ai/dist/utils/model-operations.js": {"getModelType", "isModelType"},
		"pi-ai/dist/auth/credential-store.js":  {"InMemoryCredentialStore"},
		"pi-ai/dist/models-store.js":           {"InMemoryModelsStore"},
		"pi-ai/dist/utils/models-error.js":     {"ModelsError"},
		"pi-ai/dist/api/lazy.js":               {"lazyApi", "lazyStream"},
		"pi-ai/dist/models.js":                 {"hasApi"},
		"pi-ai/dist/telemetry.js":              {"AI_TELEMETRY_SCHEMA"},
		"pi-ai/dist/cache-warming.js": {"CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY", "CACHE_WARMING_MAX_AGE_MS", "CACHE_WARMING_MAX_IDLE_AGE_MS",
			"CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS", "evaluateCacheWarming", "getCacheWarmingDelayMs", "getCacheWarmingRequestOptions",
			"getPromptCacheTtlMs", "isCacheWarmingReplayable"},
	},
	// pi-ai 1.6's classifier APIs (plain fetch code) and the checks and
	// error result of its classify, apart so that they load on the first
	// ctx.modelRegistry.classify call.
	"_classify16.js": {
		"pi-ai/dist/api/typesafe-system-one.js":              {"classify as typesafeSystemOne"},
		"pi-ai/dist/api/cloudflare-workers-ai-system-one.js": {"classify as cloudflareWorkersAISystemOne"},
		"pi-ai/dist/api/openai-decisions.js":                 {"classify as openAIDecisions"},
		"pi-ai/dist/api/llama-cpp-classify.js":               {"classify as llamaCppClassify"},
		"pi-ai/dist/providers/cloudflare-stream.js":          {"resolveCloudflareModel"},
		"pi-ai/dist/utils/model-operations.js":               {"assertClassifierInputSupported", "assertClassifierModel", "classifierErrorResult"},
		"pi-ai/dist/utils/models-error.js":                   {"ModelsError"},
	},
	// pi-ai 1.6's image generation API (images.js and its registry, the
	// built-in OpenRouter provider, the image model checks and error
	// result): small, so that pi-ai's image names and the registry's
	// checks do not load the OpenAI SDK. The OpenRouter implementation it
	// imports lazily is pigo:images16.
	"_imagesapi16.js": {
		"pi-ai/dist/images.js":                             {"generateImages"},
		"pi-ai/dist/images-api-registry.js":                {"getImagesApiProvider", "registerImagesApiProvider"},
		"pi-ai/dist/providers/images/register-builtins.js": {"generateImagesOpenRouter", "registerBuiltInImagesApiProviders"},
		"pi-ai/dist/utils/model-operations.js":             {"assertImageModel", "imageErrorResult"},
		"pi-ai/dist/utils/models-error.js":                 {"ModelsError"},
	},
	// pi-ai 1.6's OpenRouter image generation (api/openrouter-images.js)
	// with the part of the OpenAI SDK it uses (openaiTrim), loaded on the
	// first generateImages call.
	"_images16.js": {
		"pi-ai/dist/api/openrouter-images.js": {"generateImages"},
	},
	"_tui16.js": {
		"pi-tui/dist/colors.js": {"backgroundAnsi", "colorToHex", "colorToOkhsl", "colorToOklch", "colorToRgb", "foregroundAnsi",
			"indexedColor", "mixColors", "okhslColor", "oklchColor", "parseColor", "rgbColor", "styleText", "styleTextWithAnsi"},
		"pi-tui/dist/oklab.js":           {"oklabToOkhslLightness"},
		"pi-tui/dist/terminal-colors.js": {"parseTerminalColorSchemeReport"},
	},
	"_mcp16.js": {
		"pi-mcp/dist/config.js":                     {"isMcpServerOverride", "validateMcpServerConfig"},
		"pi-mcp/dist/input-schema.js":               {"normalizeMcpInputSchema"},
		"pi-mcp/dist/naming.js":                     {"createMcpToolName", "mcpNamespace", "mcpServerSummary"},
		"pi-mcp/dist/output-limit.js":               {"limitMcpContent", "MCP_OUTPUT_MAX_BYTES"},
		"pi-mcp/dist/protocol/content.js":           {"toLlmContent"},
		"pi-mcp/dist/protocol/jsonrpc.js":           {"isJsonRpcNotification", "isJsonRpcRequest", "isJsonRpcResponse", "JSON_RPC_ERROR_CODES", "McpAbortError", "McpConnectionClosedError", "McpError", "McpTimeoutError", "parseJsonRpcMessage"},
		"pi-mcp/dist/protocol/types.js":             {"LATEST_PROTOCOL_VERSION", "SUPPORTED_PROTOCOL_VERSIONS"},
		"pi-mcp/dist/transports/streamable-http.js": {"McpAuthRequiredError", "McpHttpError", "McpSessionExpiredError"},
	},
	"_codemode16.js": {
		"pi-codemode/dist/identifier.js":             {"toCodemodeIdentifier"},
		"pi-codemode/dist/source.js":                 {"CODEMODE_OPTIONS_PREFIX", "CODEMODE_SOURCE_GRAMMAR", "CodemodeSourceError", "parseCodemodeSource"},
		"pi-codemode/dist/declarations.js":           {"DEFAULT_INPUT_SCHEMA_MAX_CHARS", "renderDeclarations", "renderToolOutputType", "renderToolSample", "renderToolSignature", "resolveSchemaRef", "schemaToType"},
		"pi-codemode/dist/runtime/prelude-source.js": {"MAX_OUTPUT_CHARS", "MAX_OUTPUT_ITEMS", "MAX_STORE_TOTAL_CHARS", "MAX_STORE_VALUE_CHARS", "PRELUDE_SOURCE"},
	},
	// pi 1.6's built-in codemode and tool-search extensions
	// (builtin:codemode, builtin:tool-search): the tools, codemode's
	// description and result formatting; the sandbox it constructs is
	// pi-codemode's CodemodeSandbox, which pigo serves on goja (see
	// extensionStubs).
	"_codemodeext16.js": {
		"pi-coding-agent/dist/extensions/codemode/index.js":   {"createCodemodeExtension"},
		"pi-coding-agent/dist/extensions/codemode/tool.js":    {"CODEMODE_STORE_ENTRY_TYPE", "CODEMODE_TOOL_NAME", "createCodemodeDescription", "createCodemodeToolDefinition"},
		"pi-coding-agent/dist/extensions/codemode/execute.js": {"readCodemodeStore"},
		// pi 1.6's built-in tool-search extension (builtin:tool-search): the
		// tool_search tool and the BM25 ranker codemode's searchTools()
		// shares, so both rank exactly as pi does.
		"pi-coding-agent/dist/extensions/tool-search/index.js": {"createToolSearchExtension"},
		"pi-coding-agent/dist/extensions/tool-search/tool.js": {"Bm25Ranker", "DEFAULT_TOOL_SEARCH_LIMIT", "TOOL_SEARCH_DESCRIPTION",
			"TOOL_SEARCH_TOOL_NAME", "createToolSearchDocument", "createToolSearchToolDefinition", "tokenize"},
	},
	"_schema16.js": {
		"pi-schema/dist/index.js": {"CoercingValidator", "Optional", "Validator", "arr", "bigint", "bool", "bytes", "compile", "equal",
			"int", "lit", "map", "nul", "nullable", "num", "obj", "oneOf", "opt", "recursive", "str", "tuple", "union", "unknown", "unsafe"},
	},
}

// extensionStubs keeps pi's modules pigo serves itself external (the
// extension then gets pigo's CodemodeSandbox, typebox and pi-tui) and
// replaces the files a vendored extension imports that read pi's install
// (config.js) or draw its TUI rows.
var extensionStubs = api.Plugin{Name: "extension-stubs", Setup: func(b api.PluginBuild) {
	b.OnResolve(api.OnResolveOptions{Filter: `^(@earendil-works/pi-codemode|typebox|@earendil-works/pi-tui)(/|$)`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		p := a.Path
		if strings.HasPrefix(p, "@earendil-works/pi-codemode/") {
			p = "@earendil-works/pi-codemode" // pigo serves every name on the package itself
		}
		return api.OnResolveResult{Path: p, External: true}, nil
	})
	stubs := map[string]string{
		// pigo ships no copy of pi's docs: scripts' `models` hint names them online.
		"config.js": `export function getDocsPath() { return "https://github.com/earendil-works/pi/tree/v1.6.0/packages/coding-agent/docs"; }
export function getQuickJSWasmPath() { return ""; }
export function getCodemodeWorkerSpecifier() { return ""; }`,
		"renderer.js": `export const codemodeRenderers = {};`,
		// settings-defaults.js reads one constant of pi-ai's retry.js, whose
		// provider error regexps take goja over a second to build.
		"retry": `export const DEFAULT_MAX_AGENT_RETRY_DELAY_MS = 60000;`,
	}
	b.OnResolve(api.OnResolveOptions{Filter: `^@earendil-works/pi-ai/utils/retry$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		return api.OnResolveResult{Path: "retry", Namespace: "stub"}, nil
	})
	b.OnResolve(api.OnResolveOptions{Filter: `^\.\.?/.*(config|renderer)\.js$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		name := filepath.Base(a.Path)
		if _, ok := stubs[name]; !ok || !strings.Contains(a.Importer, "extensions/codemode") && name == "renderer.js" {
			return api.OnResolveResult{}, nil
		}
		if name == "config.js" && !strings.HasSuffix(filepath.Clean(filepath.Join(filepath.Dir(a.Importer), a.Path)), "dist/config.js") {
			return api.OnResolveResult{}, nil
		}
		return api.OnResolveResult{Path: name, Namespace: "stub"}, nil
	})
	b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "stub"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		code := stubs[a.Path]
		return api.OnLoadResult{Contents: &code, Loader: api.LoaderJS}, nil
	})
}}

// plugins are the extra esbuild plugins of an output module.
var plugins = map[string][]api.Plugin{
	"_imagesapi16.js": {imagesLazy},
	"_images16.js":    {openaiTrim},
}

// imagesLazy makes register-builtins.js's dynamic import of
// openrouter-images.js load pigo:images16, the module that holds it and
// the OpenAI SDK, on the first call.
var imagesLazy = api.Plugin{Name: "images-lazy", Setup: func(b api.PluginBuild) {
	b.OnResolve(api.OnResolveOptions{Filter: `/openrouter-images\.js$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		return api.OnResolveResult{Path: "pigo:images16", External: true}, nil
	})
}}

// openaiTrim keeps of the OpenAI SDK what openrouter-images.js uses: the
// client (request building, retries, errors, response parsing) and
// chat.completions.create. The client constructs every API resource, so
// the others are an empty resource class each, and chat completions'
// streaming, tool-running and structured-output helpers (its stream, runTools
// and parse methods, which pi's image code never calls) are stubs that
// throw.
var openaiTrim = api.Plugin{Name: "openai-trim", Setup: func(b api.PluginBuild) {
	const resources = "Admin Audio Batches Beta Completions Containers ContentProvenanceChecks Conversations Decisions Embeddings Evals Files " +
		"FineTuning Graders Images Live Models Moderations Realtime Responses Safety Skills Uploads VectorStores Videos Webhooks"
	// The package's index also exports the Azure and Bedrock clients:
	// take the client itself.
	b.OnResolve(api.OnResolveOptions{Filter: `^openai$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if a.PluginData != nil {
			return api.OnResolveResult{}, nil
		}
		r := b.Resolve("openai", api.ResolveOptions{Kind: a.Kind, ResolveDir: a.ResolveDir, Importer: a.Importer, PluginData: true})
		if len(r.Errors) > 0 {
			return api.OnResolveResult{}, fmt.Errorf("resolve openai: %s", r.Errors[0].Text)
		}
		return api.OnResolveResult{Path: "openai", Namespace: "openai-trim", PluginData: filepath.Dir(r.Path)}, nil
	})
	b.OnResolve(api.OnResolveOptions{Filter: `^\./resources/`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if !strings.HasSuffix(filepath.ToSlash(a.Importer), "/openai/client.mjs") || a.Path == "./resources/chat/chat.mjs" {
			return api.OnResolveResult{}, nil
		}
		return api.OnResolveResult{Path: "resources", Namespace: "openai-trim", PluginData: filepath.Join(filepath.Dir(a.Importer), "resources")}, nil
	})
	b.OnResolve(api.OnResolveOptions{Filter: `/lib/(ChatCompletionRunner|ChatCompletionStreamingRunner|ChatCompletionStream|parser)\.mjs$`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
		if !strings.Contains(filepath.ToSlash(a.Importer), "/openai/resources/chat/completions/") {
			return api.OnResolveResult{}, nil
		}
		return api.OnResolveResult{Path: "lib", Namespace: "openai-trim"}, nil
	})
	b.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "openai-trim"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
		var code string
		dir, _ := a.PluginData.(string)
		switch a.Path {
		case "openai":
			code = "export { OpenAI as default } from \"./client.mjs\";\n"
		case "resources":
			code = "class Resource { constructor(client) { this._client = client; } }\n"
			for _, name := range strings.Fields(resources) {
				code += "export { Resource as " + name + " };\n"
			}
			code += "export { Chat } from \"./chat/chat.mjs\";\n"
		default:
			code = "const unsupported = () => { throw new Error(\"pigo: not part of the OpenAI SDK subset pi's image generation uses\"); };\n" +
				"export const ChatCompletionRunner = { runTools: unsupported };\n" +
				"export const ChatCompletionStreamingRunner = { runTools: unsupported };\n" +
				"export const ChatCompletionStream = { createChatCompletion: unsupported };\n" +
				"export const parseChatCompletion = unsupported;\nexport const validateInputTools = unsupported;\n"
		}
		return api.OnLoadResult{Contents: &code, Loader: api.LoaderJS, ResolveDir: dir}, nil
	})
}}

// propertyEscapeLiteral is a regexp literal with a Unicode property
// escape (\p{...}), which goja reads as "p": the generated modules build
// such patterns with new RegExp, whose pigo version expands the escapes
// (the bundler does the same for extensions).
var propertyEscapeLiteral = regexp.MustCompile(`/((?:[^/\\\n\[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)/([dgimsy]*[uv][dgimsuyv]*)`)

func lowerPropertyEscapes(code string) string {
	return propertyEscapeLiteral.ReplaceAllStringFunc(code, func(lit string) string {
		m := propertyEscapeLiteral.FindStringSubmatch(lit)
		if !strings.Contains(m[1], `\p{`) && !strings.Contains(m[1], `\P{`) {
			return lit
		}
		return fmt.Sprintf("new RegExp(%s, %q)", strconv.Quote(m[1]), m[2])
	})
}

var lazyImport = regexp.MustCompile(`\bimport\("(pigo:[\w-]+)"\)`)

var pathComment = regexp.MustCompile(`(?:\.\./)+[^"\n]*?node_modules/`)

// shims stand in for what goja lacks: WeakRef holds its value strongly
// and FinalizationRegistry never runs (pi-schema's regex cache then keeps
// its entries, which costs memory, not correctness).
const shims = "var WeakRef = globalThis.WeakRef || class { constructor(v) { this.v = v; } deref() { return this.v; } };\n" +
	"var FinalizationRegistry = globalThis.FinalizationRegistry || class { register() {} unregister() {} };\n"

func main() {
	root, _ := filepath.Abs(filepath.Join("node_modules", "@earendil-works"))
	outs := make([]string, 0, len(vendored))
	for o := range vendored {
		outs = append(outs, o)
	}
	sort.Strings(outs)
	for _, out := range outs {
		files := vendored[out]
		var entry strings.Builder
		keys := make([]string, 0, len(files))
		for f := range files {
			keys = append(keys, f)
		}
		sort.Strings(keys)
		for _, f := range keys {
			fmt.Fprintf(&entry, "export { %s } from %q;\n", strings.Join(files[f], ", "), filepath.Join(root, f))
		}
		r := api.Build(api.BuildOptions{
			Stdin:         &api.StdinOptions{Contents: entry.String(), ResolveDir: root, Loader: api.LoaderJS},
			Bundle:        true,
			Format:        api.FormatCommonJS,
			Platform:      api.PlatformNeutral,
			Target:        api.ES2020,
			Write:         false,
			LegalComments: api.LegalCommentsInline,
			MainFields:    []string{"module", "main"},
			// pigo serves node:* itself.
			Plugins: append([]api.Plugin{{Name: "node-external", Setup: func(b api.PluginBuild) {
				b.OnResolve(api.OnResolveOptions{Filter: `^node:`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
					return api.OnResolveResult{Path: a.Path, External: true}, nil
				})
			}}, extensionStubs}, plugins[out]...),
		})
		if len(r.Errors) > 0 {
			for _, e := range r.Errors {
				fmt.Fprintln(os.Stderr, out+":", e.Text)
			}
			os.Exit(1)
		}
		code := lowerPropertyEscapes(string(r.OutputFiles[0].Contents))
		// A lazily loaded pigo module: goja's CommonJS has no import().
		code = lazyImport.ReplaceAllString(code, `Promise.resolve().then(() => require("$1"))`)
		// Path comments name the package file, not this machine's layout.
		code = pathComment.ReplaceAllString(code, "")
		head := "// Code generated by go run ./jsapi/compat/gen16 from @earendil-works/* 1.6.0 (MIT); DO NOT EDIT.\n" +
			"// Pure functions of pi 1.6 served unchanged; see gen16/main.go.\n" + shims
		if err := os.WriteFile(filepath.Join("jsapi", "compat", "modules", out), []byte(head+code), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(out, len(code))
	}
}
