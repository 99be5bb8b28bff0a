var __defProp = Object.defineProperty;
var pigo_pi16_exports = __defProp({}, "__esModule", { value: true });
pigo_pi16_exports.unsupported = unsupported;
module.exports = pigo_pi16_exports;
function notSupported(module2, name) {
  return new Error(`not supported yet: ${module2} ${name}`);
}
function unsupported(module2, name) {
  let v;
  if (/^[A-Z]/.test(name)) {
    v = class {
      constructor(..._args) {
        throw notSupported(module2, name);
      }
    };
  } else {
    v = function(..._args) {
      throw notSupported(module2, name);
    };
  }
  Object.defineProperty(v, "name", { value: name });
  Object.defineProperty(v, "__pigoUnsupported", { value: true });
  return v;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  unsupported
});
