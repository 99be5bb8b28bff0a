// pigo:typebox-basic — the part of pigo's typebox 1.x builder every tool
// schema uses: the guards, the metadata helpers, the primitive and
// structural builders (String, Number, Object, Array, Union, Literal,
// Optional, ...) and their options. The rest (Record, template literals,
// evaluation, Extends, the object actions, refinements and codecs, the
// action variants, Cyclic) is pigo:typebox-ext, which a runtime evaluates
// only when it first uses one of those: evaluating all of typebox cost every
// extension that imports Type about 290 KB of heap before it defined a tool.
// pigo:typebox-core puts the two together under typebox's names.
//

/* eslint-disable @typescript-eslint/no-explicit-any */
type S = any;

// ---------------------------------------------------------------------------
// Guard helpers
// ---------------------------------------------------------------------------

export function isObj(v: unknown): v is Record<string, any> {
  return typeof v === "object" && v !== null;
}
export function isArr(v: unknown): v is any[] {
  return Array.isArray(v);
}
export function isStr(v: unknown): v is string {
  return typeof v === "string";
}
export function isNum(v: unknown): v is number {
  return globalThis.Number.isFinite(v as number);
}
function isUnsafeKey(k: string): boolean {
  return k === "__proto__" || k === "constructor" || k === "prototype";
}
export function hasKey(v: any, k: string): boolean {
  return isUnsafeKey(k) ? Object.prototype.hasOwnProperty.call(v, k) : k in v;
}
export function keysOf(v: any): string[] {
  return Object.getOwnPropertyNames(v);
}

export function unsupported(what: string): (...args: any[]) => never {
  const fn = function () {
    throw new Error(`not supported yet: ${what} (pigo implements typebox's builders and validator, not its generic type engine)`);
  };
  Object.defineProperty(fn, "__pigoUnsupported", { value: true });
  return fn as any;
}

// ---------------------------------------------------------------------------
// Memory: typebox's object constructors (hidden keys are non-enumerable)
// ---------------------------------------------------------------------------

function defHidden(o: any, k: string, v: unknown) {
  Object.defineProperty(o, k, { configurable: true, writable: true, enumerable: false, value: v });
}

/** Creates a type from hidden and enumerable property sets plus options. */
export function mCreate(hidden: Record<string, unknown>, enumerable: Record<string, unknown>, options?: Record<string, unknown>): S {
  const r: any = { ...enumerable, ...(options ?? {}) };
  for (const k of keysOf(hidden)) defHidden(r, k, hidden[k]);
  return r;
}

/** Copies current (keeping descriptors), then sets hidden and enumerable keys. */
export function mUpdate(current: any, hidden: Record<string, unknown>, enumerable?: Record<string, unknown>): S {
  const r: any = {};
  const hk = keysOf(hidden);
  const ek = enumerable ? keysOf(enumerable) : [];
  for (const k of keysOf(current)) {
    if (isUnsafeKey(k) || hk.includes(k) || ek.includes(k)) continue;
    Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(current, k)!);
  }
  for (const k of hk) if (!isUnsafeKey(k)) defHidden(r, k, hidden[k]);
  for (const k of ek) {
    if (isUnsafeKey(k)) continue;
    Object.defineProperty(r, k, { configurable: true, enumerable: true, writable: true, value: (enumerable as any)[k] });
  }
  return r;
}

/** Copies value (keeping descriptors and key order) with one key's value replaced. */
export function mReplace(value: any, key: string, next: unknown): S {
  const r: any = {};
  for (const k of keysOf(value)) {
    const d = Object.getOwnPropertyDescriptor(value, k)!;
    if (k === key) d.value = next;
    Object.defineProperty(r, k, d);
  }
  return r;
}

/** Copies value without the given keys (keeping descriptors). */
export function mDiscard(value: any, drop: string[]): S {
  const r: any = {};
  for (const k of keysOf(value)) {
    if (drop.includes(k)) continue;
    Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(value, k)!);
  }
  return r;
}

/** Left then right, right winning (keeping descriptors). */
function mAssign(left: any, right: any): S {
  const r: any = {};
  const rk = keysOf(right);
  for (const k of keysOf(left)) if (!rk.includes(k)) Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(left, k)!);
  for (const k of rk) Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(right, k)!);
  return r;
}

// ---------------------------------------------------------------------------
// Kinds and guards
// ---------------------------------------------------------------------------

export const Kind = "~kind";
export const OptionalKind = "~optional";
export const ReadonlyKind = "~readonly";
export const Hint = "~hint";

export function IsSchema(value: unknown): boolean {
  return isObj(value);
}
export function IsKind(value: unknown, kind: string): boolean {
  return isObj(value) && hasKey(value, "~kind") && (value as any)["~kind"] === kind;
}
const kindGuard = (kind: string) => (value: unknown) => IsKind(value, kind);

