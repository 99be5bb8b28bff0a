const h16 = require("pigo:pi16");
Object.defineProperty(exports, "__esModule", { value: true });
h16.lazyNames(
  exports,
  [
    "CODEMODE_OPTIONS_PREFIX",
    "CODEMODE_SOURCE_GRAMMAR",
    "CodemodeSourceError",
    "DEFAULT_INPUT_SCHEMA_MAX_CHARS",
    "MAX_OUTPUT_CHARS",
    "MAX_OUTPUT_ITEMS",
    "MAX_STORE_TOTAL_CHARS",
    "MAX_STORE_VALUE_CHARS",
    "parseCodemodeSource",
    "renderDeclarations",
    "renderToolOutputType",
    "renderToolSample",
    "renderToolSignature",
    "resolveSchemaRef",
    "schemaToType",
    "toCodemodeIdentifier"
  ],
  () => require("pigo:codemode16")
);
Object.defineProperty(exports, "DEFAULT_INTERRUPT_BUDGET", { enumerable: true, value: 1e5 });
h16.addUnsupported(exports, "pi-codemode", [
  "CodemodeSandbox",
  "CodemodeSandboxBase",
  "InlineCodemodeSandbox",
  "RemoteCodemodeSandbox",
  "loadQuickJSWasm",
  "serveCodemodeRemote"
]);
