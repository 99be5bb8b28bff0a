function wrapRegisteredTool(registeredTool, runner) {
  return require("pigo:tools-util").wrapToolDefinition(registeredTool.definition, () => runner.createContext());
}
function wrapRegisteredTools(registeredTools, runner) {
  return require("pigo:tools-util").wrapToolDefinitions(
    registeredTools.map((t) => t.definition),
    () => runner.createContext()
  );
}
function notSupported(name) {
  return new Error(`not supported yet: pi-coding-agent ${name}`);
}
function unsupportedFunction(name) {
  const f = function(..._args) {
    throw notSupported(name);
  };
  Object.defineProperty(f, "name", { value: name });
  Object.defineProperty(f, "__pigoUnsupported", { value: true });
  return f;
}
function unsupportedClass(name, statics = []) {
  const C = class {
    constructor(..._args) {
      throw notSupported(name);
    }
  };
  Object.defineProperty(C, "name", { value: name });
  Object.defineProperty(C, "__pigoUnsupported", { value: true });
  for (const s of statics) C[s] = unsupportedFunction(`${name}.${s}`);
  return C;
}
const unsupportedClasses = {
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
  SettingsManager: ["create", "fromStorage", "inMemory"]
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
  "copyToClipboard"
];
function make(name) {
  if (name === "wrapRegisteredTool") return wrapRegisteredTool;
  if (name === "wrapRegisteredTools") return wrapRegisteredTools;
  if (Object.prototype.hasOwnProperty.call(unsupportedClasses, name)) return unsupportedClass(name, unsupportedClasses[name]);
  return unsupportedFunction(name);
}
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
        "withFileMutationQueue"
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
        "truncateToVisualLines"
      ],
      "pigo:tools-diff": [
        "renderDiff"
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
        "Theme"
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
        "UserMessageSelectorComponent"
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
        "shouldCompact"
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
        "stripFrontmatter"
      ]
    },
    computed: ["wrapRegisteredTool", "wrapRegisteredTools", ...Object.keys(unsupportedClasses), ...unsupportedFunctions]
  }),
  make
);