export const IsAny = kindGuard("Any");
export const IsArray = kindGuard("Array");
export const IsBigInt = kindGuard("BigInt");
export const IsBoolean = kindGuard("Boolean");
export const IsCall = kindGuard("Call");
export const IsConstructor = kindGuard("Constructor");
export const IsCyclic = kindGuard("Cyclic");
export const IsDeferred = kindGuard("Deferred");
export const IsDependent = kindGuard("Dependent");
export const IsEnum = kindGuard("Enum");
export const IsFunction = kindGuard("Function");
export const IsGeneric = kindGuard("Generic");
export const IsIdentifier = kindGuard("Identifier");
export const IsInfer = kindGuard("Infer");
export const IsInteger = kindGuard("Integer");
export const IsIntersect = kindGuard("Intersect");
export const IsLiteral = kindGuard("Literal");
export const IsNever = kindGuard("Never");
export const IsNull = kindGuard("Null");
export const IsNumber = kindGuard("Number");
export const IsObject = kindGuard("Object");
export const IsParameter = kindGuard("Parameter");
export const IsRecord = kindGuard("Record");
export const IsRef = kindGuard("Ref");
export const IsRest = kindGuard("Rest");
export const IsString = kindGuard("String");
export const IsSymbol = kindGuard("Symbol");
export const IsTemplateLiteral = kindGuard("TemplateLiteral");
export const IsThis = kindGuard("This");
export const IsTuple = kindGuard("Tuple");
export const IsUndefined = kindGuard("Undefined");
export const IsUnion = kindGuard("Union");
export const IsUnknown = kindGuard("Unknown");
export const IsVoid = kindGuard("Void");

export function IsUnsafe(value: unknown): boolean {
  return isObj(value) && !isArr(value) && hasKey(value, "~unsafe") && (value as any)["~unsafe"] === null;
}
export function IsOptional(value: unknown): boolean {
  return IsSchema(value) && hasKey(value, "~optional");
}
export function IsReadonly(value: unknown): boolean {
  return IsSchema(value) && hasKey(value, "~readonly");
}
export function IsImmutable(value: unknown): boolean {
  return IsSchema(value) && hasKey(value, "~immutable");
}
export function IsEnumValue(value: unknown): boolean {
  return isStr(value) || isNum(value);
}
export function IsLiteralValue(value: unknown): boolean {
  return typeof value === "bigint" || typeof value === "boolean" || isNum(value) || isStr(value);
}
export const IsLiteralBigInt = (v: any) => IsLiteral(v) && typeof v.const === "bigint";
export const IsLiteralBoolean = (v: any) => IsLiteral(v) && typeof v.const === "boolean";
export const IsLiteralNumber = (v: any) => IsLiteral(v) && isNum(v.const);
export const IsLiteralString = (v: any) => IsLiteral(v) && isStr(v.const);
export function IsRefinement(value: any): boolean {
  return isObj(value) && !isArr(value) && typeof value.check === "function" && hasKey(value, "error");
}
export function IsRefine(value: any): boolean {
  return IsSchema(value) && hasKey(value, "~refine") && isArr(value["~refine"]) && value["~refine"].every(IsRefinement);
}
export function IsCodec(value: any): boolean {
  return IsSchema(value) && hasKey(value, "~codec") && isObj(value["~codec"]) && hasKey(value["~codec"], "encode") && hasKey(value["~codec"], "decode");
}
export function IsTypeScriptEnumLike(value: any): boolean {
  return isObj(value) && !isArr(value);
}
export function IsTemplateLiteralDeferred(value: any): boolean {
  return IsSchema(value) && hasKey(value, "action") && value.action === "TemplateLiteral";
}
export function IsInterfaceDeferred(value: any): boolean {
  return IsSchema(value) && hasKey(value, "action") && value.action === "Interface";
}

// ---------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------

export const StringPattern = ".*";
export const NumberPattern = "-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?";
export const IntegerPattern = "-?(?:0|[1-9][0-9]*)";
export const BigIntPattern = "-?(?:0|[1-9][0-9]*)n";
export const NeverPattern = "(?!)";
export const StringKey = `^${StringPattern}$`;
export const NumberKey = `^${NumberPattern}$`;
export const IntegerKey = `^${IntegerPattern}$`;

// ---------------------------------------------------------------------------
// Primitive builders
// ---------------------------------------------------------------------------

