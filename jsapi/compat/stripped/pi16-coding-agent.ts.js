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
        "sessionEntryToContextMessages"
      ],
      "pigo:tools-diff": ["generateDiffString"],
      "pigo:tools": ["detectSupportedImageMimeTypeFromFile"],
      "pigo:agent-compaction": ["generateSummaryWithUsage"],
      // pi's codemode and tool-search extensions, vendored (gen16);
      // builtin:codemode and builtin:tool-search are them.
      "pigo:codemodeext16": ["createCodemodeExtension", "createToolSearchExtension"]
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
      "generateUnifiedPatch"
    ]
  }),
  (name) => name === "VERSION" ? "1.6.0" : require("pigo:pi16").unsupported("pi-coding-agent", name)
);
