// pigo:typebox-ext — the rarely used part of pigo's typebox 1.x builder
// (see pigo:typebox-basic for the split): Record, template literals,
// evaluation, Extends, the object actions, refinements and codecs, the
// action variants and Cyclic, plus the generic type engine pigo does not
// port (Call, Mapped, Module, Script throw "not supported yet").

/* eslint-disable @typescript-eslint/no-explicit-any */
type S = any;

import {
  AddImmutable, AddOptional, AddReadonly, Any, BigInt, BigIntPattern, Boolean, Constructor,
  Cyclic, Deferred, Dependent, Enum, Generic, Identifier, Immutable, Infer,
  Integer, IntegerKey, IntegerPattern, Intersect, IsAny, IsArray, IsBigInt, IsBoolean,
  IsCall, IsCodec, IsConstructor, IsCyclic, IsDeferred, IsDependent, IsEnum, IsEnumValue,
  IsFunction, IsGeneric, IsIdentifier, IsImmutable, IsInfer, IsInteger, IsIntersect, IsKind,
  IsLiteral, IsLiteralNumber, IsNever, IsNull, IsNumber, IsObject, IsOptional, IsParameter,
  IsReadonly, IsRecord, IsRef, IsRefine, IsRest, IsSchema, IsString, IsSymbol,
  IsTemplateLiteral, IsThis, IsTuple, IsUndefined, IsUnion, IsUnknown, IsUnsafe, IsVoid,
  Literal, Never, NeverPattern, Null, Number, NumberKey, NumberPattern, Optional,
  Parameter, Readonly, ReadonlyObject, ReadonlyType, Recursive, Ref, RemoveImmutable, RemoveOptional,
  RemoveReadonly, Rest, String, StringKey, StringPattern, Symbol, This, Tuple,
  Undefined, Union, Unknown, Unsafe, Void, _Array_, _Function_, _Object_,
  hasKey, isArr, isNum, isObj, isStr, keysOf, mCreate, mDiscard,
  mReplace, mUpdate, unsupported,
} from "pigo:typebox-basic";

// ---------------------------------------------------------------------------
// Record
// ---------------------------------------------------------------------------

function createRecord(pattern: string, value: S): S {
  return mCreate({ "~kind": "Record" }, { type: "object", patternProperties: { [pattern]: value } });
}
export function RecordFromPattern(pattern: string, value: S): S { return createRecord(pattern, value); }
export function RecordPattern(type: S): string { return keysOf(type.patternProperties)[0]; }
export function RecordValue(type: S): S { return type.patternProperties[RecordPattern(type)]; }
export function RecordPatternToType(pattern: string): S {
  if (pattern === StringKey) return String();
  if (pattern === IntegerKey) return Integer();
  if (pattern === NumberKey) return Number();
  return TemplateLiteralDecodeUnsafe(pattern);
}
export function RecordKey(type: S): S { return RecordPatternToType(RecordPattern(type)); }

function recordFromKey(key: S, value: S): S {
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
    if (flat.some((t: S) => IsString(t) || IsNumber(t) || IsInteger(t))) return createRecord(StringKey, value);
    const props: Record<string, S> = {};
    for (const t of flat) if (IsLiteral(t) && (isStr(t.const) || isNum(t.const))) props[t.const] = value;
    return _Object_(props);
  }
  if (IsString(key)) {
    return hasKey(key, "pattern") && (isStr(key.pattern) || key.pattern instanceof RegExp)
      ? createRecord(key.pattern.toString(), value)
      : createRecord(StringKey, value);
  }
  if (IsTemplateLiteral(key)) {
    const finite = TemplateLiteralFinite(key.pattern);
    return finite ? recordFromKey(Union(finite.map((s) => Literal(s))), value) : createRecord(key.pattern, value);
  }
  return _Object_({});
}
export function Record(key: S, value: S, options: object = {}): S {
  if (!canInstantiate(key)) return Deferred("Record", [key, value], options);
  return mUpdate(recordFromKey(key, value), {}, options as any);
}

// ---------------------------------------------------------------------------
// Template literals
// ---------------------------------------------------------------------------

function templatePatternOf(t: S): string {
  if (IsLiteral(t)) return globalThis.String(t.const);
  if (IsString(t)) return StringPattern;
  if (IsNumber(t)) return NumberPattern;
  if (IsInteger(t)) return IntegerPattern;
  if (IsBigInt(t)) return BigIntPattern;
  if (IsBoolean(t)) return "(false|true)";
  if (IsUnion(t)) return `(${t.anyOf.map(templatePatternOf).join("|")})`;
  if (IsEnum(t)) return `(${t.enum.map((v: any) => globalThis.String(v)).join("|")})`;
  if (IsTemplateLiteral(t)) return t.pattern.replace(/^\^/, "").replace(/\$$/, "");
  return NeverPattern;
}