export function Any(options?: object): S { return mCreate({ "~kind": "Any" }, {}, options as any); }
export function Unknown(options?: object): S { return mCreate({ "~kind": "Unknown" }, {}, options as any); }
export function Never(options?: object): S { return mCreate({ "~kind": "Never" }, { not: {} }, options as any); }
export function String(options?: object): S { return mCreate({ "~kind": "String" }, { type: "string" }, options as any); }
export function Number(options?: object): S { return mCreate({ "~kind": "Number" }, { type: "number" }, options as any); }
export function Integer(options?: object): S { return mCreate({ "~kind": "Integer" }, { type: "integer" }, options as any); }
export function Boolean(options?: object): S { return mCreate({ "~kind": "Boolean" }, { type: "boolean" }, options as any); }
export function Null(options?: object): S { return mCreate({ "~kind": "Null" }, { type: "null" }, options as any); }
export function Undefined(options?: object): S { return mCreate({ "~kind": "Undefined" }, { type: "undefined" }, options as any); }
export function Void(options?: object): S { return mCreate({ "~kind": "Void" }, { type: "void" }, options as any); }
export function BigInt(options?: object): S { return mCreate({ "~kind": "BigInt" }, { type: "bigint" }, options as any); }
export function Symbol(options?: object): S { return mCreate({ "~kind": "Symbol" }, { type: "symbol" }, options as any); }

export class InvalidLiteralValue extends Error {
  constructor(value: unknown) {
    super("Invalid Literal value");
    Object.defineProperty(this, "cause", { value: { value }, writable: false, configurable: false, enumerable: false });
  }
}
export function LiteralTypeName(value: unknown): string {
  if (typeof value === "bigint") return "bigint";
  if (typeof value === "boolean") return "boolean";
  if (isNum(value)) return "number";
  if (isStr(value)) return "string";
  throw new InvalidLiteralValue(value);
}
export function Literal(value: unknown, options?: object): S {
  return mCreate({ "~kind": "Literal" }, { type: LiteralTypeName(value), const: value }, options as any);
}

// ---------------------------------------------------------------------------
// Structural builders
// ---------------------------------------------------------------------------

export function RequiredArray(properties: Record<string, S>): string[] {
  return keysOf(properties).filter((k) => !IsOptional(properties[k]));
}
export function PropertyKeys(properties: Record<string, S>): string[] { return keysOf(properties); }
export function PropertyValues(properties: Record<string, S>): S[] { return keysOf(properties).map((k) => properties[k]); }

export function _Object_(properties: Record<string, S>, options?: object): S {
  const req = RequiredArray(properties);
  return mCreate({ "~kind": "Object" }, { type: "object", ...(req.length > 0 ? { required: req } : {}), properties }, options as any);
}
export function _Array_(items: S, options?: object): S {
  return mCreate({ "~kind": "Array" }, { type: "array", items }, options as any);
}
export function _Function_(parameters: S[], returnType: S, options?: object): S {
  return mCreate({ "~kind": "Function" }, { type: "function", parameters, returnType }, options as any);
}
export function Constructor(parameters: S[], instanceType: S, options?: object): S {
  return mCreate({ "~kind": "Constructor" }, { type: "constructor", parameters, instanceType }, options as any);
}
export function Tuple(types: S[], options?: object): S {
  return mCreate({ "~kind": "Tuple" }, { type: "array", additionalItems: false, items: types, minItems: types.length }, options as any);
}
export function Union(anyOf: S[], options?: object): S {
  return mCreate({ "~kind": "Union" }, { anyOf }, options as any);
}
export function Intersect(allOf: S[], options?: object): S {
  return mCreate({ "~kind": "Intersect" }, { allOf }, options as any);
}
export function TypeScriptEnumToEnumValues(value: Record<string, any>): any[] {
  return keysOf(value).filter((k) => isNaN(k as any)).map((k) => value[k]);
}
export function Enum(values: any, options?: object): S {
  const vals = IsTypeScriptEnumLike(values) ? TypeScriptEnumToEnumValues(values) : values;
  return mCreate({ "~kind": "Enum" }, { enum: vals }, options as any);
}
export function Ref(ref: string, options?: object): S {
  return mCreate({ "~kind": "Ref" }, { $ref: ref }, options as any);
}
export function This(options?: object): S {
  return mCreate({ "~kind": "This" }, { $ref: "#" }, options as any);
}
export function Unsafe(schema: object): S {
  return mUpdate(schema ?? {}, { "~unsafe": null }, {});
}
export function Cyclic($defs: Record<string, S>, $ref: string, options?: object): S {
  const defs: Record<string, S> = {};
  for (const k of keysOf($defs)) defs[k] = mUpdate($defs[k], {}, { $id: k });
  return mCreate({ "~kind": "Cyclic" }, { $defs: defs, $ref }, options as any);
}
export function Dependent(if_: S, then_: S, else_: S, options?: object): S {
  return mCreate({ "~kind": "Dependent" }, { if: if_, then: then_, else: else_ }, options as any);
}
export function Generic(parameters: S[], expression: S): S {
  return mCreate({ "~kind": "Generic" }, { type: "generic", parameters, expression });
}
export function Identifier(name: string): S {
  return mCreate({ "~kind": "Identifier" }, { name });
}
export function Infer(name: string, extends_?: S): S {
  return mCreate({ "~kind": "Infer" }, { type: "infer", name, extends: extends_ ?? Unknown() });
}
export function Parameter(name: string, extends_?: S, equals?: S): S {
  const ext = extends_ ?? Unknown();
  return mCreate({ "~kind": "Parameter" }, { name, extends: ext, equals: arguments.length >= 3 ? equals : ext });
}
export function Rest(type: S): S {
  return mCreate({ "~kind": "Rest" }, { type: "rest", items: type });
}
export function CallConstruct(target: S, arguments_: S[]): S {
  return mCreate({ "~kind": "Call" }, { type: "call", target, arguments: arguments_ });
}
export function Deferred(action: string, parameters: S[], options?: object): S {
  return mCreate({ "~kind": "Deferred" }, { type: "deferred", action, parameters, options: options ?? {} });
}

