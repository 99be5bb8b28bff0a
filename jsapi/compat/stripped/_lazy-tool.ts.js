var __defProp = Object.defineProperty;
var pigo_lazy_tool_exports = __defProp({}, "__esModule", { value: true });
pigo_lazy_tool_exports.registerLazyDefinition = registerLazyDefinition;
pigo_lazy_tool_exports.registerLazyTool = registerLazyTool;
module.exports = pigo_lazy_tool_exports;
function registerLazyTool(pi, snapshot, create) {
  registerLazyDefinition(pi, snapshot, () => {
    let definition;
    create()(Object.create(pi, { registerTool: { value: (d) => definition = d } }));
    return definition;
  });
}
function registerLazyDefinition(pi, snapshot, define) {
  let definition;
  const real = () => definition || (definition = define());
  const tool = { ...snapshot.data };
  for (const name of snapshot.functions) {
    tool[name] = (...args) => real()[name](...args);
  }
  pi.registerTool(tool);
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  registerLazyDefinition,
  registerLazyTool
});