export function ParseTemplateIntoTypes(template: string): S[] {
  const out: S[] = [];
  let i = 0;
  let lit = "";
  const flush = () => { if (lit !== "") { out.push(Literal(lit)); lit = ""; } };
  while (i < template.length) {
    if (template[i] === "$" && template[i + 1] === "{") {
      const end = template.indexOf("}", i);
      if (end < 0) { lit += template.slice(i); break; }
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
function templateTokenType(tok: string): S {
  const parts = tok.split("|").map((p) => p.trim());
  if (parts.length > 1) return Union(parts.map(templateTokenType));
  switch (tok) {
    case "string": return String();
    case "number": return Number();
    case "integer": return Integer();
    case "bigint": return BigInt();
    case "boolean": return Boolean();
    case "true": return Literal(true);
    case "false": return Literal(false);
  }
  const q = /^(["'`])(.*)\1$/.exec(tok);
  if (q) return Literal(q[2]);
  if (/^-?\d+(\.\d+)?$/.test(tok)) return Literal(globalThis.Number(tok));
  return Literal(tok);
}
export function ParsePatternIntoTypes(pattern: string): S[] {
  return [TemplateLiteralDecodeUnsafe(pattern)];
}
export function TemplateLiteralCreate(pattern: string): S {
  return mCreate({ "~kind": "TemplateLiteral" }, { type: "string", pattern });
}
export function TemplateLiteralEncode(types: S[]): string {
  return `^${types.map(templatePatternOf).join("")}$`;
}
export function TemplateLiteralFromTypes(types: S[]): S {
  return TemplateLiteralCreate(TemplateLiteralEncode(types));
}
export function TemplateLiteralFromString(template: string): S {
  return TemplateLiteralFromTypes(ParseTemplateIntoTypes(template));
}
export function TemplateLiteral(input: string | S[], options: object = {}): S {
  const t = isStr(input) ? TemplateLiteralFromString(input) : TemplateLiteralFromTypes(input);
  return mUpdate(t, {}, options as any);
}

/** Expands a finite template pattern ("^a(b|c)$") to its strings; undefined if infinite. */
function TemplateLiteralFinite(pattern: string): string[] | undefined {
  let p = pattern;
  if (p.startsWith("^")) p = p.slice(1);
  if (p.endsWith("$")) p = p.slice(0, -1);
  if (p.includes(".*") || p.includes(NumberPattern) || p.includes(IntegerPattern) || /[\\*+?[\]]/.test(p.replace(/\(\?:/g, ""))) return undefined;
  const expand = (s: string): string[] => {
    const open = s.indexOf("(");
    if (open < 0) return [s];
    let depth = 0;
    let close = -1;
    for (let i = open; i < s.length; i++) {
      if (s[i] === "(") depth++;
      else if (s[i] === ")" && --depth === 0) { close = i; break; }
    }
    if (close < 0) return [s];
    const inner = s.slice(open + 1, close);
    const alts: string[] = [];
    let d = 0;
    let start = 0;
    for (let i = 0; i < inner.length; i++) {
      if (inner[i] === "(") d++;
      else if (inner[i] === ")") d--;
      else if (inner[i] === "|" && d === 0) { alts.push(inner.slice(start, i)); start = i + 1; }
    }
    alts.push(inner.slice(start));
    const head = s.slice(0, open);
    const tails = expand(s.slice(close + 1));
    const out: string[] = [];
    for (const a of alts) for (const x of expand(a)) for (const t of tails) out.push(head + x + t);
    return out;
  };
  return expand(p);
}
export function IsTemplateLiteralFinite(types: S[]): boolean {
  return TemplateLiteralFinite(TemplateLiteralEncode(types)) !== undefined;
}
export function IsTemplateLiteralPattern(pattern: string): boolean {
  return isStr(pattern) && pattern.startsWith("^") && pattern.endsWith("$");
}
export function TemplateLiteralDecodeUnsafe(pattern: string): S {
  const fin = TemplateLiteralFinite(pattern);
  if (fin) return fin.length === 1 ? Literal(fin[0]) : Union(fin.map((s) => Literal(s)));
  if (pattern === StringKey) return String();
  return String({ pattern });
}
export function TemplateLiteralDecode(pattern: string): S {
  const fin = TemplateLiteralFinite(pattern);
  if (fin) return fin.length === 1 ? Literal(fin[0]) : Union(fin.map((s) => Literal(s)));
  return String();
}
export function EvaluateTemplateLiteral(pattern: string): S {
  return TemplateLiteralDecode(pattern);
}

// ---------------------------------------------------------------------------
// Evaluation (simplified structural version of typebox's engine)
// ---------------------------------------------------------------------------

function canInstantiate(t: S): boolean {
  return !(IsRef(t) || IsDeferred(t) || IsGeneric(t) || IsParameter(t) || IsInfer(t) || IsCall(t) || IsIdentifier(t) || IsThis(t));
}

function deepEq(a: any, b: any): boolean {
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

/** Flattens nested unions. */
export function Flatten(types: S[]): S[] {
  const out: S[] = [];
  for (const t of types) {
    if (IsUnion(t)) out.push(...Flatten(t.anyOf));
    else out.push(t);
  }
  return out;
}
export function EvaluateEnum(values: any[]): S {
  return EvaluateUnionFast(values.map((v) => Literal(v)));
}
/** Union of distinct variants; one variant is returned as is, none as Never. */
export function EvaluateUnionFast(types: S[]): S {
  const out: S[] = [];
  for (const t of Flatten(types)) if (!out.some((o) => deepEq(o, t))) out.push(t);
  return out.length === 0 ? Never() : out.length === 1 ? out[0] : Union(out);
}
/** Removes variants that extend another variant (Literal "a" | String → String). */
export function Broaden(types: S[]): S[] {
  const flat = Flatten(types).filter((t) => !IsNever(t));
  if (flat.some((t) => IsAny(t))) return [Any()];
  if (flat.some((t) => IsUnknown(t))) return [Unknown()];
  const out: S[] = [];
  flat.forEach((t, i) => {
    const covered = flat.some((o, j) => j !== i && extendsCheck(t, o) && (!extendsCheck(o, t) || j < i));
    if (!covered) out.push(t);
  });
  return out;
}
export function EvaluateUnion(types: S[]): S {
  const b = Broaden(types);
  return b.length === 0 ? Never() : b.length === 1 ? b[0] : Union(b);
}
export function Narrow(left: S, right: S): S {
  if (IsAny(left) || IsUnknown(left)) return right;
  if (IsAny(right) || IsUnknown(right)) return left;
  if (IsObject(left) && IsObject(right)) return objectIntersect([left, right]);
  if (extendsCheck(left, right)) return left;
  if (extendsCheck(right, left)) return right;
  if (IsUnion(left) || IsUnion(right)) {
    const ls = IsUnion(left) ? Flatten(left.anyOf) : [left];
    const rs = IsUnion(right) ? Flatten(right.anyOf) : [right];
    const out: S[] = [];
    for (const l of ls) for (const r of rs) { const n = Narrow(l, r); if (!IsNever(n)) out.push(n); }
    return EvaluateUnionFast(out);
  }
  if (isDisjoint(left, right)) return Never();
  return Intersect([left, right]);
}
function primitiveName(t: S): string | undefined {
  for (const k of ["String", "Number", "Integer", "Boolean", "Null", "Undefined", "Void", "BigInt", "Symbol", "Array", "Tuple", "Object", "Record", "Function", "Constructor"]) if (IsKind(t, k)) return k;
  if (IsLiteral(t)) return ({ string: "String", number: "Number", boolean: "Boolean", bigint: "BigInt" } as any)[t.type];
  return undefined;
}
function isDisjoint(a: S, b: S): boolean {
  const pa = primitiveName(a);
  const pb = primitiveName(b);
  if (!pa || !pb) return false;
  const norm = (p: string) => (p === "Integer" ? "Number" : p === "Tuple" ? "Array" : p === "Record" ? "Object" : p);
  return norm(pa) !== norm(pb) || (IsLiteral(a) && IsLiteral(b) && a.const !== b.const);
}
function objectIntersect(objects: S[]): S {
  const props: Record<string, S> = {};
  const optional: Record<string, boolean> = {};
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
  const out: Record<string, S> = {};
  for (const k of keysOf(props)) out[k] = optional[k] ? AddOptional(props[k]) : props[k];
  return _Object_(out);
}
export function EvaluateIntersect(types: S[]): S {
  const flat: S[] = [];
  for (const t of types) if (IsIntersect(t)) flat.push(...t.allOf.map(Evaluate)); else flat.push(Evaluate(t));
  if (flat.length === 0) return Never();
  if (flat.every((t) => IsObject(t))) return objectIntersect(flat);
  return flat.reduce((l, r) => Narrow(l, r));
}
export function EvaluateType(type: S): S { return Evaluate(type); }
export function Evaluate(type: S, options?: object): S {
  let r: S;
  if (IsIntersect(type)) r = EvaluateIntersect(type.allOf);
  else if (IsUnion(type)) r = EvaluateUnion(type.anyOf);
  else if (IsEnum(type)) r = EvaluateEnum(type.enum);
  else if (IsTemplateLiteral(type)) r = type;
  else if (IsDeferred(type)) r = Instantiate({}, type);
  else r = type;
  return options ? mUpdate(r, {}, options as any) : r;
}
export const EvaluatePropertyIntersect = (l: S, r: S) => Narrow(l, r);
export const EvaluatePropertyUnion = (l: S, r: S) => EvaluateUnion([l, r]);
export function EvaluateDependent(type: S): S { return Union([Intersect([type.if, type.then]), type.else]); }

/** Collapses a union/intersection to the object it describes (common keys for unions). */
export function CollapseToObject(type: S): S {
  if (IsObject(type)) return type;
  if (IsCyclic(type)) return CollapseToObject(type.$defs[type.$ref]);
  if (IsIntersect(type)) {
    // left-only keys, then right-only keys, then shared keys (typebox's order)
    const props = type.allOf.reduce((left: Record<string, S>, t: S) => {
      const right = CollapseToObject(t).properties;
      const out: Record<string, S> = {};
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
    const common = keysOf(objs[0].properties).filter((k) => objs.every((o: S) => k in o.properties));
    const props: Record<string, S> = {};
    for (const k of common) {
      const vs = objs.map((o: S) => o.properties[k]);
      const u = EvaluateUnionFast(vs.map((v: S) => RemoveOptional(v)));
      props[k] = vs.some((v: S) => IsOptional(v)) ? AddOptional(u) : u;
    }
    return _Object_(props);
  }
  if (IsDependent(type)) return CollapseToObject(EvaluateDependent(type));
  return _Object_({});
}

// ---------------------------------------------------------------------------
// Extends (simplified structural assignability)
// ---------------------------------------------------------------------------

export const ExtendsResult = {
  ExtendsUnion(inferred: object) { return mCreate({ "~kind": "ExtendsUnion" }, { inferred }); },
  ExtendsTrue(inferred: object) { return mCreate({ "~kind": "ExtendsTrue" }, { inferred }); },
  ExtendsFalse() { return mCreate({ "~kind": "ExtendsFalse" }, {}); },
  IsExtendsUnion: (v: any) => IsKind(v, "ExtendsUnion"),
  IsExtendsTrue: (v: any) => IsKind(v, "ExtendsTrue"),
  IsExtendsFalse: (v: any) => IsKind(v, "ExtendsFalse"),
  IsExtendsTrueLike: (v: any) => IsKind(v, "ExtendsUnion") || IsKind(v, "ExtendsTrue"),
  Match(result: any, t: (inferred: any) => any, f: () => any) {
    return IsKind(result, "ExtendsUnion") || IsKind(result, "ExtendsTrue") ? t(result.inferred) : f();
  },
};

/** Reports whether left is assignable to right. */
function extendsCheck(left: S, right: S): boolean {
  if (IsUnsafe(right) && !hasKey(right, "~kind")) return true;
  if (IsAny(right) || IsUnknown(right)) return true;
  if (IsNever(left)) return true;
  if (IsAny(left) || IsUnknown(left)) return false;
  if (IsEnum(left)) return extendsCheck(EvaluateEnum(left.enum), right);
  if (IsEnum(right)) return extendsCheck(left, EvaluateEnum(right.enum));
  if (IsUnion(left)) return Flatten(left.anyOf).every((t) => extendsCheck(t, right));
  if (IsUnion(right)) return Flatten(right.anyOf).some((t) => extendsCheck(left, t));
  if (IsIntersect(right)) return right.allOf.every((t: S) => extendsCheck(left, t));
  if (IsIntersect(left)) { const e = EvaluateIntersect(left.allOf); return IsIntersect(e) ? e.allOf.some((t: S) => extendsCheck(t, right)) : extendsCheck(e, right); }
  if (IsNever(right)) return false;
  if (IsLiteral(right)) return IsLiteral(left) && left.const === right.const;
  if (IsLiteral(left)) {
    if (IsTemplateLiteral(right)) return isStr(left.const) && new RegExp(right.pattern).test(left.const);
    return primitiveName(left) === primitiveName(right) || (IsNumber(right) && IsLiteralNumber(left)) || (IsInteger(right) && globalThis.Number.isInteger(left.const));
  }
  if (IsTemplateLiteral(left)) return IsString(right) || (IsTemplateLiteral(right) && left.pattern === right.pattern);
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
    if (IsTuple(left)) return left.items.every((t: S) => extendsCheck(t, right.items));
    return false;
  }
  if (IsTuple(right)) {
    return IsTuple(left) && left.items.length === right.items.length && left.items.every((t: S, i: number) => extendsCheck(t, right.items[i]));
  }
  if (IsFunction(right) || IsConstructor(right)) {
    if (left["~kind"] !== right["~kind"]) return false;
    const lr = IsFunction(right) ? left.returnType : left.instanceType;
    const rr = IsFunction(right) ? right.returnType : right.instanceType;
    return extendsCheck(lr, rr) && right.parameters.every((p: S, i: number) => i >= left.parameters.length || extendsCheck(p, left.parameters[i]));
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

export function Extends(inferred: object, left: S, right: S): S {
  if (IsAny(left) && !(IsAny(right) || IsUnknown(right))) return ExtendsResult.ExtendsUnion(inferred ?? {});
  return extendsCheck(left, right) ? ExtendsResult.ExtendsTrue(inferred ?? {}) : ExtendsResult.ExtendsFalse();
}
export function Conditional(left: S, right: S, true_: S, false_: S, options?: object): S {
  const variants = IsUnion(left) ? Flatten(left.anyOf) : [left];
  const results = variants.map((v) => (IsAny(v) ? Union([true_, false_]) : extendsCheck(v, right) ? true_ : false_));
  const r = EvaluateUnionFast(results);
  return options ? mUpdate(r, {}, options as any) : r;
}
function unionOrSingle(types: S[]): S {
  return types.length === 0 ? Never() : types.length === 1 ? types[0] : Union(types);
}
export function Exclude(left: S, right: S, options?: object): S {
  const vs = IsUnion(left) ? Flatten(left.anyOf) : IsEnum(left) ? Flatten([EvaluateEnum(left.enum)]) : [left];
  const r = unionOrSingle(vs.filter((v) => !extendsCheck(v, right)));
  return options ? mUpdate(r, {}, options as any) : r;
}
export function Extract(left: S, right: S, options?: object): S {
  const vs = IsUnion(left) ? Flatten(left.anyOf) : IsEnum(left) ? Flatten([EvaluateEnum(left.enum)]) : [left];
  const r = unionOrSingle(vs.filter((v) => extendsCheck(v, right)));
  return options ? mUpdate(r, {}, options as any) : r;
}
export function NonNullable(type: S, options?: object): S {
  return Exclude(type, Union([Null(), Undefined()]), options);
}

// ---------------------------------------------------------------------------
// Object actions
// ---------------------------------------------------------------------------

function normalizeObject(type: S): S {
  return IsObject(type) ? type : CollapseToObject(type);
}
function keysFrom(keys: any): string[] {
  if (isArr(keys)) return keys.map((k) => globalThis.String(k));
  if (IsSchema(keys)) {
    if (IsLiteral(keys)) return [globalThis.String(keys.const)];
    if (IsUnion(keys)) return Flatten(keys.anyOf).flatMap(keysFrom);
    if (IsEnum(keys)) return keys.enum.map((v: any) => globalThis.String(v));
    if (IsTemplateLiteral(keys)) return TemplateLiteralFinite(keys.pattern) ?? [];
    if (IsDeferred(keys)) return keysFrom(Instantiate({}, keys));
  }
  return [];
}
export function ConvertToIntegerKey(key: string | number): string | number {
  return isStr(key) && /^(0|[1-9][0-9]*)$/.test(key) ? globalThis.Number(key) : key;
}
export function KeysToIndexer(keys: (string | number)[]): S {
  return EvaluateUnionFast(keys.map((k) => Literal(ConvertToIntegerKey(k as any))));
}
export function Partial(type: S, options: object = {}): S {
  if (!canInstantiate(type)) return Deferred("Partial", [type], options);
  let r: S;
  if (IsObject(type)) {
    const props: Record<string, S> = {};
    for (const k of keysOf(type.properties)) props[k] = AddOptional(type.properties[k]);
    r = _Object_(props);
  } else if (IsUnion(type)) r = Union(type.anyOf.map((t: S) => Partial(t)));
  else if (IsIntersect(type) || IsCyclic(type)) r = Partial(CollapseToObject(type));
  else r = _Object_({});
  return mUpdate(r, {}, options as any);
}
export function Required(type: S, options: object = {}): S {
  if (!canInstantiate(type)) return Deferred("Required", [type], options);
  let r: S;
  if (IsObject(type)) {
    const props: Record<string, S> = {};
    for (const k of keysOf(type.properties)) props[k] = mDiscard(type.properties[k], ["~optional"]);
    r = _Object_(props);
  } else if (IsUnion(type)) r = Union(type.anyOf.map((t: S) => Required(t)));
  else if (IsIntersect(type) || IsCyclic(type)) r = Required(CollapseToObject(type));
  else r = _Object_({});
  return mUpdate(r, {}, options as any);
}
export function Pick(type: S, keys: any, options: object = {}): S {
  if (!canInstantiate(type)) return Deferred("Pick", [type, keys], options);
  const obj = normalizeObject(type);
  const ks = keysFrom(keys);
  const props: Record<string, S> = {};
  for (const k of keysOf(obj.properties)) if (ks.includes(k)) props[k] = obj.properties[k];
  return mUpdate(_Object_(props), {}, options as any);
}
export function Omit(type: S, keys: any, options: object = {}): S {
  if (!canInstantiate(type)) return Deferred("Omit", [type, keys], options);
  const obj = normalizeObject(type);
  const ks = keysFrom(keys);
  const props: Record<string, S> = {};
  for (const k of keysOf(obj.properties)) if (!ks.includes(k)) props[k] = obj.properties[k];
  return mUpdate(_Object_(props), {}, options as any);
}
export function KeyOf(type: S, options: object = {}): S {
  if (!canInstantiate(type)) return Deferred("KeyOf", [type], options);
  let t = type;
  if (IsCyclic(t) || IsDependent(t) || IsIntersect(t) || IsUnion(t)) t = CollapseToObject(t);
  let r: S;
  if (IsAny(t)) r = Union([Number(), String(), Symbol()]);
  else if (IsArray(t)) r = Number();
  else if (IsObject(t)) r = KeysToIndexer(keysOf(t.properties));
  else if (IsRecord(t)) r = RecordKey(t);
  else if (IsTuple(t)) r = EvaluateUnionFast(t.items.map((_: S, i: number) => Literal(i)));
  else r = Never();
  return mUpdate(r, {}, options as any);
}
export function Index(type: S, indexer: any, options: object = {}): S {
  if (!canInstantiate(type)) return Deferred("Index", [type, indexer], options);
  let r: S;
  if (IsArray(type)) r = type.items;
  else if (IsTuple(type)) {
    if (IsSchema(indexer) && (IsNumber(indexer) || IsInteger(indexer))) r = EvaluateUnionFast(type.items);
    else r = EvaluateUnionFast(keysFrom(indexer).map((k) => type.items[globalThis.Number(k)]).filter((x) => x !== undefined));
  } else if (IsRecord(type)) r = RecordValue(type);
  else {
    const obj = normalizeObject(type);
    const ks = keysFrom(indexer);
    r = EvaluateUnionFast(ks.filter((k) => k in obj.properties).map((k) => obj.properties[k]));
  }
  return mUpdate(r, {}, options as any);
}
export function Interface(heritage: S[], properties: Record<string, S>, options: object = {}): S {
  const r = EvaluateIntersect([...heritage, _Object_(properties)]);
  return mUpdate(r, {}, options as any);
}
export function Composite(left: S, right: S): S {
  const l = normalizeObject(left).properties;
  const r = normalizeObject(right).properties;
  const props: Record<string, S> = {};
  for (const k of keysOf(l)) props[k] = l[k];
  for (const k of keysOf(r)) props[k] = k in props ? Narrow(props[k], r[k]) : r[k];
  return _Object_(props);
}
export function With(type: S, options: object): S { return mUpdate(type, {}, options as any); }

function intrinsic(type: S, map: (s: string) => string, options?: object): S {
  let r: S;
  if (IsLiteral(type) && isStr(type.const)) r = Literal(map(type.const));
  else if (IsUnion(type)) r = Union(type.anyOf.map((t: S) => intrinsic(t, map)));
  else if (IsEnum(type)) r = intrinsic(EvaluateEnum(type.enum), map);
  else r = type;
  return options ? mUpdate(r, {}, options as any) : r;
}
export const Capitalize = (t: S, o?: object) => intrinsic(t, (s) => s.charAt(0).toUpperCase() + s.slice(1), o);
export const Uncapitalize = (t: S, o?: object) => intrinsic(t, (s) => s.charAt(0).toLowerCase() + s.slice(1), o);
export const Uppercase = (t: S, o?: object) => intrinsic(t, (s) => s.toUpperCase(), o);
export const Lowercase = (t: S, o?: object) => intrinsic(t, (s) => s.toLowerCase(), o);

export function Parameters(type: S, options?: object): S {
  const r = IsFunction(type) ? Tuple(type.parameters) : Never();
  return options ? mUpdate(r, {}, options as any) : r;
}
export function ReturnType(type: S, options?: object): S {
  const r = IsFunction(type) ? type.returnType : Never();
  return options ? mUpdate(r, {}, options as any) : r;
}
export function ConstructorParameters(type: S, options?: object): S {
  const r = IsConstructor(type) ? Tuple(type.parameters) : Never();
  return options ? mUpdate(r, {}, options as any) : r;
}
export function InstanceType(type: S, options?: object): S {
  const r = IsConstructor(type) ? type.instanceType : Never();
  return options ? mUpdate(r, {}, options as any) : r;
}

// ---------------------------------------------------------------------------
// Refine and codecs
// ---------------------------------------------------------------------------

export function RefineAdd(type: S, refinement: S): S {
  const list = IsRefine(type) ? [...type["~refine"], refinement] : [refinement];
  return mUpdate(type, { "~refine": list }, {});
}
export function Refine(type: S, check: (v: unknown) => boolean, error?: any): S {
  const err = error === undefined ? () => "Refine Error" : error;
  return RefineAdd(type, { check, error: err });
}

export class EncodeBuilder {
  type: S;
  decode: (v: any) => any;
  constructor(type: S, decode: (v: any) => any) {
    this.type = type;
    this.decode = decode;
  }
  Encode(callback: (v: any) => any): S {
    const type = this.type;
    const decode = IsCodec(type) ? (v: any) => this.decode(type["~codec"].decode(v)) : this.decode;
    const encode = IsCodec(type) ? (v: any) => type["~codec"].encode(callback(v)) : callback;
    return mUpdate(type, { "~codec": { decode, encode } }, {});
  }
}
export class DecodeBuilder {
  type: S;
  constructor(type: S) { this.type = type; }
  Decode(callback: (v: any) => any): EncodeBuilder { return new EncodeBuilder(this.type, callback); }
}
export function Codec(type: S): DecodeBuilder { return new DecodeBuilder(type); }
export function Decode(type: S, callback: (v: any) => any): S {
  return Codec(type).Decode(callback).Encode(() => { throw Error("Encode not implemented"); });
}
export function Encode(type: S, callback: (v: any) => any): S {
  return Codec(type).Decode(() => { throw Error("Decode not implemented"); }).Encode(callback);
}

// ---------------------------------------------------------------------------
// Instantiate: resolves deferred actions and context references
// ---------------------------------------------------------------------------

const deferredActions: Record<string, (...args: any[]) => S> = {};

function instantiateAny(context: Record<string, S>, value: any): any {
  if (isArr(value)) return value.map((v) => instantiateAny(context, v));
  if (IsSchema(value) && hasKey(value, "~kind")) return Instantiate(context, value);
  return value;
}
export function Instantiate(context: Record<string, S>, type: S): S {
  if (IsDeferred(type)) {
    const fn = deferredActions[type.action];
    if (!fn) return type;
    const params = type.parameters.map((p: any) => instantiateAny(context, p));
    return fn(...params, type.options);
  }
  if (IsRef(type) && isObj(context) && hasKey(context, type.$ref)) return Instantiate(context, context[type.$ref]);
  if (IsObject(type)) {
    const props: Record<string, S> = {};
    for (const k of keysOf(type.properties)) props[k] = Instantiate(context, type.properties[k]);
    return mReplace(type, "properties", props);
  }
  if (IsArray(type)) return mReplace(type, "items", Instantiate(context, type.items));
  if (IsTuple(type)) return mReplace(type, "items", type.items.map((t: S) => Instantiate(context, t)));
  if (IsUnion(type)) return mReplace(type, "anyOf", type.anyOf.map((t: S) => Instantiate(context, t)));
  if (IsIntersect(type)) return mReplace(type, "allOf", type.allOf.map((t: S) => Instantiate(context, t)));
  if (IsRecord(type)) {
    const p = RecordPattern(type);
    return mReplace(type, "patternProperties", { [p]: Instantiate(context, type.patternProperties[p]) });
  }
  return type;
}
export function InstantiateCyclic(context: Record<string, S>, type: S): S { return Instantiate(context, type); }
export function RefInstantiate(context: Record<string, S>, _state: unknown, ref: string): S {
  return hasKey(context ?? {}, ref) ? context[ref] : Ref(ref);
}

// Action table: name → immediate function (arguments as the public builder).
const actionTable: Record<string, (...args: any[]) => S> = {
  AddImmutable, AddOptional, AddReadonly, RemoveImmutable, RemoveOptional, RemoveReadonly,
  Capitalize, Uncapitalize, Uppercase, Lowercase, Conditional, ConstructorParameters, Evaluate,
  Exclude, Extract, Index, InstanceType, Interface, KeyOf, NonNullable, Omit, Parameters, Partial,
  Pick, ReadonlyObject, Record, Required, ReturnType, TemplateLiteral, With,
};
Object.assign(deferredActions, actionTable);

// ---------------------------------------------------------------------------
// Action / Deferred / Instantiate variants of the type actions
// ---------------------------------------------------------------------------

function actionOf(fn: (...a: any[]) => S) {
  return (...args: any[]): S => fn(...args);
}
function deferredOf(name: string, arity: number) {
  return (...args: any[]): S => Deferred(name, args.slice(0, arity), args[arity] ?? {});
}
function instantiateOf(fn: (...a: any[]) => S, arity: number) {
  return (context: Record<string, S>, _state: unknown, ...args: any[]): S =>
    fn(...args.slice(0, arity).map((a) => instantiateAny(context, a)), args[arity] ?? {});
}

export const CapitalizeAction = actionOf(Capitalize);
export const CapitalizeDeferred = deferredOf("Capitalize", 1);
export const CapitalizeInstantiate = instantiateOf(Capitalize, 1);
export const ConditionalAction = actionOf(Conditional);
export const ConditionalDeferred = deferredOf("Conditional", 4);
export const ConditionalInstantiate = instantiateOf(Conditional, 4);
export const ConstructorParametersAction = actionOf(ConstructorParameters);
export const ConstructorParametersDeferred = deferredOf("ConstructorParameters", 1);
export const ConstructorParametersInstantiate = instantiateOf(ConstructorParameters, 1);
export const EvaluateAction = actionOf(Evaluate);
export const EvaluateDeferred = deferredOf("Evaluate", 1);
export const EvaluateInstantiate = instantiateOf(Evaluate, 1);
export const ExcludeAction = actionOf(Exclude);
export const ExcludeDeferred = deferredOf("Exclude", 2);
export const ExcludeInstantiate = instantiateOf(Exclude, 2);
export const ExtractAction = actionOf(Extract);
export const ExtractDeferred = deferredOf("Extract", 2);
export const ExtractInstantiate = instantiateOf(Extract, 2);
export const IndexAction = actionOf(Index);
export const IndexDeferred = deferredOf("Index", 2);
export const IndexInstantiate = instantiateOf(Index, 2);
export const InstanceTypeAction = actionOf(InstanceType);
export const InstanceTypeDeferred = deferredOf("InstanceType", 1);
export const InstanceTypeInstantiate = instantiateOf(InstanceType, 1);
export const InterfaceAction = actionOf(Interface);
export const InterfaceDeferred = deferredOf("Interface", 2);
export const InterfaceInstantiate = instantiateOf(Interface, 2);
export const KeyOfAction = actionOf(KeyOf);
export const KeyOfDeferred = deferredOf("KeyOf", 1);
export const KeyOfInstantiate = instantiateOf(KeyOf, 1);
export const LowercaseAction = actionOf(Lowercase);
export const LowercaseDeferred = deferredOf("Lowercase", 1);
export const LowercaseInstantiate = instantiateOf(Lowercase, 1);
export const NonNullableAction = actionOf(NonNullable);
export const NonNullableDeferred = deferredOf("NonNullable", 1);
export const NonNullableInstantiate = instantiateOf(NonNullable, 1);
export const OmitAction = actionOf(Omit);
export const OmitDeferred = deferredOf("Omit", 2);
export const OmitInstantiate = instantiateOf(Omit, 2);
export const ParametersAction = actionOf(Parameters);
export const ParametersDeferred = deferredOf("Parameters", 1);
export const ParametersInstantiate = instantiateOf(Parameters, 1);
export const PartialAction = actionOf(Partial);
export const PartialDeferred = deferredOf("Partial", 1);
export const PartialInstantiate = instantiateOf(Partial, 1);
export const PickAction = actionOf(Pick);
export const PickDeferred = deferredOf("Pick", 2);
export const PickInstantiate = instantiateOf(Pick, 2);
export const ReadonlyObjectAction = actionOf(ReadonlyObject);
export const ReadonlyObjectDeferred = deferredOf("ReadonlyObject", 1);
export const ReadonlyObjectInstantiate = instantiateOf(ReadonlyObject, 1);
export const RecordAction = actionOf(Record);
export const RecordDeferred = deferredOf("Record", 2);
export const RecordInstantiate = instantiateOf(Record, 2);
export const RequiredAction = actionOf(Required);
export const RequiredDeferred = deferredOf("Required", 1);
export const RequiredInstantiate = instantiateOf(Required, 1);
export const ReturnTypeAction = actionOf(ReturnType);
export const ReturnTypeDeferred = deferredOf("ReturnType", 1);
export const ReturnTypeInstantiate = instantiateOf(ReturnType, 1);
export const UncapitalizeAction = actionOf(Uncapitalize);
export const UncapitalizeDeferred = deferredOf("Uncapitalize", 1);
export const UncapitalizeInstantiate = instantiateOf(Uncapitalize, 1);
export const UppercaseAction = actionOf(Uppercase);
export const UppercaseDeferred = deferredOf("Uppercase", 1);
export const UppercaseInstantiate = instantiateOf(Uppercase, 1);
export const WithAction = actionOf(With);
export const WithDeferred = deferredOf("With", 1);
export const WithInstantiate = instantiateOf(With, 1);
export const AddImmutableDeferred = deferredOf("AddImmutable", 1);
export const AddOptionalDeferred = deferredOf("AddOptional", 1);
export const AddReadonlyDeferred = deferredOf("AddReadonly", 1);
export const RemoveImmutableDeferred = deferredOf("RemoveImmutable", 1);
export const RemoveOptionalDeferred = deferredOf("RemoveOptional", 1);
export const RemoveReadonlyDeferred = deferredOf("RemoveReadonly", 1);
export const TemplateLiteralDeferred = deferredOf("TemplateLiteral", 1);
export const MappedAction = unsupported("typebox MappedAction");
export const MappedDeferred = unsupported("typebox MappedDeferred");
export const MappedInstantiate = unsupported("typebox MappedInstantiate");
export const ModuleDeferred = unsupported("typebox ModuleDeferred");
export const ModuleInstantiate = unsupported("typebox ModuleInstantiate");

// ---------------------------------------------------------------------------
// Cyclic helpers
// ---------------------------------------------------------------------------

export function CyclicTarget(defs: Record<string, S>, ref: string): S { return defs[ref]; }
export function CyclicCandidates(defs: Record<string, S>): string[] { return keysOf(defs); }
export function CyclicDependencies(_defs: Record<string, S>, _ref: string, type: S): string[] {
  const out = new Set<string>();
  const walk = (v: any) => {
    if (isArr(v)) v.forEach(walk);
    else if (isObj(v)) {
      if (IsRef(v)) out.add(v.$ref);
      for (const k of keysOf(v)) if (!k.startsWith("~")) walk(v[k]);
    }
  };
  walk(type);
  return [...out];
}
export function CyclicCheck(stack: string[], defs: Record<string, S>, type: S): boolean {
  return CyclicDependencies(defs, "", type).some((r) => stack.includes(r));
}
export function CyclicExtends(type: S): S { return CollapseToObject(type); }

export const CompareResultEqual = "equal";
export const CompareResultDisjoint = "disjoint";
export const CompareResultLeftInside = "left-inside";
export const CompareResultRightInside = "right-inside";
export function Compare(left: S, right: S): string {
  const l = extendsCheck(left, right);
  const r = extendsCheck(right, left);
  return l && r ? CompareResultEqual : l ? CompareResultLeftInside : r ? CompareResultRightInside : CompareResultDisjoint;
}
export function Distribute(types: S[]): S[] { return Flatten(types); }
/** Sorts variants narrowest first (literals before their base types). */
export function Priority(types: S[]): S[] {
  const rank = (t: S) => (IsLiteral(t) ? 0 : IsObject(t) || IsTuple(t) ? 1 : IsAny(t) || IsUnknown(t) ? 3 : 2);
  return types.map((t, i) => [t, i] as [S, number]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map((x) => x[0]);
}

// ---------------------------------------------------------------------------

export const Call = unsupported("typebox Type.Call");
export const Mapped = unsupported("typebox Type.Mapped");
export const Module = unsupported("typebox Type.Module");
export const Script = unsupported("typebox Type.Script (TypeScript-syntax types)");
