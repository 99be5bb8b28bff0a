// @earendil-works/pi-coding-agent at pi 1.6.0: every export of pigo's
// 0.73.1 module (modules/pi-coding-agent.ts, the same values) plus pi
// 1.6's new names. Where 1.6 changed a function's behaviour the 1.6
// version is served here (buildSessionContext applies context_edit
// entries and compaction system messages); @mariozechner keeps 0.73.1's.
//
// AuthStorage and its backends left pi's exports in 1.6; they stay (as
// before, throwing "not supported yet") so older extensions still load.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const require: any, exports: any;

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
    "sessionEntryToContextMessages",
  ],
  () => require("pigo:agent16"),
);
h16.lazyNames(exports, ["generateDiffString"], () => require("pigo:tools-diff"));
// pi's codemode and tool-search extensions, vendored (gen16);
// builtin:codemode and builtin:tool-search are them.
h16.lazyNames(exports, ["createCodemodeExtension", "createToolSearchExtension"], () => require("pigo:codemodeext16"));
// The release this surface is: extensions print it (custom-header).
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
  "generateUnifiedPatch",
]);
