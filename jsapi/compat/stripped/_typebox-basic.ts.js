var __defProp = Object.defineProperty;
var pigo_typebox_basic_exports = __defProp({}, "__esModule", { value: true });
pigo_typebox_basic_exports.AddImmutable = AddImmutable;
pigo_typebox_basic_exports.AddOptional = AddOptional;
pigo_typebox_basic_exports.AddReadonly = AddReadonly;
pigo_typebox_basic_exports.Any = Any;
pigo_typebox_basic_exports.Array = _Array_;
pigo_typebox_basic_exports.BigInt = BigInt;
pigo_typebox_basic_exports.Boolean = Boolean;
pigo_typebox_basic_exports.CallConstruct = CallConstruct;
pigo_typebox_basic_exports.Constructor = Constructor;
pigo_typebox_basic_exports.Cyclic = Cyclic;
pigo_typebox_basic_exports.Deferred = Deferred;
pigo_typebox_basic_exports.Dependent = Dependent;
pigo_typebox_basic_exports.Enum = Enum;
pigo_typebox_basic_exports.Function = _Function_;
pigo_typebox_basic_exports.Generic = Generic;
pigo_typebox_basic_exports.Identifier = Identifier;
pigo_typebox_basic_exports.Immutable = Immutable;
pigo_typebox_basic_exports.Infer = Infer;
pigo_typebox_basic_exports.Integer = Integer;
pigo_typebox_basic_exports.Intersect = Intersect;
pigo_typebox_basic_exports.IsCodec = IsCodec;
pigo_typebox_basic_exports.IsEnumValue = IsEnumValue;
pigo_typebox_basic_exports.IsImmutable = IsImmutable;
pigo_typebox_basic_exports.IsInterfaceDeferred = IsInterfaceDeferred;
pigo_typebox_basic_exports.IsKind = IsKind;
pigo_typebox_basic_exports.IsLiteralValue = IsLiteralValue;
pigo_typebox_basic_exports.IsOptional = IsOptional;
pigo_typebox_basic_exports.IsReadonly = IsReadonly;
pigo_typebox_basic_exports.IsRefine = IsRefine;
pigo_typebox_basic_exports.IsRefinement = IsRefinement;
pigo_typebox_basic_exports.IsSchema = IsSchema;
pigo_typebox_basic_exports.IsTemplateLiteralDeferred = IsTemplateLiteralDeferred;
pigo_typebox_basic_exports.IsTypeScriptEnumLike = IsTypeScriptEnumLike;
pigo_typebox_basic_exports.IsUnsafe = IsUnsafe;
pigo_typebox_basic_exports.Literal = Literal;
pigo_typebox_basic_exports.LiteralTypeName = LiteralTypeName;
pigo_typebox_basic_exports.Never = Never;
pigo_typebox_basic_exports.Null = Null;
pigo_typebox_basic_exports.Number = Number;
pigo_typebox_basic_exports.Object = _Object_;
pigo_typebox_basic_exports.Optional = Optional;
pigo_typebox_basic_exports.Parameter = Parameter;
pigo_typebox_basic_exports.PropertyKeys = PropertyKeys;
pigo_typebox_basic_exports.PropertyValues = PropertyValues;
pigo_typebox_basic_exports.Readonly = Readonly;
pigo_typebox_basic_exports.ReadonlyObject = ReadonlyObject;
pigo_typebox_basic_exports.ReadonlyType = ReadonlyType;
pigo_typebox_basic_exports.Recursive = Recursive;
pigo_typebox_basic_exports.Ref = Ref;
pigo_typebox_basic_exports.RemoveImmutable = RemoveImmutable;
pigo_typebox_basic_exports.RemoveOptional = RemoveOptional;
pigo_typebox_basic_exports.RemoveReadonly = RemoveReadonly;
pigo_typebox_basic_exports.RequiredArray = RequiredArray;
pigo_typebox_basic_exports.Rest = Rest;
pigo_typebox_basic_exports.Strict = Strict;
pigo_typebox_basic_exports.String = String;
pigo_typebox_basic_exports.Symbol = Symbol2;
pigo_typebox_basic_exports.This = This;
pigo_typebox_basic_exports.Tuple = Tuple;
pigo_typebox_basic_exports.TypeScriptEnumToEnumValues = TypeScriptEnumToEnumValues;
pigo_typebox_basic_exports.Undefined = Undefined;
pigo_typebox_basic_exports.Union = Union;
pigo_typebox_basic_exports.Unknown = Unknown;
pigo_typebox_basic_exports.Unsafe = Unsafe;
pigo_typebox_basic_exports.Void = Void;
pigo_typebox_basic_exports._Array_ = _Array_;
pigo_typebox_basic_exports._Function_ = _Function_;
pigo_typebox_basic_exports._Object_ = _Object_;
pigo_typebox_basic_exports.hasKey = hasKey;
pigo_typebox_basic_exports.isArr = isArr;
pigo_typebox_basic_exports.isNum = isNum;
pigo_typebox_basic_exports.isObj = isObj;
pigo_typebox_basic_exports.isStr = isStr;
pigo_typebox_basic_exports.keysOf = keysOf;
pigo_typebox_basic_exports.mCreate = mCreate;
pigo_typebox_basic_exports.mDiscard = mDiscard;
pigo_typebox_basic_exports.mReplace = mReplace;
pigo_typebox_basic_exports.mUpdate = mUpdate;
pigo_typebox_basic_exports.unsupported = unsupported;
module.exports = pigo_typebox_basic_exports;
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
function Strict(schema) {
  return JSON.parse(JSON.stringify(schema));
}
// Annotate the CommonJS export names for ESM import in node:
pigo_typebox_basic_exports.ArrayOptions = ArrayOptions;
pigo_typebox_basic_exports.BigIntPattern = BigIntPattern;
pigo_typebox_basic_exports.ConstructorOptions = ConstructorOptions;
pigo_typebox_basic_exports.CyclicOptions = CyclicOptions;
pigo_typebox_basic_exports.DependentOptions = DependentOptions;
pigo_typebox_basic_exports.FunctionOptions = FunctionOptions;
pigo_typebox_basic_exports.Hint = Hint;
pigo_typebox_basic_exports.IntegerKey = IntegerKey;
pigo_typebox_basic_exports.IntegerPattern = IntegerPattern;
pigo_typebox_basic_exports.IntersectOptions = IntersectOptions;
pigo_typebox_basic_exports.InvalidLiteralValue = InvalidLiteralValue;
pigo_typebox_basic_exports.IsAny = IsAny;
pigo_typebox_basic_exports.IsArray = IsArray;
pigo_typebox_basic_exports.IsBigInt = IsBigInt;
pigo_typebox_basic_exports.IsBoolean = IsBoolean;
pigo_typebox_basic_exports.IsCall = IsCall;
pigo_typebox_basic_exports.IsConstructor = IsConstructor;
pigo_typebox_basic_exports.IsCyclic = IsCyclic;
pigo_typebox_basic_exports.IsDeferred = IsDeferred;
pigo_typebox_basic_exports.IsDependent = IsDependent;
pigo_typebox_basic_exports.IsEnum = IsEnum;
pigo_typebox_basic_exports.IsFunction = IsFunction;
pigo_typebox_basic_exports.IsGeneric = IsGeneric;
pigo_typebox_basic_exports.IsIdentifier = IsIdentifier;
pigo_typebox_basic_exports.IsInfer = IsInfer;
pigo_typebox_basic_exports.IsInteger = IsInteger;
pigo_typebox_basic_exports.IsIntersect = IsIntersect;
pigo_typebox_basic_exports.IsLiteral = IsLiteral;
pigo_typebox_basic_exports.IsLiteralBigInt = IsLiteralBigInt;
pigo_typebox_basic_exports.IsLiteralBoolean = IsLiteralBoolean;
pigo_typebox_basic_exports.IsLiteralNumber = IsLiteralNumber;
pigo_typebox_basic_exports.IsLiteralString = IsLiteralString;
pigo_typebox_basic_exports.IsNever = IsNever;
pigo_typebox_basic_exports.IsNull = IsNull;
pigo_typebox_basic_exports.IsNumber = IsNumber;
pigo_typebox_basic_exports.IsObject = IsObject;
pigo_typebox_basic_exports.IsParameter = IsParameter;
pigo_typebox_basic_exports.IsRecord = IsRecord;
pigo_typebox_basic_exports.IsRef = IsRef;
pigo_typebox_basic_exports.IsRest = IsRest;
pigo_typebox_basic_exports.IsString = IsString;
pigo_typebox_basic_exports.IsSymbol = IsSymbol;
pigo_typebox_basic_exports.IsTemplateLiteral = IsTemplateLiteral;
pigo_typebox_basic_exports.IsThis = IsThis;
pigo_typebox_basic_exports.IsTuple = IsTuple;
pigo_typebox_basic_exports.IsUndefined = IsUndefined;
pigo_typebox_basic_exports.IsUnion = IsUnion;
pigo_typebox_basic_exports.IsUnknown = IsUnknown;
pigo_typebox_basic_exports.IsVoid = IsVoid;
pigo_typebox_basic_exports.Kind = Kind;
pigo_typebox_basic_exports.NeverPattern = NeverPattern;
pigo_typebox_basic_exports.NumberKey = NumberKey;
pigo_typebox_basic_exports.NumberPattern = NumberPattern;
pigo_typebox_basic_exports.ObjectOptions = ObjectOptions;
pigo_typebox_basic_exports.OptionalKind = OptionalKind;
pigo_typebox_basic_exports.ReadonlyKind = ReadonlyKind;
pigo_typebox_basic_exports.RecordOptions = RecordOptions;
pigo_typebox_basic_exports.StringKey = StringKey;
pigo_typebox_basic_exports.StringPattern = StringPattern;
pigo_typebox_basic_exports.TupleOptions = TupleOptions;
pigo_typebox_basic_exports.UnionOptions = UnionOptions;
0 && (module.exports = {
  AddImmutable,
  AddOptional,
  AddReadonly,
  Any,
  Array,
  ArrayOptions,
  BigInt,
  BigIntPattern,
  Boolean,
  CallConstruct,
  Constructor,
  ConstructorOptions,
  Cyclic,
  CyclicOptions,
  Deferred,
  Dependent,
  DependentOptions,
  Enum,
  Function,
  FunctionOptions,
  Generic,
  Hint,
  Identifier,
  Immutable,
  Infer,
  Integer,
  IntegerKey,
  IntegerPattern,
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
  IsThis,
  IsTuple,
  IsTypeScriptEnumLike,
  IsUndefined,
  IsUnion,
  IsUnknown,
  IsUnsafe,
  IsVoid,
  Kind,
  Literal,
  LiteralTypeName,
  Never,
  NeverPattern,
  Null,
  Number,
  NumberKey,
  NumberPattern,
  Object,
  ObjectOptions,
  Optional,
  OptionalKind,
  Parameter,
  PropertyKeys,
  PropertyValues,
  Readonly,
  ReadonlyKind,
  ReadonlyObject,
  ReadonlyType,
  RecordOptions,
  Recursive,
  Ref,
  RemoveImmutable,
  RemoveOptional,
  RemoveReadonly,
  RequiredArray,
  Rest,
  Strict,
  String,
  StringKey,
  StringPattern,
  Symbol,
  This,
  Tuple,
  TupleOptions,
  TypeScriptEnumToEnumValues,
  Undefined,
  Union,
  UnionOptions,
  Unknown,
  Unsafe,
  Void,
  _Array_,
  _Function_,
  _Object_,
  hasKey,
  isArr,
  isNum,
  isObj,
  isStr,
  keysOf,
  mCreate,
  mDiscard,
  mReplace,
  mUpdate,
  unsupported
});
