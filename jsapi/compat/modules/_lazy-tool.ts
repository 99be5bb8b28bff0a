// registerLazyTool registers the tool a built-in extension of pi registers
// without evaluating pi's code: from a snapshot of it (its data and the
// names of its functions, kept current by TestBuiltinToolSnapshots), with
// each function loading pi's code on its first call. Most starts never
// call these tools, and evaluating pi's extension code was most of what a
// start without extensions did in JS.
export function registerLazyTool(pi: any, snapshot: { data: any; functions: string[] }, create: () => (pi: any) => void): void {
  let definition: any;
  const real = () => {
    if (!definition) {
      // pi's extension, given this pi with registerTool catching its tool.
      const capture = Object.create(pi, { registerTool: { value: (d: any) => (definition = d) } });
      create()(capture);
    }
    return definition;
  };
  const tool: any = { ...snapshot.data };
  for (const name of snapshot.functions) {
    tool[name] = (...args: any[]) => real()[name](...args);
  }
  pi.registerTool(tool);
}
