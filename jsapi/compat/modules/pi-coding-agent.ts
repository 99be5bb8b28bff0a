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
// Every export is loaded on first read (one namespace, pigo:namespace,
// like pi-tui.ts), so `import { createBashTool }` does not load the
// compaction helpers or pi-ai.
//
// What needs pi's agent, session, settings, auth or interactive layers
// (AgentSession, SessionManager, createAgentSession, runPrintMode, the
// interactive components, ...) exists so imports resolve, and throws
// "not supported yet: pi-coding-agent <name>" when called or constructed.

/** wrapRegisteredTool wraps a RegisteredTool's definition with the runner's context. */
function wrapRegisteredTool(registeredTool: any, runner: any): any {
  return require("pigo:tools-util").wrapToolDefinition(registeredTool.definition, () => runner.createContext());
}

function wrapRegisteredTools(registeredTools: any[], runner: any): any[] {
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

const unsupportedClasses: Record<string, string[]> = {
  AgentSession: [],
  AgentSessionRuntime: [],
  AuthStorage: ["create", "inMemory", "fromStorage"],
  FileAuthStorageBackend: [],
  InMemoryAuthStorageBackend: [],
  DefaultPackageManager: [],
  DefaultResourceLoader: [],
  ExtensionRunner: [],
  InteractiveMode: [],
  ModelRegistry: ["create", "inMemory"],
  RpcClient: [],
  SessionManager: ["create", "open", "continueRecent", "inMemory", "forkFrom", "list", "listAll"],
  SettingsManager: ["create", "fromStorage", "inMemory"],
};
const unsupportedFunctions = [
  "createAgentSession",
  "createAgentSessionFromServices",
  "createAgentSessionRuntime",
  "createAgentSessionServices",
  "createExtensionRuntime",
  "discoverAndLoadExtensions",
  "main",
  "runPrintMode",
  "runRpcMode",
  "copyToClipboard",
];

// make builds the names this module defines itself, on first read.
function make(name: string): any {
  if (name === "wrapRegisteredTool") return wrapRegisteredTool;
  if (name === "wrapRegisteredTools") return wrapRegisteredTools;
  if (Object.prototype.hasOwnProperty.call(unsupportedClasses, name)) return unsupportedClass(name, unsupportedClasses[name]);
  return unsupportedFunction(name);
}

// One namespace (pigo:namespace): a name's module is loaded on first read.
module.exports = require("pigo:namespace").lazy(
  "pi-coding-agent.ts",
  () => ({
    from: {
      "pigo:tools-util": [
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
      "pigo:tools": [
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
      "pigo:tools-diff": [
        "renderDiff",
      ],
      "pigo:agent-theme": [
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
      "pigo:agent-ui": [
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
      "pigo:agent-compaction": [
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
      "pigo:agent-misc": [
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
    },
    computed: ["wrapRegisteredTool", "wrapRegisteredTools", ...Object.keys(unsupportedClasses), ...unsupportedFunctions],
  }),
  make,
);
