var __defProp = Object.defineProperty;
var pigo_ai_typebox_exports = __defProp({}, "__esModule", { value: true });
pigo_ai_typebox_exports.StringEnum = StringEnum;
module.exports = pigo_ai_typebox_exports;
var import_pigo_typebox_core = require("pigo:typebox-core");
function StringEnum(values, options) {
  return import_pigo_typebox_core.Type.Unsafe({
    type: "string",
    enum: values,
    ...options?.description && { description: options.description },
    ...options?.default && { default: options.default }
  });
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  StringEnum
});
