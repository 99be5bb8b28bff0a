// @earendil-works/pi-codemode (pi 1.6.0): the source grammar, identifier
// and declaration renderers vendored unchanged (pigo:codemode16, see
// gen16). The sandboxes run QuickJS compiled to WebAssembly, which goja
// cannot run: they throw "not supported yet: pi-codemode <name>".
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const require: any, exports: any;

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
    "toCodemodeIdentifier",
  ],
  () => require("pigo:codemode16"),
);
// DEFAULT_INTERRUPT_BUDGET is runtime/inline.js's constant (QuickJS
// interrupt checks); the value is served so option code can read it.
Object.defineProperty(exports, "DEFAULT_INTERRUPT_BUDGET", { enumerable: true, value: 100000 });
h16.addUnsupported(exports, "pi-codemode", [
  "CodemodeSandbox",
  "CodemodeSandboxBase",
  "InlineCodemodeSandbox",
  "RemoteCodemodeSandbox",
  "loadQuickJSWasm",
  "serveCodemodeRemote",
]);
