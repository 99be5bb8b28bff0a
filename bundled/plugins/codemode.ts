// builtin:codemode: pi 1.6's built-in codemode extension, pi's own code
// (vendored by gen16): the `codemode` tool, registered inactive; `--tools
// +codemode` or `defaultTools: ["+codemode"]` activates it. Scripts run in
// a fresh goja runtime per call (pi-codemode's CodemodeSandbox on
// pigo:codemode).
//
// Most starts never call the tool, and compiling and evaluating pi's
// extension code (pigo:codemodeext16 and pi-codemode) was most of what a
// start without extensions did in JS. So the tool is registered from
// pigo:codemode-tool, a snapshot of what pi's code registers
// (TestCodemodeToolSnapshot keeps it current), and pi's code runs on the
// first call of one of the tool's functions, which then are pi's.
import snapshot from "pigo:codemode-tool";

export default function (pi: any) {
  let definition: any;
  const real = () => {
    if (!definition) {
      const { createCodemodeExtension } = require("pigo:codemodeext16");
      // pi's extension, given this pi with registerTool catching its tool.
      const capture = Object.create(pi, { registerTool: { value: (d: any) => (definition = d) } });
      createCodemodeExtension()(capture);
    }
    return definition;
  };
  const tool: any = { ...snapshot.data };
  for (const name of snapshot.functions) {
    tool[name] = (...args: any[]) => real()[name](...args);
  }
  pi.registerTool(tool);
}
