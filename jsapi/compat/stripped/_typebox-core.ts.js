var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
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
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var pigo_typebox_core_exports = __defProp({}, "__esModule", { value: true });
pigo_typebox_core_exports.AddImmutable = AddImmutable;
pigo_typebox_core_exports.AddOptional = AddOptional;
pigo_typebox_core_exports.AddReadonly = AddReadonly;
pigo_typebox_core_exports.Any = Any;
pigo_typebox_core_exports.Array = _Array_;
pigo_typebox_core_exports.BigInt = BigInt;
pigo_typebox_core_exports.Boolean = Boolean;
pigo_typebox_core_exports.Broaden = Broaden;
pigo_typebox_core_exports.CallConstruct = CallConstruct;
pigo_typebox_core_exports.Codec = Codec;
pigo_typebox_core_exports.CollapseToObject = CollapseToObject;
pigo_typebox_core_exports.Compare = Compare;
pigo_typebox_core_exports.Composite = Composite;
pigo_typebox_core_exports.Conditional = Conditional;
pigo_typebox_core_exports.Constructor = Constructor;
pigo_typebox_core_exports.ConstructorParameters = ConstructorParameters;
pigo_typebox_core_exports.ConvertToIntegerKey = ConvertToIntegerKey;
pigo_typebox_core_exports.Cyclic = Cyclic;
pigo_typebox_core_exports.CyclicCandidates = CyclicCandidates;
pigo_typebox_core_exports.CyclicCheck = CyclicCheck;
pigo_typebox_core_exports.CyclicDependencies = CyclicDependencies;
pigo_typebox_core_exports.CyclicExtends = CyclicExtends;
pigo_typebox_core_exports.CyclicTarget = CyclicTarget;
pigo_typebox_core_exports.Decode = Decode;
pigo_typebox_core_exports.Deferred = Deferred;
pigo_typebox_core_exports.Dependent = Dependent;
pigo_typebox_core_exports.Distribute = Distribute;
pigo_typebox_core_exports.Encode = Encode;
pigo_typebox_core_exports.Enum = Enum;
pigo_typebox_core_exports.Evaluate = Evaluate;
pigo_typebox_core_exports.EvaluateDependent = EvaluateDependent;
pigo_typebox_core_exports.EvaluateEnum = EvaluateEnum;
pigo_typebox_core_exports.EvaluateIntersect = EvaluateIntersect;
pigo_typebox_core_exports.EvaluateTemplateLiteral = EvaluateTemplateLiteral;
pigo_typebox_core_exports.EvaluateType = EvaluateType;
pigo_typebox_core_exports.EvaluateUnion = EvaluateUnion;
pigo_typebox_core_exports.EvaluateUnionFast = EvaluateUnionFast;
pigo_typebox_core_exports.Exclude = Exclude;
pigo_typebox_core_exports.Extends = Extends;
pigo_typebox_core_exports.Extract = Extract;
pigo_typebox_core_exports.Flatten = Flatten;
pigo_typebox_core_exports.Function = _Function_;
pigo_typebox_core_exports.Generic = Generic;
pigo_typebox_core_exports.Identifier = Identifier;
pigo_typebox_core_exports.Immutable = Immutable;
pigo_typebox_core_exports.Index = Index;
pigo_typebox_core_exports.Infer = Infer;
pigo_typebox_core_exports.InstanceType = InstanceType;
pigo_typebox_core_exports.Instantiate = Instantiate;
pigo_typebox_core_exports.InstantiateCyclic = InstantiateCyclic;
pigo_typebox_core_exports.Integer = Integer;
pigo_typebox_core_exports.Interface = Interface;
pigo_typebox_core_exports.Intersect = Intersect;
pigo_typebox_core_exports.IsCodec = IsCodec;
pigo_typebox_core_exports.IsEnumValue = IsEnumValue;
pigo_typebox_core_exports.IsImmutable = IsImmutable;
pigo_typebox_core_exports.IsInterfaceDeferred = IsInterfaceDeferred;
pigo_typebox_core_exports.IsKind = IsKind;
pigo_typebox_core_exports.IsLiteralValue = IsLiteralValue;
pigo_typebox_core_exports.IsOptional = IsOptional;
pigo_typebox_core_exports.IsReadonly = IsReadonly;
pigo_typebox_core_exports.IsRefine = IsRefine;
pigo_typebox_core_exports.IsRefinement = IsRefinement;
pigo_typebox_core_exports.IsSchema = IsSchema;
pigo_typebox_core_exports.IsTemplateLiteralDeferred = IsTemplateLiteralDeferred;
pigo_typebox_core_exports.IsTemplateLiteralFinite = IsTemplateLiteralFinite;
pigo_typebox_core_exports.IsTemplateLiteralPattern = IsTemplateLiteralPattern;
pigo_typebox_core_exports.IsTypeScriptEnumLike = IsTypeScriptEnumLike;
pigo_typebox_core_exports.IsUnsafe = IsUnsafe;
pigo_typebox_core_exports.KeyOf = KeyOf;
pigo_typebox_core_exports.KeysToIndexer = KeysToIndexer;
pigo_typebox_core_exports.Literal = Literal;
pigo_typebox_core_exports.LiteralTypeName = LiteralTypeName;
pigo_typebox_core_exports.Narrow = Narrow;
pigo_typebox_core_exports.Never = Never;
pigo_typebox_core_exports.NonNullable = NonNullable;
pigo_typebox_core_exports.Null = Null;
pigo_typebox_core_exports.Number = Number;
pigo_typebox_core_exports.Object = _Object_;
pigo_typebox_core_exports.Omit = Omit;
pigo_typebox_core_exports.Optional = Optional;
pigo_typebox_core_exports.Parameter = Parameter;
pigo_typebox_core_exports.Parameters = Parameters;
pigo_typebox_core_exports.ParsePatternIntoTypes = ParsePatternIntoTypes;
pigo_typebox_core_exports.ParseTemplateIntoTypes = ParseTemplateIntoTypes;
pigo_typebox_core_exports.Partial = Partial;
pigo_typebox_core_exports.Pick = Pick;
pigo_typebox_core_exports.Priority = Priority;
pigo_typebox_core_exports.PropertyKeys = PropertyKeys;
pigo_typebox_core_exports.PropertyValues = PropertyValues;
pigo_typebox_core_exports.Readonly = Readonly;
pigo_typebox_core_exports.ReadonlyObject = ReadonlyObject;
pigo_typebox_core_exports.ReadonlyType = ReadonlyType;
pigo_typebox_core_exports.Record = Record;
pigo_typebox_core_exports.RecordFromPattern = RecordFromPattern;
pigo_typebox_core_exports.RecordKey = RecordKey;
pigo_typebox_core_exports.RecordPattern = RecordPattern;
pigo_typebox_core_exports.RecordPatternToType = RecordPatternToType;
pigo_typebox_core_exports.RecordValue = RecordValue;
pigo_typebox_core_exports.Recursive = Recursive;
pigo_typebox_core_exports.Ref = Ref;
pigo_typebox_core_exports.RefInstantiate = RefInstantiate;
pigo_typebox_core_exports.Refine = Refine;
pigo_typebox_core_exports.RefineAdd = RefineAdd;
pigo_typebox_core_exports.RemoveImmutable = RemoveImmutable;
pigo_typebox_core_exports.RemoveOptional = RemoveOptional;
pigo_typebox_core_exports.RemoveReadonly = RemoveReadonly;
pigo_typebox_core_exports.Required = Required;
pigo_typebox_core_exports.RequiredArray = RequiredArray;
pigo_typebox_core_exports.Rest = Rest;
pigo_typebox_core_exports.ReturnType = ReturnType;
pigo_typebox_core_exports.Strict = Strict;
pigo_typebox_core_exports.String = String;
pigo_typebox_core_exports.Symbol = Symbol2;
pigo_typebox_core_exports.TemplateLiteral = TemplateLiteral;
pigo_typebox_core_exports.TemplateLiteralCreate = TemplateLiteralCreate;
pigo_typebox_core_exports.TemplateLiteralDecode = TemplateLiteralDecode;
pigo_typebox_core_exports.TemplateLiteralDecodeUnsafe = TemplateLiteralDecodeUnsafe;
pigo_typebox_core_exports.TemplateLiteralEncode = TemplateLiteralEncode;
pigo_typebox_core_exports.TemplateLiteralFromString = TemplateLiteralFromString;
pigo_typebox_core_exports.TemplateLiteralFromTypes = TemplateLiteralFromTypes;
pigo_typebox_core_exports.This = This;
pigo_typebox_core_exports.Tuple = Tuple;
pigo_typebox_core_exports.TypeScriptEnumToEnumValues = TypeScriptEnumToEnumValues;
pigo_typebox_core_exports.Undefined = Undefined;
pigo_typebox_core_exports.Union = Union;
pigo_typebox_core_exports.Unknown = Unknown;
pigo_typebox_core_exports.Unsafe = Unsafe;
pigo_typebox_core_exports.Void = Void;
pigo_typebox_core_exports.With = With;
pigo_typebox_core_exports._Array_ = _Array_;
pigo_typebox_core_exports._Function_ = _Function_;
pigo_typebox_core_exports._Object_ = _Object_;
module.exports = pigo_typebox_core_exports;
function isObj(v) {
  return typeof v === "object" && v !== null;
}
function isArr(v) {
  return Array.isArray(v);
}
function isStr(v) {
  return typeof v === "string";
}
function isNum(v) {
  return globalThis.Number.isFinite(v);
}
function isUnsafeKey(k) {
  return k === "__proto__" || k === "constructor" || k === "prototype";
}
function hasKey(v, k) {
  return isUnsafeKey(k) ? Object.prototype.hasOwnProperty.call(v, k) : k in v;
}
function keysOf(v) {
  return Object.getOwnPropertyNames(v);
}
function unsupported(what) {
  const fn = function() {
    throw new Error(`not supported yet: ${what} (pigo implements typebox's builders and validator, not its generic type engine)`);
  };
  Object.defineProperty(fn, "__pigoUnsupported", { value: true });
  return fn;
}
function defHidden(o, k, v) {
  Object.defineProperty(o, k, { configurable: true, writable: true, enumerable: false, value: v });
}
function mCreate(hidden, enumerable, options) {
  const r = { ...enumerable, ...options ?? {} };
  for (const k of keysOf(hidden)) defHidden(r, k, hidden[k]);
  return r;
}
function mUpdate(current, hidden, enumerable) {
  const r = {};
  const hk = keysOf(hidden);
  const ek = enumerable ? keysOf(enumerable) : [];
  for (const k of keysOf(current)) {
    if (isUnsafeKey(k) || hk.includes(k) || ek.includes(k)) continue;
    Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(current, k));
  }
  for (const k of hk) if (!isUnsafeKey(k)) defHidden(r, k, hidden[k]);
  for (const k of ek) {
    if (isUnsafeKey(k)) continue;
    Object.defineProperty(r, k, { configurable: true, enumerable: true, writable: true, value: enumerable[k] });
  }
  return r;
}
function mReplace(value, key, next) {
  const r = {};
  for (const k of keysOf(value)) {
    const d = Object.getOwnPropertyDescriptor(value, k);
    if (k === key) d.value = next;
    Object.defineProperty(r, k, d);
  }
  return r;
}
function mDiscard(value, drop) {
  const r = {};
  for (const k of keysOf(value)) {
    if (drop.includes(k)) continue;
    Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(value, k));
  }
  return r;
}
function mAssign(left, right) {
  const r = {};
  const rk = keysOf(right);
  for (const k of keysOf(left)) if (!rk.includes(k)) Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(left, k));
  for (const k of rk) Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(right, k));
  return r;
}
const Kind = "~kind";
const OptionalKind = "~optional";
const ReadonlyKind = "~readonly";
const Hint = "~hint";
function IsSchema(value) {
  return isObj(value);
}
function IsKind(value, kind) {
  return isObj(value) && hasKey(value, "~kind") && value["~kind"] === kind;
}
const kindGuard = (kind) => (value) => IsKind(value, kind);
const IsAny = kindGuard("Any");
const IsArray = kindGuard("Array");
const IsBigInt = kindGuard("BigInt");
const IsBoolean = kindGuard("Boolean");
const IsCall = kindGuard("Call");
const IsConstructor = kindGuard("Constructor");
const IsCyclic = kindGuard("Cyclic");
const IsDeferred = kindGuard("Deferred");
const IsDependent = kindGuard("Dependent");
const IsEnum = kindGuard("Enum");
const IsFunction = kindGuard("Function");
const IsGeneric = kindGuard("Generic");
const IsIdentifier = kindGuard("Identifier");
const IsInfer = kindGuard("Infer");
const IsInteger = kindGuard("Integer");
const IsIntersect = kindGuard("Intersect");
const IsLiteral = kindGuard("Literal");
const IsNever = kindGuard("Never");
const IsNull = kindGuard("Null");
const IsNumber = kindGuard("Number");
const IsObject = kindGuard("Object");
const IsParameter = kindGuard("Parameter");
const IsRecord = kindGuard("Record");
const IsRef = kindGuard("Ref");
const IsRest = kindGuard("Rest");
const IsString = kindGuard("String");
const IsSymbol = kindGuard("Symbol");
const IsTemplateLiteral = kindGuard("TemplateLiteral");
const IsThis = kindGuard("This");
const IsTuple = kindGuard("Tuple");
const IsUndefined = kindGuard("Undefined");
const IsUnion = kindGuard("Union");
const IsUnknown = kindGuard("Unknown");
const IsVoid = kindGuard("Void");
function IsUnsafe(value) {
  return isObj(value) && !isArr(value) && hasKey(value, "~unsafe") && value["~unsafe"] === null;
}
function IsOptional(value) {
  return IsSchema(value) && hasKey(value, "~optional");
}
function IsReadonly(value) {
  return IsSchema(value) && hasKey(value, "~readonly");
}
function IsImmutable(value) {
  return IsSchema(value) && hasKey(value, "~immutable");
}
function IsEnumValue(value) {
  return isStr(value) || isNum(value);
}
function IsLiteralValue(value) {
  return typeof value === "bigint" || typeof value === "boolean" || isNum(value) || isStr(value);
}
const IsLiteralBigInt = (v) => IsLiteral(v) && typeof v.const === "bigint";
const IsLiteralBoolean = (v) => IsLiteral(v) && typeof v.const === "boolean";
const IsLiteralNumber = (v) => IsLiteral(v) && isNum(v.const);
const IsLiteralString = (v) => IsLiteral(v) && isStr(v.const);
function IsRefinement(value) {
  return isObj(value) && !isArr(value) && typeof value.check === "function" && hasKey(value, "error");
}
function IsRefine(value) {
  return IsSchema(value) && hasKey(value, "~refine") && isArr(value["~refine"]) && value["~refine"].every(IsRefinement);
}
function IsCodec(value) {
  return IsSchema(value) && hasKey(value, "~codec") && isObj(value["~codec"]) && hasKey(value["~codec"], "encode") && hasKey(value["~codec"], "decode");
}
function IsTypeScriptEnumLike(value) {
  return isObj(value) && !isArr(value);
}
function IsTemplateLiteralDeferred(value) {
  return IsSchema(value) && hasKey(value, "action") && value.action === "TemplateLiteral";
}
function IsInterfaceDeferred(value) {
  return IsSchema(value) && hasKey(value, "action") && value.action === "Interface";
}
const StringPattern = ".*";
const NumberPattern = "-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?";
const IntegerPattern = "-?(?:0|[1-9][0-9]*)";
const BigIntPattern = "-?(?:0|[1-9][0-9]*)n";
const NeverPattern = "(?!)";
const StringKey = `^${StringPattern}$`;
const NumberKey = `^${NumberPattern}$`;
const IntegerKey = `^${IntegerPattern}$`;
function Any(options) {
  return mCreate({ "~kind": "Any" }, {}, options);
}
function Unknown(options) {
  return mCreate({ "~kind": "Unknown" }, {}, options);
}
function Never(options) {
  return mCreate({ "~kind": "Never" }, { not: {} }, options);
}
function String(options) {
  return mCreate({ "~kind": "String" }, { type: "string" }, options);
}
function Number(options) {
  return mCreate({ "~kind": "Number" }, { type: "number" }, options);
}
function Integer(options) {
  return mCreate({ "~kind": "Integer" }, { type: "integer" }, options);
}
function Boolean(options) {
  return mCreate({ "~kind": "Boolean" }, { type: "boolean" }, options);
}
function Null(options) {
  return mCreate({ "~kind": "Null" }, { type: "null" }, options);
}
function Undefined(options) {
  return mCreate({ "~kind": "Undefined" }, { type: "undefined" }, options);
}
function Void(options) {
  return mCreate({ "~kind": "Void" }, { type: "void" }, options);
}
function BigInt(options) {
  return mCreate({ "~kind": "BigInt" }, { type: "bigint" }, options);
}
function Symbol2(options) {
  return mCreate({ "~kind": "Symbol" }, { type: "symbol" }, options);
}
class InvalidLiteralValue extends Error {
  constructor(value) {
    super("Invalid Literal value");
    Object.defineProperty(this, "cause", { value: { value }, writable: false, configurable: false, enumerable: false });
  }
}
function LiteralTypeName(value) {
  if (typeof value === "bigint") return "bigint";
  if (typeof value === "boolean") return "boolean";
  if (isNum(value)) return "number";
  if (isStr(value)) return "string";
  throw new InvalidLiteralValue(value);
}
function Literal(value, options) {
  return mCreate({ "~kind": "Literal" }, { type: LiteralTypeName(value), const: value }, options);
}
function RequiredArray(properties) {
  return keysOf(properties).filter((k) => !IsOptional(properties[k]));
}
function PropertyKeys(properties) {
  return keysOf(properties);
}
function PropertyValues(properties) {
  return keysOf(properties).map((k) => properties[k]);
}
function _Object_(properties, options) {
  const req = RequiredArray(properties);
  return mCreate({ "~kind": "Object" }, { type: "object", ...req.length > 0 ? { required: req } : {}, properties }, options);
}
function _Array_(items, options) {
  return mCreate({ "~kind": "Array" }, { type: "array", items }, options);
}
function _Function_(parameters, returnType, options) {
  return mCreate({ "~kind": "Function" }, { type: "function", parameters, returnType }, options);
}
function Constructor(parameters, instanceType, options) {
  return mCreate({ "~kind": "Constructor" }, { type: "constructor", parameters, instanceType }, options);
}
function Tuple(types, options) {
  return mCreate({ "~kind": "Tuple" }, { type: "array", additionalItems: false, items: types, minItems: types.length }, options);
}
function Union(anyOf, options) {
  return mCreate({ "~kind": "Union" }, { anyOf }, options);
}
function Intersect(allOf, options) {
  return mCreate({ "~kind": "Intersect" }, { allOf }, options);
}
function TypeScriptEnumToEnumValues(value) {
  return keysOf(value).filter((k) => isNaN(k)).map((k) => value[k]);
}
function Enum(values, options) {
  const vals = IsTypeScriptEnumLike(values) ? TypeScriptEnumToEnumValues(values) : values;
  return mCreate({ "~kind": "Enum" }, { enum: vals }, options);
}
function Ref(ref, options) {
  return mCreate({ "~kind": "Ref" }, { $ref: ref }, options);
}
function This(options) {
  return mCreate({ "~kind": "This" }, { $ref: "#" }, options);
}
function Unsafe(schema) {
  return mUpdate(schema ?? {}, { "~unsafe": null }, {});
}
function Cyclic($defs, $ref, options) {
  const defs = {};
  for (const k of keysOf($defs)) defs[k] = mUpdate($defs[k], {}, { $id: k });
  return mCreate({ "~kind": "Cyclic" }, { $defs: defs, $ref }, options);
}
function Dependent(if_, then_, else_, options) {
  return mCreate({ "~kind": "Dependent" }, { if: if_, then: then_, else: else_ }, options);
}
function Generic(parameters, expression) {
  return mCreate({ "~kind": "Generic" }, { type: "generic", parameters, expression });
}
function Identifier(name) {
  return mCreate({ "~kind": "Identifier" }, { name });
}
function Infer(name, extends_) {
  return mCreate({ "~kind": "Infer" }, { type: "infer", name, extends: extends_ ?? Unknown() });
}
function Parameter(name, extends_, equals) {
  const ext = extends_ ?? Unknown();
  return mCreate({ "~kind": "Parameter" }, { name, extends: ext, equals: arguments.length >= 3 ? equals : ext });
}
function Rest(type) {
  return mCreate({ "~kind": "Rest" }, { type: "rest", items: type });
}
function CallConstruct(target, arguments_) {
  return mCreate({ "~kind": "Call" }, { type: "call", target, arguments: arguments_ });
}
function Deferred(action, parameters, options) {
  return mCreate({ "~kind": "Deferred" }, { type: "deferred", action, parameters, options: options ?? {} });
}
let recursiveOrdinal = 0;
function Recursive(callback, options = {}) {
  const $id = options.$id ?? `T${recursiveOrdinal++}`;
  const self = mCreate({ "~kind": "This" }, { $ref: $id });
  const body = callback(self);
  return mUpdate(body, { "~hint": "Recursive" }, { ...options, $id });
}
function AddOptional(type, options = {}) {
  return mUpdate(type, { "~optional": true }, options);
}
function RemoveOptional(type, options = {}) {
  return mUpdate(mDiscard(type, ["~optional"]), {}, options);
}
function AddReadonly(type, options = {}) {
  return mUpdate(type, { "~readonly": true }, options);
}
function RemoveReadonly(type, options = {}) {
  return mUpdate(mDiscard(type, ["~readonly"]), {}, options);
}
function AddImmutable(type, options = {}) {
  return mUpdate(type, { "~immutable": true }, options);
}
function RemoveImmutable(type, options = {}) {
  return mUpdate(mDiscard(type, ["~immutable"]), {}, options);
}
function Optional(type) {
  return AddOptional(type);
}
function Readonly(type) {
  return AddReadonly(type);
}
function Immutable(type) {
  return AddImmutable(type);
}
function ReadonlyType(type, options = {}) {
  return AddImmutable(type, options);
}
function ReadonlyObject(type, options = {}) {
  if (IsObject(type)) {
    const props = {};
    for (const k of keysOf(type.properties)) props[k] = AddReadonly(type.properties[k]);
    return mUpdate(_Object_(props), {}, options);
  }
  return AddImmutable(type, options);
}
const ObjectOptions = (t) => mDiscard(t, ["~kind", "type", "properties", "required"]);
const ArrayOptions = (t) => mDiscard(t, ["~kind", "type", "items"]);
const TupleOptions = (t) => mDiscard(t, ["~kind", "type", "items", "minItems", "additionalItems"]);
const UnionOptions = (t) => mDiscard(t, ["~kind", "anyOf"]);
const IntersectOptions = (t) => mDiscard(t, ["~kind", "allOf"]);
const RecordOptions = (t) => mDiscard(t, ["~kind", "type", "patternProperties"]);
const FunctionOptions = (t) => mDiscard(t, ["~kind", "type", "parameters", "returnType"]);
const ConstructorOptions = (t) => mDiscard(t, ["~kind", "type", "parameters", "instanceType"]);
const CyclicOptions = (t) => mDiscard(t, ["~kind", "$defs", "$ref"]);
const DependentOptions = (t) => mDiscard(t, ["~kind", "if", "then", "else"]);
function createRecord(pattern, value) {
  return mCreate({ "~kind": "Record" }, { type: "object", patternProperties: { [pattern]: value } });
}
function RecordFromPattern(pattern, value) {
  return createRecord(pattern, value);
}
function RecordPattern(type) {
  return keysOf(type.patternProperties)[0];
}
function RecordValue(type) {
  return type.patternProperties[RecordPattern(type)];
}
function RecordPatternToType(pattern) {
  if (pattern === StringKey) return String();
  if (pattern === IntegerKey) return Integer();
  if (pattern === NumberKey) return Number();
  return TemplateLiteralDecodeUnsafe(pattern);
}
function RecordKey(type) {
  return RecordPatternToType(RecordPattern(type));
}
function recordFromKey(key, value) {
  if (IsAny(key)) return createRecord(StringKey, value);
  if (IsBoolean(key)) return _Object_({ true: value, false: value });
  if (IsEnum(key)) return recordFromKey(EvaluateEnum(key.enum), value);
  if (IsInteger(key)) return createRecord(IntegerKey, value);
  if (IsIntersect(key)) return recordFromKey(Evaluate(key), value);
  if (IsLiteral(key)) {
    const c = key.const;
    return isStr(c) || isNum(c) ? _Object_({ [c]: value }) : c === false ? _Object_({ false: value }) : c === true ? _Object_({ true: value }) : _Object_({});
  }
  if (IsNumber(key)) return createRecord(NumberKey, value);
  if (IsUnion(key)) {
    const flat = Flatten(key.anyOf);
    if (flat.some((t) => IsString(t) || IsNumber(t) || IsInteger(t))) return createRecord(StringKey, value);
    const props = {};
    for (const t of flat) if (IsLiteral(t) && (isStr(t.const) || isNum(t.const))) props[t.const] = value;
    return _Object_(props);
  }
  if (IsString(key)) {
    return hasKey(key, "pattern") && (isStr(key.pattern) || key.pattern instanceof RegExp) ? createRecord(key.pattern.toString(), value) : createRecord(StringKey, value);
  }
  if (IsTemplateLiteral(key)) {
    const finite = TemplateLiteralFinite(key.pattern);
    return finite ? recordFromKey(Union(finite.map((s) => Literal(s))), value) : createRecord(key.pattern, value);
  }
  return _Object_({});
}
function Record(key, value, options = {}) {
  if (!canInstantiate(key)) return Deferred("Record", [key, value], options);
  return mUpdate(recordFromKey(key, value), {}, options);
}
function templatePatternOf(t) {
  if (IsLiteral(t)) return globalThis.String(t.const);
  if (IsString(t)) return StringPattern;
  if (IsNumber(t)) return NumberPattern;
  if (IsInteger(t)) return IntegerPattern;
  if (IsBigInt(t)) return BigIntPattern;
  if (IsBoolean(t)) return "(false|true)";
  if (IsUnion(t)) return `(${t.anyOf.map(templatePatternOf).join("|")})`;
  if (IsEnum(t)) return `(${t.enum.map((v) => globalThis.String(v)).join("|")})`;
  if (IsTemplateLiteral(t)) return t.pattern.replace(/^\^/, "").replace(/\$$/, "");
  return NeverPattern;
}
function ParseTemplateIntoTypes(template) {
  const out = [];
  let i = 0;
  let lit = "";
  const flush = () => {
    if (lit !== "") {
      out.push(Literal(lit));
      lit = "";
    }
  };
  while (i < template.length) {
    if (template[i] === "$" && template[i + 1] === "{") {
      const end = template.indexOf("}", i);
      if (end < 0) {
        lit += template.slice(i);
        break;
      }
      flush();
      out.push(templateTokenType(template.slice(i + 2, end).trim()));
      i = end + 1;
      continue;
    }
    lit += template[i++];
  }
  flush();
  return out;
}
function templateTokenType(tok) {
  const parts = tok.split("|").map((p) => p.trim());
  if (parts.length > 1) return Union(parts.map(templateTokenType));
  switch (tok) {
    case "string":
      return String();
    case "number":
      return Number();
    case "integer":
      return Integer();
    case "bigint":
      return BigInt();
    case "boolean":
      return Boolean();
    case "true":
      return Literal(true);
    case "false":
      return Literal(false);
  }
  const q = /^(["'`])(.*)\1$/.exec(tok);
  if (q) return Literal(q[2]);
  if (/^-?\d+(\.\d+)?$/.test(tok)) return Literal(globalThis.Number(tok));
  return Literal(tok);
}
function ParsePatternIntoTypes(pattern) {
  return [TemplateLiteralDecodeUnsafe(pattern)];
}
function TemplateLiteralCreate(pattern) {
  return mCreate({ "~kind": "TemplateLiteral" }, { type: "string", pattern });
}
function TemplateLiteralEncode(types) {
  return `^${types.map(templatePatternOf).join("")}$`;
}
function TemplateLiteralFromTypes(types) {
  return TemplateLiteralCreate(TemplateLiteralEncode(types));
}
function TemplateLiteralFromString(template) {
  return TemplateLiteralFromTypes(ParseTemplateIntoTypes(template));
}
function TemplateLiteral(input, options = {}) {
  const t = isStr(input) ? TemplateLiteralFromString(input) : TemplateLiteralFromTypes(input);
  return mUpdate(t, {}, options);
}
function TemplateLiteralFinite(pattern) {
  let p = pattern;
  if (p.startsWith("^")) p = p.slice(1);
  if (p.endsWith("$")) p = p.slice(0, -1);
  if (p.includes(".*") || p.includes(NumberPattern) || p.includes(IntegerPattern) || /[\\*+?[\]]/.test(p.replace(/\(\?:/g, ""))) return void 0;
  const expand = (s) => {
    const open = s.indexOf("(");
    if (open < 0) return [s];
    let depth = 0;
    let close = -1;
    for (let i = open; i < s.length; i++) {
      if (s[i] === "(") depth++;
      else if (s[i] === ")" && --depth === 0) {
        close = i;
        break;
      }
    }
    if (close < 0) return [s];
    const inner = s.slice(open + 1, close);
    const alts = [];
    let d = 0;
    let start = 0;
    for (let i = 0; i < inner.length; i++) {
      if (inner[i] === "(") d++;
      else if (inner[i] === ")") d--;
      else if (inner[i] === "|" && d === 0) {
        alts.push(inner.slice(start, i));
        start = i + 1;
      }
    }
    alts.push(inner.slice(start));
    const head = s.slice(0, open);
    const tails = expand(s.slice(close + 1));
    const out = [];
    for (const a of alts) for (const x of expand(a)) for (const t of tails) out.push(head + x + t);
    return out;
  };
  return expand(p);
}
function IsTemplateLiteralFinite(types) {
  return TemplateLiteralFinite(TemplateLiteralEncode(types)) !== void 0;
}
function IsTemplateLiteralPattern(pattern) {
  return isStr(pattern) && pattern.startsWith("^") && pattern.endsWith("$");
}
function TemplateLiteralDecodeUnsafe(pattern) {
  const fin = TemplateLiteralFinite(pattern);
  if (fin) return fin.length === 1 ? Literal(fin[0]) : Union(fin.map((s) => Literal(s)));
  if (pattern === StringKey) return String();
  return String({ pattern });
}
function TemplateLiteralDecode(pattern) {
  const fin = TemplateLiteralFinite(pattern);
  if (fin) return fin.length === 1 ? Literal(fin[0]) : Union(fin.map((s) => Literal(s)));
  return String();
}
function EvaluateTemplateLiteral(pattern) {
  return TemplateLiteralDecode(pattern);
}
function canInstantiate(t) {
  return !(IsRef(t) || IsDeferred(t) || IsGeneric(t) || IsParameter(t) || IsInfer(t) || IsCall(t) || IsIdentifier(t) || IsThis(t));
}
function deepEq(a, b) {
  if (a === b) return true;
  if (isArr(a)) return isArr(b) && a.length === b.length && a.every((x, i) => deepEq(x, b[i]));
  if (isObj(a)) {
    if (!isObj(b) || isArr(b)) return false;
    const ka = keysOf(a).filter((k) => !k.startsWith("~"));
    const kb = keysOf(b).filter((k) => !k.startsWith("~"));
    return ka.length === kb.length && ka.every((k) => deepEq(a[k], b[k])) && a["~kind"] === b["~kind"];
  }
  return false;
}
function Flatten(types) {
  const out = [];
  for (const t of types) {
    if (IsUnion(t)) out.push(...Flatten(t.anyOf));
    else out.push(t);
  }
  return out;
}
function EvaluateEnum(values) {
  return EvaluateUnionFast(values.map((v) => Literal(v)));
}
function EvaluateUnionFast(types) {
  const out = [];
  for (const t of Flatten(types)) if (!out.some((o) => deepEq(o, t))) out.push(t);
  return out.length === 0 ? Never() : out.length === 1 ? out[0] : Union(out);
}
function Broaden(types) {
  const flat = Flatten(types).filter((t) => !IsNever(t));
  if (flat.some((t) => IsAny(t))) return [Any()];
  if (flat.some((t) => IsUnknown(t))) return [Unknown()];
  const out = [];
  flat.forEach((t, i) => {
    const covered = flat.some((o, j) => j !== i && extendsCheck(t, o) && (!extendsCheck(o, t) || j < i));
    if (!covered) out.push(t);
  });
  return out;
}
function EvaluateUnion(types) {
  const b = Broaden(types);
  return b.length === 0 ? Never() : b.length === 1 ? b[0] : Union(b);
}
function Narrow(left, right) {
  if (IsAny(left) || IsUnknown(left)) return right;
  if (IsAny(right) || IsUnknown(right)) return left;
  if (IsObject(left) && IsObject(right)) return objectIntersect([left, right]);
  if (extendsCheck(left, right)) return left;
  if (extendsCheck(right, left)) return right;
  if (IsUnion(left) || IsUnion(right)) {
    const ls = IsUnion(left) ? Flatten(left.anyOf) : [left];
    const rs = IsUnion(right) ? Flatten(right.anyOf) : [right];
    const out = [];
    for (const l of ls) for (const r of rs) {
      const n = Narrow(l, r);
      if (!IsNever(n)) out.push(n);
    }
    return EvaluateUnionFast(out);
  }
  if (isDisjoint(left, right)) return Never();
  return Intersect([left, right]);
}
function primitiveName(t) {
  for (const k of ["String", "Number", "Integer", "Boolean", "Null", "Undefined", "Void", "BigInt", "Symbol", "Array", "Tuple", "Object", "Record", "Function", "Constructor"]) if (IsKind(t, k)) return k;
  if (IsLiteral(t)) return { string: "String", number: "Number", boolean: "Boolean", bigint: "BigInt" }[t.type];
  return void 0;
}
function isDisjoint(a, b) {
  const pa = primitiveName(a);
  const pb = primitiveName(b);
  if (!pa || !pb) return false;
  const norm = (p) => p === "Integer" ? "Number" : p === "Tuple" ? "Array" : p === "Record" ? "Object" : p;
  return norm(pa) !== norm(pb) || IsLiteral(a) && IsLiteral(b) && a.const !== b.const;
}
function objectIntersect(objects) {
  const props = {};
  const optional = {};
  for (const o of objects) {
    for (const k of keysOf(o.properties)) {
      const p = o.properties[k];
      const bare = RemoveOptional(p);
      if (k in props) {
        props[k] = Narrow(props[k], bare);
        optional[k] = optional[k] && IsOptional(p);
      } else {
        props[k] = bare;
        optional[k] = IsOptional(p);
      }
    }
  }
  const out = {};
  for (const k of keysOf(props)) out[k] = optional[k] ? AddOptional(props[k]) : props[k];
  return _Object_(out);
}
function EvaluateIntersect(types) {
  const flat = [];
  for (const t of types) if (IsIntersect(t)) flat.push(...t.allOf.map(Evaluate));
  else flat.push(Evaluate(t));
  if (flat.length === 0) return Never();
  if (flat.every((t) => IsObject(t))) return objectIntersect(flat);
  return flat.reduce((l, r) => Narrow(l, r));
}
function EvaluateType(type) {
  return Evaluate(type);
}
function Evaluate(type, options) {
  let r;
  if (IsIntersect(type)) r = EvaluateIntersect(type.allOf);
  else if (IsUnion(type)) r = EvaluateUnion(type.anyOf);
  else if (IsEnum(type)) r = EvaluateEnum(type.enum);
  else if (IsTemplateLiteral(type)) r = type;
  else if (IsDeferred(type)) r = Instantiate({}, type);
  else r = type;
  return options ? mUpdate(r, {}, options) : r;
}
const EvaluatePropertyIntersect = (l, r) => Narrow(l, r);
const EvaluatePropertyUnion = (l, r) => EvaluateUnion([l, r]);
function EvaluateDependent(type) {
  return Union([Intersect([type.if, type.then]), type.else]);
}
function CollapseToObject(type) {
  if (IsObject(type)) return type;
  if (IsCyclic(type)) return CollapseToObject(type.$defs[type.$ref]);
  if (IsIntersect(type)) {
    const props = type.allOf.reduce((left, t) => {
      const right = CollapseToObject(t).properties;
      const out = {};
      for (const k of keysOf(left)) if (!(k in right)) out[k] = left[k];
      for (const k of keysOf(right)) if (!(k in left)) out[k] = right[k];
      for (const k of keysOf(left)) if (k in right) out[k] = Narrow(left[k], right[k]);
      return out;
    }, {});
    return _Object_(props);
  }
  if (IsUnion(type)) {
    const objs = Flatten(type.anyOf).map(CollapseToObject);
    if (objs.length === 0) return _Object_({});
    const common = keysOf(objs[0].properties).filter((k) => objs.every((o) => k in o.properties));
    const props = {};
    for (const k of common) {
      const vs = objs.map((o) => o.properties[k]);
      const u = EvaluateUnionFast(vs.map((v) => RemoveOptional(v)));
      props[k] = vs.some((v) => IsOptional(v)) ? AddOptional(u) : u;
    }
    return _Object_(props);
  }
  if (IsDependent(type)) return CollapseToObject(EvaluateDependent(type));
  return _Object_({});
}
const ExtendsResult = {
  ExtendsUnion(inferred) {
    return mCreate({ "~kind": "ExtendsUnion" }, { inferred });
  },
  ExtendsTrue(inferred) {
    return mCreate({ "~kind": "ExtendsTrue" }, { inferred });
  },
  ExtendsFalse() {
    return mCreate({ "~kind": "ExtendsFalse" }, {});
  },
  IsExtendsUnion: (v) => IsKind(v, "ExtendsUnion"),
  IsExtendsTrue: (v) => IsKind(v, "ExtendsTrue"),
  IsExtendsFalse: (v) => IsKind(v, "ExtendsFalse"),
  IsExtendsTrueLike: (v) => IsKind(v, "ExtendsUnion") || IsKind(v, "ExtendsTrue"),
  Match(result, t, f) {
    return IsKind(result, "ExtendsUnion") || IsKind(result, "ExtendsTrue") ? t(result.inferred) : f();
  }
};
function extendsCheck(left, right) {
  if (IsUnsafe(right) && !hasKey(right, "~kind")) return true;
  if (IsAny(right) || IsUnknown(right)) return true;
  if (IsNever(left)) return true;
  if (IsAny(left) || IsUnknown(left)) return false;
  if (IsEnum(left)) return extendsCheck(EvaluateEnum(left.enum), right);
  if (IsEnum(right)) return extendsCheck(left, EvaluateEnum(right.enum));
  if (IsUnion(left)) return Flatten(left.anyOf).every((t) => extendsCheck(t, right));
  if (IsUnion(right)) return Flatten(right.anyOf).some((t) => extendsCheck(left, t));
  if (IsIntersect(right)) return right.allOf.every((t) => extendsCheck(left, t));
  if (IsIntersect(left)) {
    const e = EvaluateIntersect(left.allOf);
    return IsIntersect(e) ? e.allOf.some((t) => extendsCheck(t, right)) : extendsCheck(e, right);
  }
  if (IsNever(right)) return false;
  if (IsLiteral(right)) return IsLiteral(left) && left.const === right.const;
  if (IsLiteral(left)) {
    if (IsTemplateLiteral(right)) return isStr(left.const) && new RegExp(right.pattern).test(left.const);
    return primitiveName(left) === primitiveName(right) || IsNumber(right) && IsLiteralNumber(left) || IsInteger(right) && globalThis.Number.isInteger(left.const);
  }
  if (IsTemplateLiteral(left)) return IsString(right) || IsTemplateLiteral(right) && left.pattern === right.pattern;
  if (IsString(right)) return IsString(left);
  if (IsNumber(right)) return IsNumber(left) || IsInteger(left);
  if (IsInteger(right)) return IsInteger(left);
  if (IsBoolean(right)) return IsBoolean(left);
  if (IsNull(right)) return IsNull(left);
  if (IsUndefined(right)) return IsUndefined(left) || IsVoid(left);
  if (IsVoid(right)) return IsVoid(left) || IsUndefined(left);
  if (IsBigInt(right)) return IsBigInt(left);
  if (IsSymbol(right)) return IsSymbol(left);
  if (IsArray(right)) {
    if (IsArray(left)) return extendsCheck(left.items, right.items);
    if (IsTuple(left)) return left.items.every((t) => extendsCheck(t, right.items));
    return false;
  }
  if (IsTuple(right)) {
    return IsTuple(left) && left.items.length === right.items.length && left.items.every((t, i) => extendsCheck(t, right.items[i]));
  }
  if (IsFunction(right) || IsConstructor(right)) {
    if (left["~kind"] !== right["~kind"]) return false;
    const lr = IsFunction(right) ? left.returnType : left.instanceType;
    const rr = IsFunction(right) ? right.returnType : right.instanceType;
    return extendsCheck(lr, rr) && right.parameters.every((p, i) => i >= left.parameters.length || extendsCheck(p, left.parameters[i]));
  }
  if (IsObject(right)) {
    const l = IsObject(left) ? left : IsRecord(left) ? null : IsCyclic(left) ? CollapseToObject(left) : null;
    if (!l) return IsRecord(left) ? keysOf(right.properties).length === 0 : false;
    return keysOf(right.properties).every((k) => {
      const rp = right.properties[k];
      if (!(k in l.properties)) return IsOptional(rp);
      const lp = l.properties[k];
      if (IsOptional(lp) && !IsOptional(rp)) return false;
      return extendsCheck(RemoveOptional(lp), RemoveOptional(rp));
    });
  }
  if (IsRecord(right)) {
    if (IsRecord(left)) return extendsCheck(RecordValue(left), RecordValue(right));
    if (IsObject(left)) return keysOf(left.properties).every((k) => extendsCheck(RemoveOptional(left.properties[k]), RecordValue(right)));
    return false;
  }
  return deepEq(left, right);
}
function Extends(inferred, left, right) {
  if (IsAny(left) && !(IsAny(right) || IsUnknown(right))) return ExtendsResult.ExtendsUnion(inferred ?? {});
  return extendsCheck(left, right) ? ExtendsResult.ExtendsTrue(inferred ?? {}) : ExtendsResult.ExtendsFalse();
}
function Conditional(left, right, true_, false_, options) {
  const variants = IsUnion(left) ? Flatten(left.anyOf) : [left];
  const results = variants.map((v) => IsAny(v) ? Union([true_, false_]) : extendsCheck(v, right) ? true_ : false_);
  const r = EvaluateUnionFast(results);
  return options ? mUpdate(r, {}, options) : r;
}
function unionOrSingle(types) {
  return types.length === 0 ? Never() : types.length === 1 ? types[0] : Union(types);
}
function Exclude(left, right, options) {
  const vs = IsUnion(left) ? Flatten(left.anyOf) : IsEnum(left) ? Flatten([EvaluateEnum(left.enum)]) : [left];
  const r = unionOrSingle(vs.filter((v) => !extendsCheck(v, right)));
  return options ? mUpdate(r, {}, options) : r;
}
function Extract(left, right, options) {
  const vs = IsUnion(left) ? Flatten(left.anyOf) : IsEnum(left) ? Flatten([EvaluateEnum(left.enum)]) : [left];
  const r = unionOrSingle(vs.filter((v) => extendsCheck(v, right)));
  return options ? mUpdate(r, {}, options) : r;
}
function NonNullable(type, options) {
  return Exclude(type, Union([Null(), Undefined()]), options);
}
function normalizeObject(type) {
  return IsObject(type) ? type : CollapseToObject(type);
}
function keysFrom(keys) {
  if (isArr(keys)) return keys.map((k) => globalThis.String(k));
  if (IsSchema(keys)) {
    if (IsLiteral(keys)) return [globalThis.String(keys.const)];
    if (IsUnion(keys)) return Flatten(keys.anyOf).flatMap(keysFrom);
    if (IsEnum(keys)) return keys.enum.map((v) => globalThis.String(v));
    if (IsTemplateLiteral(keys)) return TemplateLiteralFinite(keys.pattern) ?? [];
    if (IsDeferred(keys)) return keysFrom(Instantiate({}, keys));
  }
  return [];
}
function ConvertToIntegerKey(key) {
  return isStr(key) && /^(0|[1-9][0-9]*)$/.test(key) ? globalThis.Number(key) : key;
}
function KeysToIndexer(keys) {
  return EvaluateUnionFast(keys.map((k) => Literal(ConvertToIntegerKey(k))));
}
function Partial(type, options = {}) {
  if (!canInstantiate(type)) return Deferred("Partial", [type], options);
  let r;
  if (IsObject(type)) {
    const props = {};
    for (const k of keysOf(type.properties)) props[k] = AddOptional(type.properties[k]);
    r = _Object_(props);
  } else if (IsUnion(type)) r = Union(type.anyOf.map((t) => Partial(t)));
  else if (IsIntersect(type) || IsCyclic(type)) r = Partial(CollapseToObject(type));
  else r = _Object_({});
  return mUpdate(r, {}, options);
}
function Required(type, options = {}) {
  if (!canInstantiate(type)) return Deferred("Required", [type], options);
  let r;
  if (IsObject(type)) {
    const props = {};
    for (const k of keysOf(type.properties)) props[k] = mDiscard(type.properties[k], ["~optional"]);
    r = _Object_(props);
  } else if (IsUnion(type)) r = Union(type.anyOf.map((t) => Required(t)));
  else if (IsIntersect(type) || IsCyclic(type)) r = Required(CollapseToObject(type));
  else r = _Object_({});
  return mUpdate(r, {}, options);
}
function Pick(type, keys, options = {}) {
  if (!canInstantiate(type)) return Deferred("Pick", [type, keys], options);
  const obj = normalizeObject(type);
  const ks = keysFrom(keys);
  const props = {};
  for (const k of keysOf(obj.properties)) if (ks.includes(k)) props[k] = obj.properties[k];
  return mUpdate(_Object_(props), {}, options);
}
function Omit(type, keys, options = {}) {
  if (!canInstantiate(type)) return Deferred("Omit", [type, keys], options);
  const obj = normalizeObject(type);
  const ks = keysFrom(keys);
  const props = {};
  for (const k of keysOf(obj.properties)) if (!ks.includes(k)) props[k] = obj.properties[k];
  return mUpdate(_Object_(props), {}, options);
}
function KeyOf(type, options = {}) {
  if (!canInstantiate(type)) return Deferred("KeyOf", [type], options);
  let t = type;
  if (IsCyclic(t) || IsDependent(t) || IsIntersect(t) || IsUnion(t)) t = CollapseToObject(t);
  let r;
  if (IsAny(t)) r = Union([Number(), String(), Symbol2()]);
  else if (IsArray(t)) r = Number();
  else if (IsObject(t)) r = KeysToIndexer(keysOf(t.properties));
  else if (IsRecord(t)) r = RecordKey(t);
  else if (IsTuple(t)) r = EvaluateUnionFast(t.items.map((_, i) => Literal(i)));
  else r = Never();
  return mUpdate(r, {}, options);
}
function Index(type, indexer, options = {}) {
  if (!canInstantiate(type)) return Deferred("Index", [type, indexer], options);
  let r;
  if (IsArray(type)) r = type.items;
  else if (IsTuple(type)) {
    if (IsSchema(indexer) && (IsNumber(indexer) || IsInteger(indexer))) r = EvaluateUnionFast(type.items);
    else r = EvaluateUnionFast(keysFrom(indexer).map((k) => type.items[globalThis.Number(k)]).filter((x) => x !== void 0));
  } else if (IsRecord(type)) r = RecordValue(type);
  else {
    const obj = normalizeObject(type);
    const ks = keysFrom(indexer);
    r = EvaluateUnionFast(ks.filter((k) => k in obj.properties).map((k) => obj.properties[k]));
  }
  return mUpdate(r, {}, options);
}
function Interface(heritage, properties, options = {}) {
  const r = EvaluateIntersect([...heritage, _Object_(properties)]);
  return mUpdate(r, {}, options);
}
function Composite(left, right) {
  const l = normalizeObject(left).properties;
  const r = normalizeObject(right).properties;
  const props = {};
  for (const k of keysOf(l)) props[k] = l[k];
  for (const k of keysOf(r)) props[k] = k in props ? Narrow(props[k], r[k]) : r[k];
  return _Object_(props);
}
function With(type, options) {
  return mUpdate(type, {}, options);
}
function intrinsic(type, map, options) {
  let r;
  if (IsLiteral(type) && isStr(type.const)) r = Literal(map(type.const));
  else if (IsUnion(type)) r = Union(type.anyOf.map((t) => intrinsic(t, map)));
  else if (IsEnum(type)) r = intrinsic(EvaluateEnum(type.enum), map);
  else r = type;
  return options ? mUpdate(r, {}, options) : r;
}
const Capitalize = (t, o) => intrinsic(t, (s) => s.charAt(0).toUpperCase() + s.slice(1), o);
const Uncapitalize = (t, o) => intrinsic(t, (s) => s.charAt(0).toLowerCase() + s.slice(1), o);
const Uppercase = (t, o) => intrinsic(t, (s) => s.toUpperCase(), o);
const Lowercase = (t, o) => intrinsic(t, (s) => s.toLowerCase(), o);
function Parameters(type, options) {
  const r = IsFunction(type) ? Tuple(type.parameters) : Never();
  return options ? mUpdate(r, {}, options) : r;
}
function ReturnType(type, options) {
  const r = IsFunction(type) ? type.returnType : Never();
  return options ? mUpdate(r, {}, options) : r;
}
function ConstructorParameters(type, options) {
  const r = IsConstructor(type) ? Tuple(type.parameters) : Never();
  return options ? mUpdate(r, {}, options) : r;
}
function InstanceType(type, options) {
  const r = IsConstructor(type) ? type.instanceType : Never();
  return options ? mUpdate(r, {}, options) : r;
}
function RefineAdd(type, refinement) {
  const list = IsRefine(type) ? [...type["~refine"], refinement] : [refinement];
  return mUpdate(type, { "~refine": list }, {});
}
function Refine(type, check, error) {
  const err = error === void 0 ? () => "Refine Error" : error;
  return RefineAdd(type, { check, error: err });
}
class EncodeBuilder {
  constructor(type, decode) {
    __publicField(this, "type");
    __publicField(this, "decode");
    this.type = type;
    this.decode = decode;
  }
  Encode(callback) {
    const type = this.type;
    const decode = IsCodec(type) ? (v) => this.decode(type["~codec"].decode(v)) : this.decode;
    const encode = IsCodec(type) ? (v) => type["~codec"].encode(callback(v)) : callback;
    return mUpdate(type, { "~codec": { decode, encode } }, {});
  }
}
class DecodeBuilder {
  constructor(type) {
    __publicField(this, "type");
    this.type = type;
  }
  Decode(callback) {
    return new EncodeBuilder(this.type, callback);
  }
}
function Codec(type) {
  return new DecodeBuilder(type);
}
function Decode(type, callback) {
  return Codec(type).Decode(callback).Encode(() => {
    throw Error("Encode not implemented");
  });
}
function Encode(type, callback) {
  return Codec(type).Decode(() => {
    throw Error("Decode not implemented");
  }).Encode(callback);
}
const deferredActions = {};
function instantiateAny(context, value) {
  if (isArr(value)) return value.map((v) => instantiateAny(context, v));
  if (IsSchema(value) && hasKey(value, "~kind")) return Instantiate(context, value);
  return value;
}
function Instantiate(context, type) {
  if (IsDeferred(type)) {
    const fn = deferredActions[type.action];
    if (!fn) return type;
    const params = type.parameters.map((p) => instantiateAny(context, p));
    return fn(...params, type.options);
  }
  if (IsRef(type) && isObj(context) && hasKey(context, type.$ref)) return Instantiate(context, context[type.$ref]);
  if (IsObject(type)) {
    const props = {};
    for (const k of keysOf(type.properties)) props[k] = Instantiate(context, type.properties[k]);
    return mReplace(type, "properties", props);
  }
  if (IsArray(type)) return mReplace(type, "items", Instantiate(context, type.items));
  if (IsTuple(type)) return mReplace(type, "items", type.items.map((t) => Instantiate(context, t)));
  if (IsUnion(type)) return mReplace(type, "anyOf", type.anyOf.map((t) => Instantiate(context, t)));
  if (IsIntersect(type)) return mReplace(type, "allOf", type.allOf.map((t) => Instantiate(context, t)));
  if (IsRecord(type)) {
    const p = RecordPattern(type);
    return mReplace(type, "patternProperties", { [p]: Instantiate(context, type.patternProperties[p]) });
  }
  return type;
}
function InstantiateCyclic(context, type) {
  return Instantiate(context, type);
}
function RefInstantiate(context, _state, ref) {
  return hasKey(context ?? {}, ref) ? context[ref] : Ref(ref);
}
const actionTable = {
  AddImmutable,
  AddOptional,
  AddReadonly,
  RemoveImmutable,
  RemoveOptional,
  RemoveReadonly,
  Capitalize,
  Uncapitalize,
  Uppercase,
  Lowercase,
  Conditional,
  ConstructorParameters,
  Evaluate,
  Exclude,
  Extract,
  Index,
  InstanceType,
  Interface,
  KeyOf,
  NonNullable,
  Omit,
  Parameters,
  Partial,
  Pick,
  ReadonlyObject,
  Record,
  Required,
  ReturnType,
  TemplateLiteral,
  With
};
Object.assign(deferredActions, actionTable);
function actionOf(fn) {
  return (...args) => fn(...args);
}
function deferredOf(name, arity) {
  return (...args) => Deferred(name, args.slice(0, arity), args[arity] ?? {});
}
function instantiateOf(fn, arity) {
  return (context, _state, ...args) => fn(...args.slice(0, arity).map((a) => instantiateAny(context, a)), args[arity] ?? {});
}
const CapitalizeAction = actionOf(Capitalize);
const CapitalizeDeferred = deferredOf("Capitalize", 1);
const CapitalizeInstantiate = instantiateOf(Capitalize, 1);
const ConditionalAction = actionOf(Conditional);
const ConditionalDeferred = deferredOf("Conditional", 4);
const ConditionalInstantiate = instantiateOf(Conditional, 4);
const ConstructorParametersAction = actionOf(ConstructorParameters);
const ConstructorParametersDeferred = deferredOf("ConstructorParameters", 1);
const ConstructorParametersInstantiate = instantiateOf(ConstructorParameters, 1);
const EvaluateAction = actionOf(Evaluate);
const EvaluateDeferred = deferredOf("Evaluate", 1);
const EvaluateInstantiate = instantiateOf(Evaluate, 1);
const ExcludeAction = actionOf(Exclude);
const ExcludeDeferred = deferredOf("Exclude", 2);
const ExcludeInstantiate = instantiateOf(Exclude, 2);
const ExtractAction = actionOf(Extract);
const ExtractDeferred = deferredOf("Extract", 2);
const ExtractInstantiate = instantiateOf(Extract, 2);
const IndexAction = actionOf(Index);
const IndexDeferred = deferredOf("Index", 2);
const IndexInstantiate = instantiateOf(Index, 2);
const InstanceTypeAction = actionOf(InstanceType);
const InstanceTypeDeferred = deferredOf("InstanceType", 1);
const InstanceTypeInstantiate = instantiateOf(InstanceType, 1);
const InterfaceAction = actionOf(Interface);
const InterfaceDeferred = deferredOf("Interface", 2);
const InterfaceInstantiate = instantiateOf(Interface, 2);
const KeyOfAction = actionOf(KeyOf);
const KeyOfDeferred = deferredOf("KeyOf", 1);
const KeyOfInstantiate = instantiateOf(KeyOf, 1);
const LowercaseAction = actionOf(Lowercase);
const LowercaseDeferred = deferredOf("Lowercase", 1);
const LowercaseInstantiate = instantiateOf(Lowercase, 1);
const NonNullableAction = actionOf(NonNullable);
const NonNullableDeferred = deferredOf("NonNullable", 1);
const NonNullableInstantiate = instantiateOf(NonNullable, 1);
const OmitAction = actionOf(Omit);
const OmitDeferred = deferredOf("Omit", 2);
const OmitInstantiate = instantiateOf(Omit, 2);
const ParametersAction = actionOf(Parameters);
const ParametersDeferred = deferredOf("Parameters", 1);
const ParametersInstantiate = instantiateOf(Parameters, 1);
const PartialAction = actionOf(Partial);
const PartialDeferred = deferredOf("Partial", 1);
const PartialInstantiate = instantiateOf(Partial, 1);
const PickAction = actionOf(Pick);
const PickDeferred = deferredOf("Pick", 2);
const PickInstantiate = instantiateOf(Pick, 2);
const ReadonlyObjectAction = actionOf(ReadonlyObject);
const ReadonlyObjectDeferred = deferredOf("ReadonlyObject", 1);
const ReadonlyObjectInstantiate = instantiateOf(ReadonlyObject, 1);
const RecordAction = actionOf(Record);
const RecordDeferred = deferredOf("Record", 2);
const RecordInstantiate = instantiateOf(Record, 2);
const RequiredAction = actionOf(Required);
const RequiredDeferred = deferredOf("Required", 1);
const RequiredInstantiate = instantiateOf(Required, 1);
const ReturnTypeAction = actionOf(ReturnType);
const ReturnTypeDeferred = deferredOf("ReturnType", 1);
const ReturnTypeInstantiate = instantiateOf(ReturnType, 1);
const UncapitalizeAction = actionOf(Uncapitalize);
const UncapitalizeDeferred = deferredOf("Uncapitalize", 1);
const UncapitalizeInstantiate = instantiateOf(Uncapitalize, 1);
const UppercaseAction = actionOf(Uppercase);
const UppercaseDeferred = deferredOf("Uppercase", 1);
const UppercaseInstantiate = instantiateOf(Uppercase, 1);
const WithAction = actionOf(With);
const WithDeferred = deferredOf("With", 1);
const WithInstantiate = instantiateOf(With, 1);
const AddImmutableDeferred = deferredOf("AddImmutable", 1);
const AddOptionalDeferred = deferredOf("AddOptional", 1);
const AddReadonlyDeferred = deferredOf("AddReadonly", 1);
const RemoveImmutableDeferred = deferredOf("RemoveImmutable", 1);
const RemoveOptionalDeferred = deferredOf("RemoveOptional", 1);
const RemoveReadonlyDeferred = deferredOf("RemoveReadonly", 1);
const TemplateLiteralDeferred = deferredOf("TemplateLiteral", 1);
const MappedAction = unsupported("typebox MappedAction");
const MappedDeferred = unsupported("typebox MappedDeferred");
const MappedInstantiate = unsupported("typebox MappedInstantiate");
const ModuleDeferred = unsupported("typebox ModuleDeferred");
const ModuleInstantiate = unsupported("typebox ModuleInstantiate");
function CyclicTarget(defs, ref) {
  return defs[ref];
}
function CyclicCandidates(defs) {
  return keysOf(defs);
}
function CyclicDependencies(_defs, _ref, type) {
  const out = /* @__PURE__ */ new Set();
  const walk = (v) => {
    if (isArr(v)) v.forEach(walk);
    else if (isObj(v)) {
      if (IsRef(v)) out.add(v.$ref);
      for (const k of keysOf(v)) if (!k.startsWith("~")) walk(v[k]);
    }
  };
  walk(type);
  return [...out];
}
function CyclicCheck(stack, defs, type) {
  return CyclicDependencies(defs, "", type).some((r) => stack.includes(r));
}
function CyclicExtends(type) {
  return CollapseToObject(type);
}
const CompareResultEqual = "equal";
const CompareResultDisjoint = "disjoint";
const CompareResultLeftInside = "left-inside";
const CompareResultRightInside = "right-inside";
function Compare(left, right) {
  const l = extendsCheck(left, right);
  const r = extendsCheck(right, left);
  return l && r ? CompareResultEqual : l ? CompareResultLeftInside : r ? CompareResultRightInside : CompareResultDisjoint;
}
function Distribute(types) {
  return Flatten(types);
}
function Priority(types) {
  const rank = (t) => IsLiteral(t) ? 0 : IsObject(t) || IsTuple(t) ? 1 : IsAny(t) || IsUnknown(t) ? 3 : 2;
  return types.map((t, i) => [t, i]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map((x) => x[0]);
}
const Call = unsupported("typebox Type.Call");
const Mapped = unsupported("typebox Type.Mapped");
const Module = unsupported("typebox Type.Module");
const Script = unsupported("typebox Type.Script (TypeScript-syntax types)");
const Type = {
  Any,
  Array: _Array_,
  BigInt,
  Boolean,
  Call,
  Capitalize,
  Codec,
  Conditional,
  Constructor,
  ConstructorParameters,
  Cyclic,
  Decode,
  DecodeBuilder,
  Dependent,
  Encode,
  EncodeBuilder,
  Enum,
  Evaluate,
  Exclude,
  Extends,
  ExtendsResult,
  Extract,
  Function: _Function_,
  Generic,
  Identifier,
  Immutable,
  Index,
  Infer,
  InstanceType,
  Instantiate,
  Integer,
  Interface,
  Intersect,
  IsAny,
  IsArray,
  IsBigInt,
  IsBoolean,
  IsCall,
  IsCodec,
  IsConstructor,
  IsCyclic,
  IsDependent,
  IsEnum,
  IsEnumValue,
  IsFunction,
  IsGeneric,
  IsIdentifier,
  IsImmutable,
  IsInfer,
  IsInteger,
  IsIntersect,
  IsKind,
  IsLiteral,
  IsNever,
  IsNull,
  IsNumber,
  IsObject,
  IsOptional,
  IsParameter,
  IsReadonly,
  IsRecord,
  IsRef,
  IsRefine,
  IsRest,
  IsSchema,
  IsString,
  IsSymbol,
  IsTemplateLiteral,
  IsThis,
  IsTuple,
  IsUndefined,
  IsUnion,
  IsUnknown,
  IsUnsafe,
  IsVoid,
  KeyOf,
  Literal,
  Lowercase,
  Mapped,
  Module,
  Never,
  NonNullable,
  Null,
  Number,
  Object: _Object_,
  Omit,
  Optional,
  Parameter,
  Parameters,
  Partial,
  Pick,
  Readonly,
  ReadonlyObject,
  ReadonlyType,
  Record,
  RecordKey,
  RecordPattern,
  RecordValue,
  Ref,
  Refine,
  Required,
  Rest,
  ReturnType,
  Script,
  String,
  Symbol: Symbol2,
  TemplateLiteral,
  This,
  Tuple,
  Uncapitalize,
  Undefined,
  Union,
  Unknown,
  Unsafe,
  Uppercase,
  Void,
  With
};
function Strict(schema) {
  return JSON.parse(JSON.stringify(schema));
}
Object.defineProperty(Type, "Recursive", { value: Recursive, enumerable: false });
Object.defineProperty(Type, "Strict", { value: Strict, enumerable: false });
// Annotate the CommonJS export names for ESM import in node:
pigo_typebox_core_exports.AddImmutableDeferred = AddImmutableDeferred;
pigo_typebox_core_exports.AddOptionalDeferred = AddOptionalDeferred;
pigo_typebox_core_exports.AddReadonlyDeferred = AddReadonlyDeferred;
pigo_typebox_core_exports.ArrayOptions = ArrayOptions;
pigo_typebox_core_exports.BigIntPattern = BigIntPattern;
pigo_typebox_core_exports.Call = Call;
pigo_typebox_core_exports.Capitalize = Capitalize;
pigo_typebox_core_exports.CapitalizeAction = CapitalizeAction;
pigo_typebox_core_exports.CapitalizeDeferred = CapitalizeDeferred;
pigo_typebox_core_exports.CapitalizeInstantiate = CapitalizeInstantiate;
pigo_typebox_core_exports.CompareResultDisjoint = CompareResultDisjoint;
pigo_typebox_core_exports.CompareResultEqual = CompareResultEqual;
pigo_typebox_core_exports.CompareResultLeftInside = CompareResultLeftInside;
pigo_typebox_core_exports.CompareResultRightInside = CompareResultRightInside;
pigo_typebox_core_exports.ConditionalAction = ConditionalAction;
pigo_typebox_core_exports.ConditionalDeferred = ConditionalDeferred;
pigo_typebox_core_exports.ConditionalInstantiate = ConditionalInstantiate;
pigo_typebox_core_exports.ConstructorOptions = ConstructorOptions;
pigo_typebox_core_exports.ConstructorParametersAction = ConstructorParametersAction;
pigo_typebox_core_exports.ConstructorParametersDeferred = ConstructorParametersDeferred;
pigo_typebox_core_exports.ConstructorParametersInstantiate = ConstructorParametersInstantiate;
pigo_typebox_core_exports.CyclicOptions = CyclicOptions;
pigo_typebox_core_exports.DecodeBuilder = DecodeBuilder;
pigo_typebox_core_exports.DependentOptions = DependentOptions;
pigo_typebox_core_exports.EncodeBuilder = EncodeBuilder;
pigo_typebox_core_exports.EvaluateAction = EvaluateAction;
pigo_typebox_core_exports.EvaluateDeferred = EvaluateDeferred;
pigo_typebox_core_exports.EvaluateInstantiate = EvaluateInstantiate;
pigo_typebox_core_exports.EvaluatePropertyIntersect = EvaluatePropertyIntersect;
pigo_typebox_core_exports.EvaluatePropertyUnion = EvaluatePropertyUnion;
pigo_typebox_core_exports.ExcludeAction = ExcludeAction;
pigo_typebox_core_exports.ExcludeDeferred = ExcludeDeferred;
pigo_typebox_core_exports.ExcludeInstantiate = ExcludeInstantiate;
pigo_typebox_core_exports.ExtendsResult = ExtendsResult;
pigo_typebox_core_exports.ExtractAction = ExtractAction;
pigo_typebox_core_exports.ExtractDeferred = ExtractDeferred;
pigo_typebox_core_exports.ExtractInstantiate = ExtractInstantiate;
pigo_typebox_core_exports.FunctionOptions = FunctionOptions;
pigo_typebox_core_exports.Hint = Hint;
pigo_typebox_core_exports.IndexAction = IndexAction;
pigo_typebox_core_exports.IndexDeferred = IndexDeferred;
pigo_typebox_core_exports.IndexInstantiate = IndexInstantiate;
pigo_typebox_core_exports.InstanceTypeAction = InstanceTypeAction;
pigo_typebox_core_exports.InstanceTypeDeferred = InstanceTypeDeferred;
pigo_typebox_core_exports.InstanceTypeInstantiate = InstanceTypeInstantiate;
pigo_typebox_core_exports.IntegerKey = IntegerKey;
pigo_typebox_core_exports.IntegerPattern = IntegerPattern;
pigo_typebox_core_exports.InterfaceAction = InterfaceAction;
pigo_typebox_core_exports.InterfaceDeferred = InterfaceDeferred;
pigo_typebox_core_exports.InterfaceInstantiate = InterfaceInstantiate;
pigo_typebox_core_exports.IntersectOptions = IntersectOptions;
pigo_typebox_core_exports.InvalidLiteralValue = InvalidLiteralValue;
pigo_typebox_core_exports.IsAny = IsAny;
pigo_typebox_core_exports.IsArray = IsArray;
pigo_typebox_core_exports.IsBigInt = IsBigInt;
pigo_typebox_core_exports.IsBoolean = IsBoolean;
pigo_typebox_core_exports.IsCall = IsCall;
pigo_typebox_core_exports.IsConstructor = IsConstructor;
pigo_typebox_core_exports.IsCyclic = IsCyclic;
pigo_typebox_core_exports.IsDeferred = IsDeferred;
pigo_typebox_core_exports.IsDependent = IsDependent;
pigo_typebox_core_exports.IsEnum = IsEnum;
pigo_typebox_core_exports.IsFunction = IsFunction;
pigo_typebox_core_exports.IsGeneric = IsGeneric;
pigo_typebox_core_exports.IsIdentifier = IsIdentifier;
pigo_typebox_core_exports.IsInfer = IsInfer;
pigo_typebox_core_exports.IsInteger = IsInteger;
pigo_typebox_core_exports.IsIntersect = IsIntersect;
pigo_typebox_core_exports.IsLiteral = IsLiteral;
pigo_typebox_core_exports.IsLiteralBigInt = IsLiteralBigInt;
pigo_typebox_core_exports.IsLiteralBoolean = IsLiteralBoolean;
pigo_typebox_core_exports.IsLiteralNumber = IsLiteralNumber;
pigo_typebox_core_exports.IsLiteralString = IsLiteralString;
pigo_typebox_core_exports.IsNever = IsNever;
pigo_typebox_core_exports.IsNull = IsNull;
pigo_typebox_core_exports.IsNumber = IsNumber;
pigo_typebox_core_exports.IsObject = IsObject;
pigo_typebox_core_exports.IsParameter = IsParameter;
pigo_typebox_core_exports.IsRecord = IsRecord;
pigo_typebox_core_exports.IsRef = IsRef;
pigo_typebox_core_exports.IsRest = IsRest;
pigo_typebox_core_exports.IsString = IsString;
pigo_typebox_core_exports.IsSymbol = IsSymbol;
pigo_typebox_core_exports.IsTemplateLiteral = IsTemplateLiteral;
pigo_typebox_core_exports.IsThis = IsThis;
pigo_typebox_core_exports.IsTuple = IsTuple;
pigo_typebox_core_exports.IsUndefined = IsUndefined;
pigo_typebox_core_exports.IsUnion = IsUnion;
pigo_typebox_core_exports.IsUnknown = IsUnknown;
pigo_typebox_core_exports.IsVoid = IsVoid;
pigo_typebox_core_exports.KeyOfAction = KeyOfAction;
pigo_typebox_core_exports.KeyOfDeferred = KeyOfDeferred;
pigo_typebox_core_exports.KeyOfInstantiate = KeyOfInstantiate;
pigo_typebox_core_exports.Kind = Kind;
pigo_typebox_core_exports.Lowercase = Lowercase;
pigo_typebox_core_exports.LowercaseAction = LowercaseAction;
pigo_typebox_core_exports.LowercaseDeferred = LowercaseDeferred;
pigo_typebox_core_exports.LowercaseInstantiate = LowercaseInstantiate;
pigo_typebox_core_exports.Mapped = Mapped;
pigo_typebox_core_exports.MappedAction = MappedAction;
pigo_typebox_core_exports.MappedDeferred = MappedDeferred;
pigo_typebox_core_exports.MappedInstantiate = MappedInstantiate;
pigo_typebox_core_exports.Module = Module;
pigo_typebox_core_exports.ModuleDeferred = ModuleDeferred;
pigo_typebox_core_exports.ModuleInstantiate = ModuleInstantiate;
pigo_typebox_core_exports.NeverPattern = NeverPattern;
pigo_typebox_core_exports.NonNullableAction = NonNullableAction;
pigo_typebox_core_exports.NonNullableDeferred = NonNullableDeferred;
pigo_typebox_core_exports.NonNullableInstantiate = NonNullableInstantiate;
pigo_typebox_core_exports.NumberKey = NumberKey;
pigo_typebox_core_exports.NumberPattern = NumberPattern;
pigo_typebox_core_exports.ObjectOptions = ObjectOptions;
pigo_typebox_core_exports.OmitAction = OmitAction;
pigo_typebox_core_exports.OmitDeferred = OmitDeferred;
pigo_typebox_core_exports.OmitInstantiate = OmitInstantiate;
pigo_typebox_core_exports.OptionalKind = OptionalKind;
pigo_typebox_core_exports.ParametersAction = ParametersAction;
pigo_typebox_core_exports.ParametersDeferred = ParametersDeferred;
pigo_typebox_core_exports.ParametersInstantiate = ParametersInstantiate;
pigo_typebox_core_exports.PartialAction = PartialAction;
pigo_typebox_core_exports.PartialDeferred = PartialDeferred;
pigo_typebox_core_exports.PartialInstantiate = PartialInstantiate;
pigo_typebox_core_exports.PickAction = PickAction;
pigo_typebox_core_exports.PickDeferred = PickDeferred;
pigo_typebox_core_exports.PickInstantiate = PickInstantiate;
pigo_typebox_core_exports.ReadonlyKind = ReadonlyKind;
pigo_typebox_core_exports.ReadonlyObjectAction = ReadonlyObjectAction;
pigo_typebox_core_exports.ReadonlyObjectDeferred = ReadonlyObjectDeferred;
pigo_typebox_core_exports.ReadonlyObjectInstantiate = ReadonlyObjectInstantiate;
pigo_typebox_core_exports.RecordAction = RecordAction;
pigo_typebox_core_exports.RecordDeferred = RecordDeferred;
pigo_typebox_core_exports.RecordInstantiate = RecordInstantiate;
pigo_typebox_core_exports.RecordOptions = RecordOptions;
pigo_typebox_core_exports.RemoveImmutableDeferred = RemoveImmutableDeferred;
pigo_typebox_core_exports.RemoveOptionalDeferred = RemoveOptionalDeferred;
pigo_typebox_core_exports.RemoveReadonlyDeferred = RemoveReadonlyDeferred;
pigo_typebox_core_exports.RequiredAction = RequiredAction;
pigo_typebox_core_exports.RequiredDeferred = RequiredDeferred;
pigo_typebox_core_exports.RequiredInstantiate = RequiredInstantiate;
pigo_typebox_core_exports.ReturnTypeAction = ReturnTypeAction;
pigo_typebox_core_exports.ReturnTypeDeferred = ReturnTypeDeferred;
pigo_typebox_core_exports.ReturnTypeInstantiate = ReturnTypeInstantiate;
pigo_typebox_core_exports.Script = Script;
pigo_typebox_core_exports.StringKey = StringKey;
pigo_typebox_core_exports.StringPattern = StringPattern;
pigo_typebox_core_exports.TemplateLiteralDeferred = TemplateLiteralDeferred;
pigo_typebox_core_exports.TupleOptions = TupleOptions;
pigo_typebox_core_exports.Type = Type;
pigo_typebox_core_exports.Uncapitalize = Uncapitalize;
pigo_typebox_core_exports.UncapitalizeAction = UncapitalizeAction;
pigo_typebox_core_exports.UncapitalizeDeferred = UncapitalizeDeferred;
pigo_typebox_core_exports.UncapitalizeInstantiate = UncapitalizeInstantiate;
pigo_typebox_core_exports.UnionOptions = UnionOptions;
pigo_typebox_core_exports.Uppercase = Uppercase;
pigo_typebox_core_exports.UppercaseAction = UppercaseAction;
pigo_typebox_core_exports.UppercaseDeferred = UppercaseDeferred;
pigo_typebox_core_exports.UppercaseInstantiate = UppercaseInstantiate;
pigo_typebox_core_exports.WithAction = WithAction;
pigo_typebox_core_exports.WithDeferred = WithDeferred;
pigo_typebox_core_exports.WithInstantiate = WithInstantiate;
0 && (module.exports = {
  AddImmutable,
  AddImmutableDeferred,
  AddOptional,
  AddOptionalDeferred,
  AddReadonly,
  AddReadonlyDeferred,
  Any,
  Array,
  ArrayOptions,
  BigInt,
  BigIntPattern,
  Boolean,
  Broaden,
  Call,
  CallConstruct,
  Capitalize,
  CapitalizeAction,
  CapitalizeDeferred,
  CapitalizeInstantiate,
  Codec,
  CollapseToObject,
  Compare,
  CompareResultDisjoint,
  CompareResultEqual,
  CompareResultLeftInside,
  CompareResultRightInside,
  Composite,
  Conditional,
  ConditionalAction,
  ConditionalDeferred,
  ConditionalInstantiate,
  Constructor,
  ConstructorOptions,
  ConstructorParameters,
  ConstructorParametersAction,
  ConstructorParametersDeferred,
  ConstructorParametersInstantiate,
  ConvertToIntegerKey,
  Cyclic,
  CyclicCandidates,
  CyclicCheck,
  CyclicDependencies,
  CyclicExtends,
  CyclicOptions,
  CyclicTarget,
  Decode,
  DecodeBuilder,
  Deferred,
  Dependent,
  DependentOptions,
  Distribute,
  Encode,
  EncodeBuilder,
  Enum,
  Evaluate,
  EvaluateAction,
  EvaluateDeferred,
  EvaluateDependent,
  EvaluateEnum,
  EvaluateInstantiate,
  EvaluateIntersect,
  EvaluatePropertyIntersect,
  EvaluatePropertyUnion,
  EvaluateTemplateLiteral,
  EvaluateType,
  EvaluateUnion,
  EvaluateUnionFast,
  Exclude,
  ExcludeAction,
  ExcludeDeferred,
  ExcludeInstantiate,
  Extends,
  ExtendsResult,
  Extract,
  ExtractAction,
  ExtractDeferred,
  ExtractInstantiate,
  Flatten,
  Function,
  FunctionOptions,
  Generic,
  Hint,
  Identifier,
  Immutable,
  Index,
  IndexAction,
  IndexDeferred,
  IndexInstantiate,
  Infer,
  InstanceType,
  InstanceTypeAction,
  InstanceTypeDeferred,
  InstanceTypeInstantiate,
  Instantiate,
  InstantiateCyclic,
  Integer,
  IntegerKey,
  IntegerPattern,
  Interface,
  InterfaceAction,
  InterfaceDeferred,
  InterfaceInstantiate,
  Intersect,
  IntersectOptions,
  InvalidLiteralValue,
  IsAny,
  IsArray,
  IsBigInt,
  IsBoolean,
  IsCall,
  IsCodec,
  IsConstructor,
  IsCyclic,
  IsDeferred,
  IsDependent,
  IsEnum,
  IsEnumValue,
  IsFunction,
  IsGeneric,
  IsIdentifier,
  IsImmutable,
  IsInfer,
  IsInteger,
  IsInterfaceDeferred,
  IsIntersect,
  IsKind,
  IsLiteral,
  IsLiteralBigInt,
  IsLiteralBoolean,
  IsLiteralNumber,
  IsLiteralString,
  IsLiteralValue,
  IsNever,
  IsNull,
  IsNumber,
  IsObject,
  IsOptional,
  IsParameter,
  IsReadonly,
  IsRecord,
  IsRef,
  IsRefine,
  IsRefinement,
  IsRest,
  IsSchema,
  IsString,
  IsSymbol,
  IsTemplateLiteral,
  IsTemplateLiteralDeferred,
  IsTemplateLiteralFinite,
  IsTemplateLiteralPattern,
  IsThis,
  IsTuple,
  IsTypeScriptEnumLike,
  IsUndefined,
  IsUnion,
  IsUnknown,
  IsUnsafe,
  IsVoid,
  KeyOf,
  KeyOfAction,
  KeyOfDeferred,
  KeyOfInstantiate,
  KeysToIndexer,
  Kind,
  Literal,
  LiteralTypeName,
  Lowercase,
  LowercaseAction,
  LowercaseDeferred,
  LowercaseInstantiate,
  Mapped,
  MappedAction,
  MappedDeferred,
  MappedInstantiate,
  Module,
  ModuleDeferred,
  ModuleInstantiate,
  Narrow,
  Never,
  NeverPattern,
  NonNullable,
  NonNullableAction,
  NonNullableDeferred,
  NonNullableInstantiate,
  Null,
  Number,
  NumberKey,
  NumberPattern,
  Object,
  ObjectOptions,
  Omit,
  OmitAction,
  OmitDeferred,
  OmitInstantiate,
  Optional,
  OptionalKind,
  Parameter,
  Parameters,
  ParametersAction,
  ParametersDeferred,
  ParametersInstantiate,
  ParsePatternIntoTypes,
  ParseTemplateIntoTypes,
  Partial,
  PartialAction,
  PartialDeferred,
  PartialInstantiate,
  Pick,
  PickAction,
  PickDeferred,
  PickInstantiate,
  Priority,
  PropertyKeys,
  PropertyValues,
  Readonly,
  ReadonlyKind,
  ReadonlyObject,
  ReadonlyObjectAction,
  ReadonlyObjectDeferred,
  ReadonlyObjectInstantiate,
  ReadonlyType,
  Record,
  RecordAction,
  RecordDeferred,
  RecordFromPattern,
  RecordInstantiate,
  RecordKey,
  RecordOptions,
  RecordPattern,
  RecordPatternToType,
  RecordValue,
  Recursive,
  Ref,
  RefInstantiate,
  Refine,
  RefineAdd,
  RemoveImmutable,
  RemoveImmutableDeferred,
  RemoveOptional,
  RemoveOptionalDeferred,
  RemoveReadonly,
  RemoveReadonlyDeferred,
  Required,
  RequiredAction,
  RequiredArray,
  RequiredDeferred,
  RequiredInstantiate,
  Rest,
  ReturnType,
  ReturnTypeAction,
  ReturnTypeDeferred,
  ReturnTypeInstantiate,
  Script,
  Strict,
  String,
  StringKey,
  StringPattern,
  Symbol,
  TemplateLiteral,
  TemplateLiteralCreate,
  TemplateLiteralDecode,
  TemplateLiteralDecodeUnsafe,
  TemplateLiteralDeferred,
  TemplateLiteralEncode,
  TemplateLiteralFromString,
  TemplateLiteralFromTypes,
  This,
  Tuple,
  TupleOptions,
  Type,
  TypeScriptEnumToEnumValues,
  Uncapitalize,
  UncapitalizeAction,
  UncapitalizeDeferred,
  UncapitalizeInstantiate,
  Undefined,
  Union,
  UnionOptions,
  Unknown,
  Unsafe,
  Uppercase,
  UppercaseAction,
  UppercaseDeferred,
  UppercaseInstantiate,
  Void,
  With,
  WithAction,
  WithDeferred,
  WithInstantiate,
  _Array_,
  _Function_,
  _Object_
});
