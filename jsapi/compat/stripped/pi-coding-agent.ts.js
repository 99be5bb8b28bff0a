Object.defineProperty(exports, "__esModule", { value: true });
function lazy(names, load) {
  for (const name of names) {
    Object.defineProperty(exports, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load()[name];
        Object.defineProperty(exports, name, { enumerable: true, configurable: true, writable: false, value });
        return value;
      }
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
    "withFileMutationQueue"
  ],
  () => require("pigo:tools-util")
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
    "truncateToVisualLines"
  ],
  () => require("pigo:tools")
);
lazy(
  [
    "renderDiff"
  ],
  () => require("pigo:tools-diff")
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
    "Theme"
  ],
  () => require("pigo:agent-theme")
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
    "UserMessageSelectorComponent"
  ],
  () => require("pigo:agent-ui")
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
    "shouldCompact"
  ],
  () => require("pigo:agent-compaction")
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
    "stripFrontmatter"
  ],
  () => require("pigo:agent-misc")
);
exports.wrapRegisteredTool = function wrapRegisteredTool(registeredTool, runner) {
  return require("pigo:tools-util").wrapToolDefinition(registeredTool.definition, () => runner.createContext());
};
exports.wrapRegisteredTools = function wrapRegisteredTools(registeredTools, runner) {
  return require("pigo:tools-util").wrapToolDefinitions(
    registeredTools.map((t) => t.definition),
    () => runner.createContext()
  );
};
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
