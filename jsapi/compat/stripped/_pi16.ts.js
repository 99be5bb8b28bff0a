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
var pigo_pi16_exports = __defProp({}, "__esModule", { value: true });
pigo_pi16_exports.addUnsupported = addUnsupported;
pigo_pi16_exports.copyExports = copyExports;
pigo_pi16_exports.lazyNames = lazyNames;
pigo_pi16_exports.unsupported = unsupported;
module.exports = pigo_pi16_exports;
function copyExports(target, source) {
  for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(source))) {
    if (k === "__esModule" || k === "default") continue;
    if (Object.prototype.hasOwnProperty.call(target, k)) continue;
    const desc = d;
    if (desc.get) {
      Object.defineProperty(target, k, { enumerable: true, configurable: true, get: () => source[k] });
    } else {
      Object.defineProperty(target, k, { enumerable: true, configurable: true, writable: false, value: desc.value });
    }
  }
}
function lazyNames(target, names, load) {
  for (const name of names) {
    Object.defineProperty(target, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = load()[name];
        Object.defineProperty(target, name, { enumerable: true, configurable: true, writable: false, value });
        return value;
      }
    });
  }
}
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
function addUnsupported(target, module2, names) {
  for (const n of names) {
    if (Object.prototype.hasOwnProperty.call(target, n)) continue;
    Object.defineProperty(target, n, {
      enumerable: true,
      configurable: true,
      get() {
        const value = unsupported(module2, n);
        Object.defineProperty(target, n, { enumerable: true, configurable: true, writable: false, value });
        return value;
      }
    });
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  addUnsupported,
  copyExports,
  lazyNames,
  unsupported
});
