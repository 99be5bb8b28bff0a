// builtin:codemode: pi 1.6's built-in codemode extension, pi's own code
// (vendored by gen16): the `codemode` tool, registered inactive; `--tools
// +codemode` or `defaultTools: ["+codemode"]` activates it. Scripts run in
// a fresh goja runtime per call (pi-codemode's CodemodeSandbox on
// pigo:codemode).
import { createCodemodeExtension } from "pigo:codemodeext16";

export default createCodemodeExtension();
