const h16 = require("pigo:pi16");
Object.defineProperty(exports, "__esModule", { value: true });
h16.lazyNames(
  exports,
  [
    "CONFIG_DIR_NAME",
    "VIRTUAL_MODEL_STATE_ENTRY",
    "buildContextEntries",
    "buildSessionContext",
    "buildSessionProjection",
    "formatDimensionNote",
    "formatReadLineRange",
    "isPowerShellToolResult",
    "sessionEntryToContextMessages"
  ],
  () => require("pigo:agent16")
);
h16.lazyNames(exports, ["generateDiffString"], () => require("pigo:tools-diff"));
h16.lazyNames(exports, ["createCodemodeExtension", "createToolSearchExtension"], () => require("pigo:codemodeext16"));
Object.defineProperty(exports, "VERSION", { enumerable: true, configurable: true, writable: false, value: "1.6.0" });
h16.copyExports(exports, require("@mariozechner/pi-coding-agent"));
h16.addUnsupported(exports, "pi-coding-agent", [
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
  // Image conversion (no image codecs in goja).
  "convertToPng",
  "resizeImage",
  "detectSupportedImageMimeTypeFromFile",
  // Summaries with usage need pi's model runtime.
  "generateSummaryWithUsage",
  // pi's package paths: pigo has no pi package installed.
  "getDocsPath",
  "getExamplesPath",
  "getPackageDir",
  "getReadmePath",
  // Unified patches need the diff package's patch writer.
  "generateUnifiedPatch"
]);
