var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var pigo_typebox_compile_exports = __defProp({}, "__esModule", { value: true });
__export(pigo_typebox_compile_exports, {
  default: () => pigo_typebox_compile_default
});
pigo_typebox_compile_exports.Code = Code;
pigo_typebox_compile_exports.Compile = Compile;
module.exports = pigo_typebox_compile_exports;
var import_pigo_typebox_value = require("pigo:typebox-value");
function notSupported(what) {
  throw new Error(`not supported yet: typebox/compile ${what} (pigo validates by interpreting the schema; there is no generated code)`);
}
class Validator {
  /** Constructs a Validator: new Validator(context, type). */
  constructor(context, type) {
    __publicField(this, "context");
    __publicField(this, "type");
    __publicField(this, "hasCodec");
    this.context = context ?? {};
    this.type = type;
    this.hasCodec = (0, import_pigo_typebox_value.HasCodec)(this.context, type);
  }
  /** Always false: pigo interprets the schema instead of compiling it. */
  IsAccelerated() {
    return false;
  }
  Context() {
    return this.context;
  }
  Type() {
    return this.type;
  }
  Code() {
    return notSupported("Validator.Code()");
  }
  Check(value) {
    return (0, import_pigo_typebox_value.schemaCheck)(this.context, this.type, value);
  }
  Parse(value) {
    if (this.Check(value)) return value;
    if (import_pigo_typebox_value.settings.correctiveParse) return (0, import_pigo_typebox_value.Parser)(this.context, this.type, value);
    throw new import_pigo_typebox_value.ParseError(value, (0, import_pigo_typebox_value.schemaErrors)(this.context, this.type, value, import_pigo_typebox_value.settings.maxParseErrors)[1]);
  }
  Errors(value) {
    return (0, import_pigo_typebox_value.schemaErrors)(this.context, this.type, value)[1];
  }
  Clean(value) {
    return (0, import_pigo_typebox_value.Clean)(this.context, this.type, value);
  }
  Convert(value) {
    return (0, import_pigo_typebox_value.Convert)(this.context, this.type, value);
  }
  Create() {
    return (0, import_pigo_typebox_value.Create)(this.context, this.type);
  }
  Default(value) {
    return (0, import_pigo_typebox_value.Default)(this.context, this.type, value);
  }
  Decode(value) {
    return this.hasCodec ? (0, import_pigo_typebox_value.Decode)(this.context, this.type, value) : this.Parse(value);
  }
  Encode(value) {
    return this.hasCodec ? (0, import_pigo_typebox_value.Encode)(this.context, this.type, value) : this.Parse(value);
  }
}
function Compile(...args) {
  return args.length >= 2 ? new Validator(args[0], args[1]) : new Validator({}, args[0]);
}
function Code(..._args) {
  return notSupported("Code()");
}
Object.defineProperty(Code, "__pigoUnsupported", { value: true });
var pigo_typebox_compile_default = Compile;
// Annotate the CommonJS export names for ESM import in node:
pigo_typebox_compile_exports.Validator = Validator;
0 && (module.exports = {
  Code,
  Compile,
  Validator
});
