// typebox / @sinclair/typebox — pigo's typebox 1.x root module. The builders
// live in pigo:typebox-core, so every alias in one runtime shares them.
//
// CommonJS on purpose: the module is pigo:typebox-core itself (through the
// prototype) plus a `default` export (Type). An `export *` would copy all
// ~300 bindings into every runtime that imports typebox.
declare const module: any, require: any;
const core = require("pigo:typebox-core");
module.exports = Object.create(core, { default: { value: core.Type, enumerable: true } });
