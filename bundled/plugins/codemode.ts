// builtin:codemode: pi 1.6's built-in codemode extension, pi's own code
// (vendored by gen16): the `codemode` tool, registered inactive; `--tools
// +codemode` or `defaultTools: ["+codemode"]` activates it. Scripts run in
// a fresh goja runtime per call (pi-codemode's CodemodeSandbox on
// pigo:codemode). The tool is registered from its snapshot
// (pigo:codemode-tool); pi's code runs on its first call.
import { registerLazyTool } from "pigo:lazy-tool";
import snapshot from "pigo:codemode-tool";

export default function (pi: any) {
  registerLazyTool(pi, snapshot, () => require("pigo:codemodeext16").createCodemodeExtension());
}
