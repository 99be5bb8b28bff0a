// @mariozechner/pi-coding-agent (and @earendil-works/pi-coding-agent) for
// pigo plugins: every runtime export of pi-coding-agent 0.73.1's
// dist/index.js, name for name, backed by ports in internal modules:
//
//   pigo:tools-util        truncation, paths, withFileMutationQueue, getAgentDir, shell config
//   pigo:tools             the built-in tools (read, bash, edit, write, ls) and their sets
//   pigo:tools-search      grep and find (rg / fd, or pigo:core's Go walk without them)
//   pigo:tools-diff        edit matching, diffs, renderDiff
//   pigo:agent-theme       Theme, the global theme, markdown/select/settings themes, key hints
//   pigo:agent-ui          CustomEditor, BorderedLoader, DynamicBorder
//   pigo:agent-compaction  convertToLlm, serializeConversation, compaction, session context
//   pigo:agent-misc        frontmatter (pigo:frontmatter, Go), skills, event bus, type guards
//
// Every export is a getter that loads its module on first access (like
// pi-tui.ts), so `import { createBashTool }` does not load the compaction
// helpers or pi-ai.
//
// What needs pi's agent, session, settings, auth or interactive layers
// (AgentSession, SessionManager, createAgentSession, runPrintMode, the
// interactive components, ...) exists so imports resolve, and throws
// "not supported yet: pi-coding-agent <name>" when called or constructed.

type Loader = () => any;

// An ES module to bundlers' interop: `import * as x` gets no `default`.
Object.defineProperty(exports, "__esModule", { value: true });

function lazy(names: string[], load: Loader): void {
  for (const name of names) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load()[name];
        Object.defineProperty(exports, name, { enumerable: true, configurable: true, writable: false, value });
        return value;
      },
    });
  }
}

lazy(
  [
    "DEFAULT_MAX_BYTES",
    "DEFAULT_MAX_LINES",
    "formatSize",
    "getAgentDir",
    "getShellConfig",
    "truncateHead",
    "truncateLine",
    "truncateTail",
    "VERSION",
    "withFileMutationQueue",
  ],
  () => require("pigo:tools-util"),
);
lazy(
  [
    "createBashTool",
    "createBashToolDefinition",
    "createCodingTools",
    "createEditTool",
    "createEditToolDefinition",
    "createFindTool",
    "createFindToolDefinition",
    "createGrepTool",
    "createGrepToolDefinition",
    "createLocalBashOperations",
    "createLsTool",
    "createLsToolDefinition",
    "createReadOnlyTools",
    "createReadTool",
    "createReadToolDefinition",
    "createWriteTool",
    "createWriteToolDefinition",
    "truncateToVisualLines",
  ],
  () => require("pigo:tools"),
);
lazy(
  [
    "renderDiff",
  ],
  () => require("pigo:tools-diff"),
);
lazy(
  [
    "getLanguageFromPath",
    "getMarkdownTheme",
    "getSelectListTheme",
    "getSettingsListTheme",
    "highlightCode",
    "initTheme",
    "keyHint",
    "keyText",
    "rawKeyHint",
    "Theme",
  ],
  () => require("pigo:agent-theme"),
);
lazy(
  [
    "ArminComponent",
    "AssistantMessageComponent",
    "BashExecutionComponent",
    "BorderedLoader",
    "BranchSummaryMessageComponent",
    "CompactionSummaryMessageComponent",
    "CustomEditor",
    "CustomMessageComponent",
    "DynamicBorder",
    "ExtensionEditorComponent",
    "ExtensionInputComponent",
    "ExtensionSelectorComponent",
    "FooterComponent",
    "LoginDialogComponent",
    "ModelSelectorComponent",
    "OAuthSelectorComponent",
    "SessionSelectorComponent",
    "SettingsSelectorComponent",
    "ShowImagesSelectorComponent",
    "SkillInvocationMessageComponent",
    "ThemeSelectorComponent",
    "ThinkingSelectorComponent",
    "ToolExecutionComponent",
    "TreeSelectorComponent",
    "UserMessageComponent",
    "UserMessageSelectorComponent",
  ],
  () => require("pigo:agent-ui"),
);
lazy(
  [
    "buildSessionContext",
    "calculateContextTokens",
    "collectEntriesForBranchSummary",
    "compact",
    "convertToLlm",
    "CURRENT_SESSION_VERSION",
    "DEFAULT_COMPACTION_SETTINGS",
    "estimateTokens",
    "findCutPoint",
    "findTurnStartIndex",
    "generateBranchSummary",
    "generateSummary",
    "getLastAssistantUsage",
    "getLatestCompactionEntry",
    "migrateSessionEntries",
    "parseSessionEntries",
    "prepareBranchEntries",
    "serializeConversation",
    "shouldCompact",
  ],
  () => require("pigo:agent-compaction"),
);
lazy(
  [
    "createEventBus",
    "createSyntheticSourceInfo",
    "defineTool",
    "formatSkillsForPrompt",
    "isBashToolResult",
    "isEditToolResult",
    "isFindToolResult",
    "isGrepToolResult",
    "isLsToolResult",
    "isReadToolResult",
    "isToolCallEventType",
    "isWriteToolResult",
    "loadProjectContextFiles",
    "loadSkills",
    "loadSkillsFromDir",
    "parseFrontmatter",
    "parseSkillBlock",
    "stripFrontmatter",
  ],
  () => require("pigo:agent-misc"),
);

