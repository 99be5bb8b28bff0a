var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
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