let recursiveOrdinal = 0;
/** Type.Recursive from @sinclair/typebox 0.34 (not in typebox 1.x). */
export function Recursive(callback: (self: S) => S, options: Record<string, any> = {}): S {
  const $id = options.$id ?? `T${recursiveOrdinal++}`;
  const self = mCreate({ "~kind": "This" }, { $ref: $id });
  const body = callback(self);
  return mUpdate(body, { "~hint": "Recursive" }, { ...options, $id });
}

// ---------------------------------------------------------------------------
// Modifiers
// ---------------------------------------------------------------------------

export function AddOptional(type: S, options: object = {}): S { return mUpdate(type, { "~optional": true }, options as any); }
export function RemoveOptional(type: S, options: object = {}): S { return mUpdate(mDiscard(type, ["~optional"]), {}, options as any); }
export function AddReadonly(type: S, options: object = {}): S { return mUpdate(type, { "~readonly": true }, options as any); }
export function RemoveReadonly(type: S, options: object = {}): S { return mUpdate(mDiscard(type, ["~readonly"]), {}, options as any); }
export function AddImmutable(type: S, options: object = {}): S { return mUpdate(type, { "~immutable": true }, options as any); }
export function RemoveImmutable(type: S, options: object = {}): S { return mUpdate(mDiscard(type, ["~immutable"]), {}, options as any); }
export function Optional(type: S): S { return AddOptional(type); }
export function Readonly(type: S): S { return AddReadonly(type); }
export function Immutable(type: S): S { return AddImmutable(type); }
export function ReadonlyType(type: S, options: object = {}): S { return AddImmutable(type, options); }
export function ReadonlyObject(type: S, options: object = {}): S {
  if (IsObject(type)) {
    const props: Record<string, S> = {};
    for (const k of keysOf(type.properties)) props[k] = AddReadonly(type.properties[k]);
    return mUpdate(_Object_(props), {}, options as any);
  }
  return AddImmutable(type, options);
}

// ---------------------------------------------------------------------------
// Options extractors
// ---------------------------------------------------------------------------

export const ObjectOptions = (t: S) => mDiscard(t, ["~kind", "type", "properties", "required"]);
export const ArrayOptions = (t: S) => mDiscard(t, ["~kind", "type", "items"]);
export const TupleOptions = (t: S) => mDiscard(t, ["~kind", "type", "items", "minItems", "additionalItems"]);
export const UnionOptions = (t: S) => mDiscard(t, ["~kind", "anyOf"]);
export const IntersectOptions = (t: S) => mDiscard(t, ["~kind", "allOf"]);
export const RecordOptions = (t: S) => mDiscard(t, ["~kind", "type", "patternProperties"]);
export const FunctionOptions = (t: S) => mDiscard(t, ["~kind", "type", "parameters", "returnType"]);
export const ConstructorOptions = (t: S) => mDiscard(t, ["~kind", "type", "parameters", "instanceType"]);
export const CyclicOptions = (t: S) => mDiscard(t, ["~kind", "$defs", "$ref"]);
export const DependentOptions = (t: S) => mDiscard(t, ["~kind", "if", "then", "else"]);


/** Type.Strict from @sinclair/typebox 0.34: the schema as plain JSON. */
export function Strict(schema: S): S {
  return JSON.parse(JSON.stringify(schema));
}

export { _Array_ as Array, _Function_ as Function, _Object_ as Object };