/** wrapRegisteredTool wraps a RegisteredTool's definition with the runner's context. */
exports.wrapRegisteredTool = function wrapRegisteredTool(registeredTool: any, runner: any): any {
  return require("pigo:tools-util").wrapToolDefinition(registeredTool.definition, () => runner.createContext());
}

exports.wrapRegisteredTools = function wrapRegisteredTools(registeredTools: any[], runner: any): any[] {
  return require("pigo:tools-util").wrapToolDefinitions(
    registeredTools.map((t) => t.definition),
    () => runner.createContext(),
  );
}

// ---------------------------------------------------------------------------
// not supported yet: each throws when used, never at import

function notSupported(name: string): Error {
  return new Error(`not supported yet: pi-coding-agent ${name}`);
}

function unsupportedFunction(name: string): any {
  const f = function (..._args: any[]): any {
    throw notSupported(name);
  };
  Object.defineProperty(f, "name", { value: name });
  // Marked so the export tests count it as not supported.
  Object.defineProperty(f, "__pigoUnsupported", { value: true });
  return f;
}

function unsupportedClass(name: string, statics: string[] = []): any {
  const C = class {
    constructor(..._args: any[]) {
      throw notSupported(name);
    }
  };
  Object.defineProperty(C, "name", { value: name });
  Object.defineProperty(C, "__pigoUnsupported", { value: true });
  for (const s of statics) (C as any)[s] = unsupportedFunction(`${name}.${s}`);
  return C;
}

exports.AgentSession = unsupportedClass("AgentSession");
exports.AgentSessionRuntime = unsupportedClass("AgentSessionRuntime");
exports.AuthStorage = unsupportedClass("AuthStorage", ["create", "inMemory", "fromStorage"]);
exports.FileAuthStorageBackend = unsupportedClass("FileAuthStorageBackend");
exports.InMemoryAuthStorageBackend = unsupportedClass("InMemoryAuthStorageBackend");
exports.DefaultPackageManager = unsupportedClass("DefaultPackageManager");
exports.DefaultResourceLoader = unsupportedClass("DefaultResourceLoader");
exports.ExtensionRunner = unsupportedClass("ExtensionRunner");
exports.InteractiveMode = unsupportedClass("InteractiveMode");
exports.ModelRegistry = unsupportedClass("ModelRegistry", ["create", "inMemory"]);
exports.RpcClient = unsupportedClass("RpcClient");
exports.SessionManager = unsupportedClass("SessionManager", ["create", "open", "continueRecent", "inMemory", "forkFrom", "list", "listAll"]);
exports.SettingsManager = unsupportedClass("SettingsManager", ["create", "fromStorage", "inMemory"]);

exports.createAgentSession = unsupportedFunction("createAgentSession");
exports.createAgentSessionFromServices = unsupportedFunction("createAgentSessionFromServices");
exports.createAgentSessionRuntime = unsupportedFunction("createAgentSessionRuntime");
exports.createAgentSessionServices = unsupportedFunction("createAgentSessionServices");
exports.createExtensionRuntime = unsupportedFunction("createExtensionRuntime");
exports.discoverAndLoadExtensions = unsupportedFunction("discoverAndLoadExtensions");
exports.main = unsupportedFunction("main");
exports.runPrintMode = unsupportedFunction("runPrintMode");
exports.runRpcMode = unsupportedFunction("runRpcMode");
exports.copyToClipboard = unsupportedFunction("copyToClipboard");
