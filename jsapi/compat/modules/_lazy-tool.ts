// registerLazyTool registers the tool a built-in extension of pi registers
// without evaluating pi's code: from a snapshot of it (its data and the
// names of its functions, kept current by TestBuiltinToolSnapshots), with
// each function loading pi's code on its first call. Most starts never
// call these tools, and evaluating pi's code was most of what a start
// without extensions did in JS.
export function registerLazyTool(pi: any, snapshot: { data: any; functions: string[] }, create: () => (pi: any) => void): void {
  registerLazyDefinition(pi, snapshot, () => {
    let definition: any;
    // pi's extension, given this pi with registerTool catching its tool.
    create()(Object.create(pi, { registerTool: { value: (d: any) => (definition = d) } }));
    return definition;
  });
}

// registerLazyDefinition is registerLazyTool for a tool definition pi's
// code makes directly (the built-in tools' createReadToolDefinition(cwd)
// and the others): define runs on the first call of one of its functions.
export function registerLazyDefinition(pi: any, snapshot: { data: any; functions: string[] }, define: () => any): void {
  let definition: any;
  const real = () => definition || (definition = define());
  const tool: any = { ...snapshot.data };
  for (const name of snapshot.functions) {
    tool[name] = (...args: any[]) => real()[name](...args);
  }
  pi.registerTool(tool);
}
