// @earendil-works/pi-coding-agent at pi 1.6.0: every export of pigo's
// 0.73.1 module (modules/pi-coding-agent.ts, the same values) plus pi
// 1.6's new names. Where 1.6 changed a function's behaviour the 1.6
// version is served here (buildSessionContext applies context_edit
// entries and compaction system messages); @mariozechner keeps 0.73.1's.
//
// AuthStorage and its backends left pi's exports in 1.6; they stay (as
// before, throwing "not supported yet") so older extensions still load.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

module.exports = require("pigo:namespace").lazy(
  "pi16-coding-agent.ts",
  () => ({
    from: {
      "pigo:agent16": [
        "CONFIG_DIR_NAME",
        "VIRTUAL_MODEL_STATE_ENTRY",
        "buildContextEntries",
        "buildSessionContext",
        "buildSessionProjection",
        "formatDimensionNote",
        "resizeImage",
        "convertToPng",
        "formatReadLineRange",
        "isPowerShellToolResult",
        "sessionEntryToContextMessages",
      ],
      "pigo:tools-diff": ["generateDiffString"],
      "pigo:tools": ["detectSupportedImageMimeTypeFromFile"],
      "pigo:agent-compaction": ["generateSummaryWithUsage"],
      // pi's codemode and tool-search extensions, vendored (gen16);
      // builtin:codemode and builtin:tool-search are them.
      "pigo:codemodeext16": ["createCodemodeExtension", "createToolSearchExtension"],
    },
    // The release this surface is: extensions print it (custom-header).
    computed: ["VERSION"],
    base: "@mariozechner/pi-coding-agent",
    fallback: [
      // pi's model runtime, credentials and project trust store.
      "CredentialSynchronizationError",
      "ModelRuntime",
      "ProjectTrustStore",
      "readStoredCredential",
      "hasTrustRequiringProjectResources",
      "resolveCliModel",
      "resolveModelScopeWithDiagnostics",
      "parseArgs",
      // pi's bundled extensions (pigo loads extensions itself).
      "createMcpExtension",
      // The PowerShell tool (pigo's shell tool is bash).
      "createLocalPowerShellOperations",
      "createPowerShellTool",
      "createPowerShellToolDefinition",
      "getPowerShellConfig",
      // pi's package paths: pigo has no pi package installed.
      "getDocsPath",
      "getExamplesPath",
      "getPackageDir",
      "getReadmePath",
      // Unified patches need the diff package's patch writer.
      "generateUnifiedPatch",
    ],
  }),
  (name: string) => (name === "VERSION" ? "1.6.0" : require("pigo:pi16").unsupported("pi-coding-agent", name)),
);
