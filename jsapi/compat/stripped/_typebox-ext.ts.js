var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var pigo_typebox_ext_exports = __defProp({}, "__esModule", { value: true });
pigo_typebox_ext_exports.Broaden = Broaden;
pigo_typebox_ext_exports.Codec = Codec;
pigo_typebox_ext_exports.CollapseToObject = CollapseToObject;
pigo_typebox_ext_exports.Compare = Compare;
pigo_typebox_ext_exports.Composite = Composite;
pigo_typebox_ext_exports.Conditional = Conditional;
pigo_typebox_ext_exports.ConstructorParameters = ConstructorParameters;
pigo_typebox_ext_exports.ConvertToIntegerKey = ConvertToIntegerKey;
pigo_typebox_ext_exports.CyclicCandidates = CyclicCandidates;
pigo_typebox_ext_exports.CyclicCheck = CyclicCheck;
pigo_typebox_ext_exports.CyclicDependencies = CyclicDependencies;
pigo_typebox_ext_exports.CyclicExtends = CyclicExtends;
pigo_typebox_ext_exports.CyclicTarget = CyclicTarget;
pigo_typebox_ext_exports.Decode = Decode;
pigo_typebox_ext_exports.Distribute = Distribute;
pigo_typebox_ext_exports.Encode = Encode;
pigo_typebox_ext_exports.Evaluate = Evaluate;
pigo_typebox_ext_exports.EvaluateDependent = EvaluateDependent;
pigo_typebox_ext_exports.EvaluateEnum = EvaluateEnum;
pigo_typebox_ext_exports.EvaluateIntersect = EvaluateIntersect;
pigo_typebox_ext_exports.EvaluateTemplateLiteral = EvaluateTemplateLiteral;
pigo_typebox_ext_exports.EvaluateType = EvaluateType;
pigo_typebox_ext_exports.EvaluateUnion = EvaluateUnion;
pigo_typebox_ext_exports.EvaluateUnionFast = EvaluateUnionFast;
pigo_typebox_ext_exports.Exclude = Exclude;
pigo_typebox_ext_exports.Extends = Extends;
pigo_typebox_ext_exports.Extract = Extract;
pigo_typebox_ext_exports.Flatten = Flatten;
pigo_typebox_ext_exports.Index = Index;
pigo_typebox_ext_exports.InstanceType = InstanceType;
pigo_typebox_ext_exports.Instantiate = Instantiate;
pigo_typebox_ext_exports.InstantiateCyclic = InstantiateCyclic;
pigo_typebox_ext_exports.Interface = Interface;
pigo_typebox_ext_exports.IsTemplateLiteralFinite = IsTemplateLiteralFinite;
pigo_typebox_ext_exports.IsTemplateLiteralPattern = IsTemplateLiteralPattern;
pigo_typebox_ext_exports.KeyOf = KeyOf;
pigo_typebox_ext_exports.KeysToIndexer = KeysToIndexer;
pigo_typebox_ext_exports.Narrow = Narrow;
pigo_typebox_ext_exports.NonNullable = NonNullable;
pigo_typebox_ext_exports.Omit = Omit;
pigo_typebox_ext_exports.Parameters = Parameters;
pigo_typebox_ext_exports.ParsePatternIntoTypes = ParsePatternIntoTypes;
pigo_typebox_ext_exports.ParseTemplateIntoTypes = ParseTemplateIntoTypes;
pigo_typebox_ext_exports.Partial = Partial;
pigo_typebox_ext_exports.Pick = Pick;
pigo_typebox_ext_exports.Priority = Priority;
pigo_typebox_ext_exports.Record = Record;
pigo_typebox_ext_exports.RecordFromPattern = RecordFromPattern;
pigo_typebox_ext_exports.RecordKey = RecordKey;
pigo_typebox_ext_exports.RecordPattern = RecordPattern;
pigo_typebox_ext_exports.RecordPatternToType = RecordPatternToType;
pigo_typebox_ext_exports.RecordValue = RecordValue;
pigo_typebox_ext_exports.RefInstantiate = RefInstantiate;
pigo_typebox_ext_exports.Refine = Refine;
pigo_typebox_ext_exports.RefineAdd = RefineAdd;
pigo_typebox_ext_exports.Required = Required;
pigo_typebox_ext_exports.ReturnType = ReturnType;
pigo_typebox_ext_exports.TemplateLiteral = TemplateLiteral;
pigo_typebox_ext_exports.TemplateLiteralCreate = TemplateLiteralCreate;
pigo_typebox_ext_exports.TemplateLiteralDecode = TemplateLiteralDecode;
pigo_typebox_ext_exports.TemplateLiteralDecodeUnsafe = TemplateLiteralDecodeUnsafe;
pigo_typebox_ext_exports.TemplateLiteralEncode = TemplateLiteralEncode;
pigo_typebox_ext_exports.TemplateLiteralFromString = TemplateLiteralFromString;
pigo_typebox_ext_exports.TemplateLiteralFromTypes = TemplateLiteralFromTypes;
pigo_typebox_ext_exports.With = With;
module.exports = pigo_typebox_ext_exports;
var import_pigo_typebox_basic = require("pigo:typebox-basic");
function createRecord(pattern, value) {
  return (0, import_pigo_typebox_basic.mCreate)({ "~kind": "Record" }, { type: "object", patternProperties: { [pattern]: value } });
}
function RecordFromPattern(pattern, value) {
  return createRecord(pattern, value);
}
function RecordPattern(type) {
  return (0, import_pigo_typebox_basic.keysOf)(type.patternProperties)[0];
}
function RecordValue(type) {
  return type.patternProperties[RecordPattern(type)];
}
function RecordPatternToType(pattern) {
  if (pattern === import_pigo_typebox_basic.StringKey) return (0, import_pigo_typebox_basic.String)();
  if (pattern === import_pigo_typebox_basic.IntegerKey) return (0, import_pigo_typebox_basic.Integer)();
  if (pattern === import_pigo_typebox_basic.NumberKey) return (0, import_pigo_typebox_basic.Number)();
  return TemplateLiteralDecodeUnsafe(pattern);
}
function RecordKey(type) {
  return RecordPatternToType(RecordPattern(type));
}
function recordFromKey(key, value) {
  if ((0, import_pigo_typebox_basic.IsAny)(key)) return createRecord(import_pigo_typebox_basic.StringKey, value);
  if ((0, import_pigo_typebox_basic.IsBoolean)(key)) return (0, import_pigo_typebox_basic._Object_)({ true: value, false: value });
  if ((0, import_pigo_typebox_basic.IsEnum)(key)) return recordFromKey(EvaluateEnum(key.enum), value);
  if ((0, import_pigo_typebox_basic.IsInteger)(key)) return createRecord(import_pigo_typebox_basic.IntegerKey, value);
  if ((0, import_pigo_typebox_basic.IsIntersect)(key)) return recordFromKey(Evaluate(key), value);
  if ((0, import_pigo_typebox_basic.IsLiteral)(key)) {
    const c = key.const;
    return (0, import_pigo_typebox_basic.isStr)(c) || (0, import_pigo_typebox_basic.isNum)(c) ? (0, import_pigo_typebox_basic._Object_)({ [c]: value }) : c === false ? (0, import_pigo_typebox_basic._Object_)({ false: value }) : c === true ? (0, import_pigo_typebox_basic._Object_)({ true: value }) : (0, import_pigo_typebox_basic._Object_)({});
  }
  if ((0, import_pigo_typebox_basic.IsNumber)(key)) return createRecord(import_pigo_typebox_basic.NumberKey, value);
  if ((0, import_pigo_typebox_basic.IsUnion)(key)) {
    const flat = Flatten(key.anyOf);
    if (flat.some((t) => (0, import_pigo_typebox_basic.IsString)(t) || (0, import_pigo_typebox_basic.IsNumber)(t) || (0, import_pigo_typebox_basic.IsInteger)(t))) return createRecord(import_pigo_typebox_basic.StringKey, value);
    const props = {};
    for (const t of flat) if ((0, import_pigo_typebox_basic.IsLiteral)(t) && ((0, import_pigo_typebox_basic.isStr)(t.const) || (0, import_pigo_typebox_basic.isNum)(t.const))) props[t.const] = value;
    return (0, import_pigo_typebox_basic._Object_)(props);
  }
  if ((0, import_pigo_typebox_basic.IsString)(key)) {
    return (0, import_pigo_typebox_basic.hasKey)(key, "pattern") && ((0, import_pigo_typebox_basic.isStr)(key.pattern) || key.pattern instanceof RegExp) ? createRecord(key.pattern.toString(), value) : createRecord(import_pigo_typebox_basic.StringKey, value);
  }
  if ((0, import_pigo_typebox_basic.IsTemplateLiteral)(key)) {
    const finite = TemplateLiteralFinite(key.pattern);
    return finite ? recordFromKey((0, import_pigo_typebox_basic.Union)(finite.map((s) => (0, import_pigo_typebox_basic.Literal)(s))), value) : createRecord(key.pattern, value);
  }
  return (0, import_pigo_typebox_basic._Object_)({});
}
function Record(key, value, options = {}) {
  if (!canInstantiate(key)) return (0, import_pigo_typebox_basic.Deferred)("Record", [key, value], options);
  return (0, import_pigo_typebox_basic.mUpdate)(recordFromKey(key, value), {}, options);
}
function templatePatternOf(t) {
  if ((0, import_pigo_typebox_basic.IsLiteral)(t)) return globalThis.String(t.const);
  if ((0, import_pigo_typebox_basic.IsString)(t)) return import_pigo_typebox_basic.StringPattern;
  if ((0, import_pigo_typebox_basic.IsNumber)(t)) return import_pigo_typebox_basic.NumberPattern;
  if ((0, import_pigo_typebox_basic.IsInteger)(t)) return import_pigo_typebox_basic.IntegerPattern;
  if ((0, import_pigo_typebox_basic.IsBigInt)(t)) return import_pigo_typebox_basic.BigIntPattern;
  if ((0, import_pigo_typebox_basic.IsBoolean)(t)) return "(false|true)";
  if ((0, import_pigo_typebox_basic.IsUnion)(t)) return `(${t.anyOf.map(templatePatternOf).join("|")})`;
  if ((0, import_pigo_typebox_basic.IsEnum)(t)) return `(${t.enum.map((v) => globalThis.String(v)).join("|")})`;
  if ((0, import_pigo_typebox_basic.IsTemplateLiteral)(t)) return t.pattern.replace(/^\^/, "").replace(/\$$/, "");
  return import_pigo_typebox_basic.NeverPattern;
}
function ParseTemplateIntoTypes(template) {
  const out = [];
  let i = 0;
  let lit = "";
  const flush = () => {
    if (lit !== "") {
      out.push((0, import_pigo_typebox_basic.Literal)(lit));
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
  if (parts.length > 1) return (0, import_pigo_typebox_basic.Union)(parts.map(templateTokenType));
  switch (tok) {
    case "string":
      return (0, import_pigo_typebox_basic.String)();
    case "number":
      return (0, import_pigo_typebox_basic.Number)();
    case "integer":
      return (0, import_pigo_typebox_basic.Integer)();
    case "bigint":
      return (0, import_pigo_typebox_basic.BigInt)();
    case "boolean":
      return (0, import_pigo_typebox_basic.Boolean)();
    case "true":
      return (0, import_pigo_typebox_basic.Literal)(true);
    case "false":
      return (0, import_pigo_typebox_basic.Literal)(false);
  }
  const q = /^(["'`])(.*)\1$/.exec(tok);
  if (q) return (0, import_pigo_typebox_basic.Literal)(q[2]);
  if (/^-?\d+(\.\d+)?$/.test(tok)) return (0, import_pigo_typebox_basic.Literal)(globalThis.Number(tok));
  return (0, import_pigo_typebox_basic.Literal)(tok);
}
function ParsePatternIntoTypes(pattern) {
  return [TemplateLiteralDecodeUnsafe(pattern)];
}
function TemplateLiteralCreate(pattern) {
  return (0, import_pigo_typebox_basic.mCreate)({ "~kind": "TemplateLiteral" }, { type: "string", pattern });
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
  const t = (0, import_pigo_typebox_basic.isStr)(input) ? TemplateLiteralFromString(input) : TemplateLiteralFromTypes(input);
  return (0, import_pigo_typebox_basic.mUpdate)(t, {}, options);
}
function TemplateLiteralFinite(pattern) {
  let p = pattern;
  if (p.startsWith("^")) p = p.slice(1);
  if (p.endsWith("$")) p = p.slice(0, -1);
  if (p.includes(".*") || p.includes(import_pigo_typebox_basic.NumberPattern) || p.includes(import_pigo_typebox_basic.IntegerPattern) || /[\\*+?[\]]/.test(p.replace(/\(\?:/g, ""))) return void 0;
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
  return (0, import_pigo_typebox_basic.isStr)(pattern) && pattern.startsWith("^") && pattern.endsWith("$");
}
function TemplateLiteralDecodeUnsafe(pattern) {
  const fin = TemplateLiteralFinite(pattern);
  if (fin) return fin.length === 1 ? (0, import_pigo_typebox_basic.Literal)(fin[0]) : (0, import_pigo_typebox_basic.Union)(fin.map((s) => (0, import_pigo_typebox_basic.Literal)(s)));
  if (pattern === import_pigo_typebox_basic.StringKey) return (0, import_pigo_typebox_basic.String)();
  return (0, import_pigo_typebox_basic.String)({ pattern });
}
function TemplateLiteralDecode(pattern) {
  const fin = TemplateLiteralFinite(pattern);
  if (fin) return fin.length === 1 ? (0, import_pigo_typebox_basic.Literal)(fin[0]) : (0, import_pigo_typebox_basic.Union)(fin.map((s) => (0, import_pigo_typebox_basic.Literal)(s)));
  return (0, import_pigo_typebox_basic.String)();
}
function EvaluateTemplateLiteral(pattern) {
  return TemplateLiteralDecode(pattern);
}
function canInstantiate(t) {
  return !((0, import_pigo_typebox_basic.IsRef)(t) || (0, import_pigo_typebox_basic.IsDeferred)(t) || (0, import_pigo_typebox_basic.IsGeneric)(t) || (0, import_pigo_typebox_basic.IsParameter)(t) || (0, import_pigo_typebox_basic.IsInfer)(t) || (0, import_pigo_typebox_basic.IsCall)(t) || (0, import_pigo_typebox_basic.IsIdentifier)(t) || (0, import_pigo_typebox_basic.IsThis)(t));
}
function deepEq(a, b) {
  if (a === b) return true;
  if ((0, import_pigo_typebox_basic.isArr)(a)) return (0, import_pigo_typebox_basic.isArr)(b) && a.length === b.length && a.every((x, i) => deepEq(x, b[i]));
  if ((0, import_pigo_typebox_basic.isObj)(a)) {
    if (!(0, import_pigo_typebox_basic.isObj)(b) || (0, import_pigo_typebox_basic.isArr)(b)) return false;
    const ka = (0, import_pigo_typebox_basic.keysOf)(a).filter((k) => !k.startsWith("~"));
    const kb = (0, import_pigo_typebox_basic.keysOf)(b).filter((k) => !k.startsWith("~"));
    return ka.length === kb.length && ka.every((k) => deepEq(a[k], b[k])) && a["~kind"] === b["~kind"];
  }
  return false;
}
function Flatten(types) {
  const out = [];
  for (const t of types) {
    if ((0, import_pigo_typebox_basic.IsUnion)(t)) out.push(...Flatten(t.anyOf));
    else out.push(t);
  }
  return out;
}
function EvaluateEnum(values) {
  return EvaluateUnionFast(values.map((v) => (0, import_pigo_typebox_basic.Literal)(v)));
}
function EvaluateUnionFast(types) {
  const out = [];
  for (const t of Flatten(types)) if (!out.some((o) => deepEq(o, t))) out.push(t);
  return out.length === 0 ? (0, import_pigo_typebox_basic.Never)() : out.length === 1 ? out[0] : (0, import_pigo_typebox_basic.Union)(out);
}
function Broaden(types) {
  const flat = Flatten(types).filter((t) => !(0, import_pigo_typebox_basic.IsNever)(t));
  if (flat.some((t) => (0, import_pigo_typebox_basic.IsAny)(t))) return [(0, import_pigo_typebox_basic.Any)()];
  if (flat.some((t) => (0, import_pigo_typebox_basic.IsUnknown)(t))) return [(0, import_pigo_typebox_basic.Unknown)()];
  const out = [];
  flat.forEach((t, i) => {
    const covered = flat.some((o, j) => j !== i && extendsCheck(t, o) && (!extendsCheck(o, t) || j < i));
    if (!covered) out.push(t);
  });
  return out;
}
function EvaluateUnion(types) {
  const b = Broaden(types);
  return b.length === 0 ? (0, import_pigo_typebox_basic.Never)() : b.length === 1 ? b[0] : (0, import_pigo_typebox_basic.Union)(b);
}
function Narrow(left, right) {
  if ((0, import_pigo_typebox_basic.IsAny)(left) || (0, import_pigo_typebox_basic.IsUnknown)(left)) return right;
  if ((0, import_pigo_typebox_basic.IsAny)(right) || (0, import_pigo_typebox_basic.IsUnknown)(right)) return left;
  if ((0, import_pigo_typebox_basic.IsObject)(left) && (0, import_pigo_typebox_basic.IsObject)(right)) return objectIntersect([left, right]);
  if (extendsCheck(left, right)) return left;
  if (extendsCheck(right, left)) return right;
  if ((0, import_pigo_typebox_basic.IsUnion)(left) || (0, import_pigo_typebox_basic.IsUnion)(right)) {
    const ls = (0, import_pigo_typebox_basic.IsUnion)(left) ? Flatten(left.anyOf) : [left];
    const rs = (0, import_pigo_typebox_basic.IsUnion)(right) ? Flatten(right.anyOf) : [right];
    const out = [];
    for (const l of ls) for (const r of rs) {
      const n = Narrow(l, r);
      if (!(0, import_pigo_typebox_basic.IsNever)(n)) out.push(n);
    }
    return EvaluateUnionFast(out);
  }
  if (isDisjoint(left, right)) return (0, import_pigo_typebox_basic.Never)();
  return (0, import_pigo_typebox_basic.Intersect)([left, right]);
}
function primitiveName(t) {
  for (const k of ["String", "Number", "Integer", "Boolean", "Null", "Undefined", "Void", "BigInt", "Symbol", "Array", "Tuple", "Object", "Record", "Function", "Constructor"]) if ((0, import_pigo_typebox_basic.IsKind)(t, k)) return k;
  if ((0, import_pigo_typebox_basic.IsLiteral)(t)) return { string: "String", number: "Number", boolean: "Boolean", bigint: "BigInt" }[t.type];
  return void 0;
}
function isDisjoint(a, b) {
  const pa = primitiveName(a);
  const pb = primitiveName(b);
  if (!pa || !pb) return false;
  const norm = (p) => p === "Integer" ? "Number" : p === "Tuple" ? "Array" : p === "Record" ? "Object" : p;
  return norm(pa) !== norm(pb) || (0, import_pigo_typebox_basic.IsLiteral)(a) && (0, import_pigo_typebox_basic.IsLiteral)(b) && a.const !== b.const;
}
function objectIntersect(objects) {
  const props = {};
  const optional = {};
  for (const o of objects) {
    for (const k of (0, import_pigo_typebox_basic.keysOf)(o.properties)) {
      const p = o.properties[k];
      const bare = (0, import_pigo_typebox_basic.RemoveOptional)(p);
      if (k in props) {
        props[k] = Narrow(props[k], bare);
        optional[k] = optional[k] && (0, import_pigo_typebox_basic.IsOptional)(p);
      } else {
        props[k] = bare;
        optional[k] = (0, import_pigo_typebox_basic.IsOptional)(p);
      }
    }
  }
  const out = {};
  for (const k of (0, import_pigo_typebox_basic.keysOf)(props)) out[k] = optional[k] ? (0, import_pigo_typebox_basic.AddOptional)(props[k]) : props[k];
  return (0, import_pigo_typebox_basic._Object_)(out);
}
function EvaluateIntersect(types) {
  const flat = [];
  for (const t of types) if ((0, import_pigo_typebox_basic.IsIntersect)(t)) flat.push(...t.allOf.map(Evaluate));
  else flat.push(Evaluate(t));
  if (flat.length === 0) return (0, import_pigo_typebox_basic.Never)();
  if (flat.every((t) => (0, import_pigo_typebox_basic.IsObject)(t))) return objectIntersect(flat);
  return flat.reduce((l, r) => Narrow(l, r));
}
function EvaluateType(type) {
  return Evaluate(type);
}
function Evaluate(type, options) {
  let r;
  if ((0, import_pigo_typebox_basic.IsIntersect)(type)) r = EvaluateIntersect(type.allOf);
  else if ((0, import_pigo_typebox_basic.IsUnion)(type)) r = EvaluateUnion(type.anyOf);
  else if ((0, import_pigo_typebox_basic.IsEnum)(type)) r = EvaluateEnum(type.enum);
  else if ((0, import_pigo_typebox_basic.IsTemplateLiteral)(type)) r = type;
  else if ((0, import_pigo_typebox_basic.IsDeferred)(type)) r = Instantiate({}, type);
  else r = type;
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
const EvaluatePropertyIntersect = (l, r) => Narrow(l, r);
const EvaluatePropertyUnion = (l, r) => EvaluateUnion([l, r]);
function EvaluateDependent(type) {
  return (0, import_pigo_typebox_basic.Union)([(0, import_pigo_typebox_basic.Intersect)([type.if, type.then]), type.else]);
}
function CollapseToObject(type) {
  if ((0, import_pigo_typebox_basic.IsObject)(type)) return type;
  if ((0, import_pigo_typebox_basic.IsCyclic)(type)) return CollapseToObject(type.$defs[type.$ref]);
  if ((0, import_pigo_typebox_basic.IsIntersect)(type)) {
    const props = type.allOf.reduce((left, t) => {
      const right = CollapseToObject(t).properties;
      const out = {};
      for (const k of (0, import_pigo_typebox_basic.keysOf)(left)) if (!(k in right)) out[k] = left[k];
      for (const k of (0, import_pigo_typebox_basic.keysOf)(right)) if (!(k in left)) out[k] = right[k];
      for (const k of (0, import_pigo_typebox_basic.keysOf)(left)) if (k in right) out[k] = Narrow(left[k], right[k]);
      return out;
    }, {});
    return (0, import_pigo_typebox_basic._Object_)(props);
  }
  if ((0, import_pigo_typebox_basic.IsUnion)(type)) {
    const objs = Flatten(type.anyOf).map(CollapseToObject);
    if (objs.length === 0) return (0, import_pigo_typebox_basic._Object_)({});
    const common = (0, import_pigo_typebox_basic.keysOf)(objs[0].properties).filter((k) => objs.every((o) => k in o.properties));
    const props = {};
    for (const k of common) {
      const vs = objs.map((o) => o.properties[k]);
      const u = EvaluateUnionFast(vs.map((v) => (0, import_pigo_typebox_basic.RemoveOptional)(v)));
      props[k] = vs.some((v) => (0, import_pigo_typebox_basic.IsOptional)(v)) ? (0, import_pigo_typebox_basic.AddOptional)(u) : u;
    }
    return (0, import_pigo_typebox_basic._Object_)(props);
  }
  if ((0, import_pigo_typebox_basic.IsDependent)(type)) return CollapseToObject(EvaluateDependent(type));
  return (0, import_pigo_typebox_basic._Object_)({});
}
const ExtendsResult = {
  ExtendsUnion(inferred) {
    return (0, import_pigo_typebox_basic.mCreate)({ "~kind": "ExtendsUnion" }, { inferred });
  },
  ExtendsTrue(inferred) {
    return (0, import_pigo_typebox_basic.mCreate)({ "~kind": "ExtendsTrue" }, { inferred });
  },
  ExtendsFalse() {
    return (0, import_pigo_typebox_basic.mCreate)({ "~kind": "ExtendsFalse" }, {});
  },
  IsExtendsUnion: (v) => (0, import_pigo_typebox_basic.IsKind)(v, "ExtendsUnion"),
  IsExtendsTrue: (v) => (0, import_pigo_typebox_basic.IsKind)(v, "ExtendsTrue"),
  IsExtendsFalse: (v) => (0, import_pigo_typebox_basic.IsKind)(v, "ExtendsFalse"),
  IsExtendsTrueLike: (v) => (0, import_pigo_typebox_basic.IsKind)(v, "ExtendsUnion") || (0, import_pigo_typebox_basic.IsKind)(v, "ExtendsTrue"),
  Match(result, t, f) {
    return (0, import_pigo_typebox_basic.IsKind)(result, "ExtendsUnion") || (0, import_pigo_typebox_basic.IsKind)(result, "ExtendsTrue") ? t(result.inferred) : f();
  }
};
function extendsCheck(left, right) {
  if ((0, import_pigo_typebox_basic.IsUnsafe)(right) && !(0, import_pigo_typebox_basic.hasKey)(right, "~kind")) return true;
  if ((0, import_pigo_typebox_basic.IsAny)(right) || (0, import_pigo_typebox_basic.IsUnknown)(right)) return true;
  if ((0, import_pigo_typebox_basic.IsNever)(left)) return true;
  if ((0, import_pigo_typebox_basic.IsAny)(left) || (0, import_pigo_typebox_basic.IsUnknown)(left)) return false;
  if ((0, import_pigo_typebox_basic.IsEnum)(left)) return extendsCheck(EvaluateEnum(left.enum), right);
  if ((0, import_pigo_typebox_basic.IsEnum)(right)) return extendsCheck(left, EvaluateEnum(right.enum));
  if ((0, import_pigo_typebox_basic.IsUnion)(left)) return Flatten(left.anyOf).every((t) => extendsCheck(t, right));
  if ((0, import_pigo_typebox_basic.IsUnion)(right)) return Flatten(right.anyOf).some((t) => extendsCheck(left, t));
  if ((0, import_pigo_typebox_basic.IsIntersect)(right)) return right.allOf.every((t) => extendsCheck(left, t));
  if ((0, import_pigo_typebox_basic.IsIntersect)(left)) {
    const e = EvaluateIntersect(left.allOf);
    return (0, import_pigo_typebox_basic.IsIntersect)(e) ? e.allOf.some((t) => extendsCheck(t, right)) : extendsCheck(e, right);
  }
  if ((0, import_pigo_typebox_basic.IsNever)(right)) return false;
  if ((0, import_pigo_typebox_basic.IsLiteral)(right)) return (0, import_pigo_typebox_basic.IsLiteral)(left) && left.const === right.const;
  if ((0, import_pigo_typebox_basic.IsLiteral)(left)) {
    if ((0, import_pigo_typebox_basic.IsTemplateLiteral)(right)) return (0, import_pigo_typebox_basic.isStr)(left.const) && new RegExp(right.pattern).test(left.const);
    return primitiveName(left) === primitiveName(right) || (0, import_pigo_typebox_basic.IsNumber)(right) && (0, import_pigo_typebox_basic.IsLiteralNumber)(left) || (0, import_pigo_typebox_basic.IsInteger)(right) && globalThis.Number.isInteger(left.const);
  }
  if ((0, import_pigo_typebox_basic.IsTemplateLiteral)(left)) return (0, import_pigo_typebox_basic.IsString)(right) || (0, import_pigo_typebox_basic.IsTemplateLiteral)(right) && left.pattern === right.pattern;
  if ((0, import_pigo_typebox_basic.IsString)(right)) return (0, import_pigo_typebox_basic.IsString)(left);
  if ((0, import_pigo_typebox_basic.IsNumber)(right)) return (0, import_pigo_typebox_basic.IsNumber)(left) || (0, import_pigo_typebox_basic.IsInteger)(left);
  if ((0, import_pigo_typebox_basic.IsInteger)(right)) return (0, import_pigo_typebox_basic.IsInteger)(left);
  if ((0, import_pigo_typebox_basic.IsBoolean)(right)) return (0, import_pigo_typebox_basic.IsBoolean)(left);
  if ((0, import_pigo_typebox_basic.IsNull)(right)) return (0, import_pigo_typebox_basic.IsNull)(left);
  if ((0, import_pigo_typebox_basic.IsUndefined)(right)) return (0, import_pigo_typebox_basic.IsUndefined)(left) || (0, import_pigo_typebox_basic.IsVoid)(left);
  if ((0, import_pigo_typebox_basic.IsVoid)(right)) return (0, import_pigo_typebox_basic.IsVoid)(left) || (0, import_pigo_typebox_basic.IsUndefined)(left);
  if ((0, import_pigo_typebox_basic.IsBigInt)(right)) return (0, import_pigo_typebox_basic.IsBigInt)(left);
  if ((0, import_pigo_typebox_basic.IsSymbol)(right)) return (0, import_pigo_typebox_basic.IsSymbol)(left);
  if ((0, import_pigo_typebox_basic.IsArray)(right)) {
    if ((0, import_pigo_typebox_basic.IsArray)(left)) return extendsCheck(left.items, right.items);
    if ((0, import_pigo_typebox_basic.IsTuple)(left)) return left.items.every((t) => extendsCheck(t, right.items));
    return false;
  }
  if ((0, import_pigo_typebox_basic.IsTuple)(right)) {
    return (0, import_pigo_typebox_basic.IsTuple)(left) && left.items.length === right.items.length && left.items.every((t, i) => extendsCheck(t, right.items[i]));
  }
  if ((0, import_pigo_typebox_basic.IsFunction)(right) || (0, import_pigo_typebox_basic.IsConstructor)(right)) {
    if (left["~kind"] !== right["~kind"]) return false;
    const lr = (0, import_pigo_typebox_basic.IsFunction)(right) ? left.returnType : left.instanceType;
    const rr = (0, import_pigo_typebox_basic.IsFunction)(right) ? right.returnType : right.instanceType;
    return extendsCheck(lr, rr) && right.parameters.every((p, i) => i >= left.parameters.length || extendsCheck(p, left.parameters[i]));
  }
  if ((0, import_pigo_typebox_basic.IsObject)(right)) {
    const l = (0, import_pigo_typebox_basic.IsObject)(left) ? left : (0, import_pigo_typebox_basic.IsRecord)(left) ? null : (0, import_pigo_typebox_basic.IsCyclic)(left) ? CollapseToObject(left) : null;
    if (!l) return (0, import_pigo_typebox_basic.IsRecord)(left) ? (0, import_pigo_typebox_basic.keysOf)(right.properties).length === 0 : false;
    return (0, import_pigo_typebox_basic.keysOf)(right.properties).every((k) => {
      const rp = right.properties[k];
      if (!(k in l.properties)) return (0, import_pigo_typebox_basic.IsOptional)(rp);
      const lp = l.properties[k];
      if ((0, import_pigo_typebox_basic.IsOptional)(lp) && !(0, import_pigo_typebox_basic.IsOptional)(rp)) return false;
      return extendsCheck((0, import_pigo_typebox_basic.RemoveOptional)(lp), (0, import_pigo_typebox_basic.RemoveOptional)(rp));
    });
  }
  if ((0, import_pigo_typebox_basic.IsRecord)(right)) {
    if ((0, import_pigo_typebox_basic.IsRecord)(left)) return extendsCheck(RecordValue(left), RecordValue(right));
    if ((0, import_pigo_typebox_basic.IsObject)(left)) return (0, import_pigo_typebox_basic.keysOf)(left.properties).every((k) => extendsCheck((0, import_pigo_typebox_basic.RemoveOptional)(left.properties[k]), RecordValue(right)));
    return false;
  }
  return deepEq(left, right);
}
function Extends(inferred, left, right) {
  if ((0, import_pigo_typebox_basic.IsAny)(left) && !((0, import_pigo_typebox_basic.IsAny)(right) || (0, import_pigo_typebox_basic.IsUnknown)(right))) return ExtendsResult.ExtendsUnion(inferred ?? {});
  return extendsCheck(left, right) ? ExtendsResult.ExtendsTrue(inferred ?? {}) : ExtendsResult.ExtendsFalse();
}
function Conditional(left, right, true_, false_, options) {
  const variants = (0, import_pigo_typebox_basic.IsUnion)(left) ? Flatten(left.anyOf) : [left];
  const results = variants.map((v) => (0, import_pigo_typebox_basic.IsAny)(v) ? (0, import_pigo_typebox_basic.Union)([true_, false_]) : extendsCheck(v, right) ? true_ : false_);
  const r = EvaluateUnionFast(results);
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function unionOrSingle(types) {
  return types.length === 0 ? (0, import_pigo_typebox_basic.Never)() : types.length === 1 ? types[0] : (0, import_pigo_typebox_basic.Union)(types);
}
function Exclude(left, right, options) {
  const vs = (0, import_pigo_typebox_basic.IsUnion)(left) ? Flatten(left.anyOf) : (0, import_pigo_typebox_basic.IsEnum)(left) ? Flatten([EvaluateEnum(left.enum)]) : [left];
  const r = unionOrSingle(vs.filter((v) => !extendsCheck(v, right)));
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function Extract(left, right, options) {
  const vs = (0, import_pigo_typebox_basic.IsUnion)(left) ? Flatten(left.anyOf) : (0, import_pigo_typebox_basic.IsEnum)(left) ? Flatten([EvaluateEnum(left.enum)]) : [left];
  const r = unionOrSingle(vs.filter((v) => extendsCheck(v, right)));
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function NonNullable(type, options) {
  return Exclude(type, (0, import_pigo_typebox_basic.Union)([(0, import_pigo_typebox_basic.Null)(), (0, import_pigo_typebox_basic.Undefined)()]), options);
}
function normalizeObject(type) {
  return (0, import_pigo_typebox_basic.IsObject)(type) ? type : CollapseToObject(type);
}
function keysFrom(keys) {
  if ((0, import_pigo_typebox_basic.isArr)(keys)) return keys.map((k) => globalThis.String(k));
  if ((0, import_pigo_typebox_basic.IsSchema)(keys)) {
    if ((0, import_pigo_typebox_basic.IsLiteral)(keys)) return [globalThis.String(keys.const)];
    if ((0, import_pigo_typebox_basic.IsUnion)(keys)) return Flatten(keys.anyOf).flatMap(keysFrom);
    if ((0, import_pigo_typebox_basic.IsEnum)(keys)) return keys.enum.map((v) => globalThis.String(v));
    if ((0, import_pigo_typebox_basic.IsTemplateLiteral)(keys)) return TemplateLiteralFinite(keys.pattern) ?? [];
    if ((0, import_pigo_typebox_basic.IsDeferred)(keys)) return keysFrom(Instantiate({}, keys));
  }
  return [];
}
function ConvertToIntegerKey(key) {
  return (0, import_pigo_typebox_basic.isStr)(key) && /^(0|[1-9][0-9]*)$/.test(key) ? globalThis.Number(key) : key;
}
function KeysToIndexer(keys) {
  return EvaluateUnionFast(keys.map((k) => (0, import_pigo_typebox_basic.Literal)(ConvertToIntegerKey(k))));
}
function Partial(type, options = {}) {
  if (!canInstantiate(type)) return (0, import_pigo_typebox_basic.Deferred)("Partial", [type], options);
  let r;
  if ((0, import_pigo_typebox_basic.IsObject)(type)) {
    const props = {};
    for (const k of (0, import_pigo_typebox_basic.keysOf)(type.properties)) props[k] = (0, import_pigo_typebox_basic.AddOptional)(type.properties[k]);
    r = (0, import_pigo_typebox_basic._Object_)(props);
  } else if ((0, import_pigo_typebox_basic.IsUnion)(type)) r = (0, import_pigo_typebox_basic.Union)(type.anyOf.map((t) => Partial(t)));
  else if ((0, import_pigo_typebox_basic.IsIntersect)(type) || (0, import_pigo_typebox_basic.IsCyclic)(type)) r = Partial(CollapseToObject(type));
  else r = (0, import_pigo_typebox_basic._Object_)({});
  return (0, import_pigo_typebox_basic.mUpdate)(r, {}, options);
}
function Required(type, options = {}) {
  if (!canInstantiate(type)) return (0, import_pigo_typebox_basic.Deferred)("Required", [type], options);
  let r;
  if ((0, import_pigo_typebox_basic.IsObject)(type)) {
    const props = {};
    for (const k of (0, import_pigo_typebox_basic.keysOf)(type.properties)) props[k] = (0, import_pigo_typebox_basic.mDiscard)(type.properties[k], ["~optional"]);
    r = (0, import_pigo_typebox_basic._Object_)(props);
  } else if ((0, import_pigo_typebox_basic.IsUnion)(type)) r = (0, import_pigo_typebox_basic.Union)(type.anyOf.map((t) => Required(t)));
  else if ((0, import_pigo_typebox_basic.IsIntersect)(type) || (0, import_pigo_typebox_basic.IsCyclic)(type)) r = Required(CollapseToObject(type));
  else r = (0, import_pigo_typebox_basic._Object_)({});
  return (0, import_pigo_typebox_basic.mUpdate)(r, {}, options);
}
function Pick(type, keys, options = {}) {
  if (!canInstantiate(type)) return (0, import_pigo_typebox_basic.Deferred)("Pick", [type, keys], options);
  const obj = normalizeObject(type);
  const ks = keysFrom(keys);
  const props = {};
  for (const k of (0, import_pigo_typebox_basic.keysOf)(obj.properties)) if (ks.includes(k)) props[k] = obj.properties[k];
  return (0, import_pigo_typebox_basic.mUpdate)((0, import_pigo_typebox_basic._Object_)(props), {}, options);
}
function Omit(type, keys, options = {}) {
  if (!canInstantiate(type)) return (0, import_pigo_typebox_basic.Deferred)("Omit", [type, keys], options);
  const obj = normalizeObject(type);
  const ks = keysFrom(keys);
  const props = {};
  for (const k of (0, import_pigo_typebox_basic.keysOf)(obj.properties)) if (!ks.includes(k)) props[k] = obj.properties[k];
  return (0, import_pigo_typebox_basic.mUpdate)((0, import_pigo_typebox_basic._Object_)(props), {}, options);
}
function KeyOf(type, options = {}) {
  if (!canInstantiate(type)) return (0, import_pigo_typebox_basic.Deferred)("KeyOf", [type], options);
  let t = type;
  if ((0, import_pigo_typebox_basic.IsCyclic)(t) || (0, import_pigo_typebox_basic.IsDependent)(t) || (0, import_pigo_typebox_basic.IsIntersect)(t) || (0, import_pigo_typebox_basic.IsUnion)(t)) t = CollapseToObject(t);
  let r;
  if ((0, import_pigo_typebox_basic.IsAny)(t)) r = (0, import_pigo_typebox_basic.Union)([(0, import_pigo_typebox_basic.Number)(), (0, import_pigo_typebox_basic.String)(), (0, import_pigo_typebox_basic.Symbol)()]);
  else if ((0, import_pigo_typebox_basic.IsArray)(t)) r = (0, import_pigo_typebox_basic.Number)();
  else if ((0, import_pigo_typebox_basic.IsObject)(t)) r = KeysToIndexer((0, import_pigo_typebox_basic.keysOf)(t.properties));
  else if ((0, import_pigo_typebox_basic.IsRecord)(t)) r = RecordKey(t);
  else if ((0, import_pigo_typebox_basic.IsTuple)(t)) r = EvaluateUnionFast(t.items.map((_, i) => (0, import_pigo_typebox_basic.Literal)(i)));
  else r = (0, import_pigo_typebox_basic.Never)();
  return (0, import_pigo_typebox_basic.mUpdate)(r, {}, options);
}
function Index(type, indexer, options = {}) {
  if (!canInstantiate(type)) return (0, import_pigo_typebox_basic.Deferred)("Index", [type, indexer], options);
  let r;
  if ((0, import_pigo_typebox_basic.IsArray)(type)) r = type.items;
  else if ((0, import_pigo_typebox_basic.IsTuple)(type)) {
    if ((0, import_pigo_typebox_basic.IsSchema)(indexer) && ((0, import_pigo_typebox_basic.IsNumber)(indexer) || (0, import_pigo_typebox_basic.IsInteger)(indexer))) r = EvaluateUnionFast(type.items);
    else r = EvaluateUnionFast(keysFrom(indexer).map((k) => type.items[globalThis.Number(k)]).filter((x) => x !== void 0));
  } else if ((0, import_pigo_typebox_basic.IsRecord)(type)) r = RecordValue(type);
  else {
    const obj = normalizeObject(type);
    const ks = keysFrom(indexer);
    r = EvaluateUnionFast(ks.filter((k) => k in obj.properties).map((k) => obj.properties[k]));
  }
  return (0, import_pigo_typebox_basic.mUpdate)(r, {}, options);
}
function Interface(heritage, properties, options = {}) {
  const r = EvaluateIntersect([...heritage, (0, import_pigo_typebox_basic._Object_)(properties)]);
  return (0, import_pigo_typebox_basic.mUpdate)(r, {}, options);
}
function Composite(left, right) {
  const l = normalizeObject(left).properties;
  const r = normalizeObject(right).properties;
  const props = {};
  for (const k of (0, import_pigo_typebox_basic.keysOf)(l)) props[k] = l[k];
  for (const k of (0, import_pigo_typebox_basic.keysOf)(r)) props[k] = k in props ? Narrow(props[k], r[k]) : r[k];
  return (0, import_pigo_typebox_basic._Object_)(props);
}
function With(type, options) {
  return (0, import_pigo_typebox_basic.mUpdate)(type, {}, options);
}
function intrinsic(type, map, options) {
  let r;
  if ((0, import_pigo_typebox_basic.IsLiteral)(type) && (0, import_pigo_typebox_basic.isStr)(type.const)) r = (0, import_pigo_typebox_basic.Literal)(map(type.const));
  else if ((0, import_pigo_typebox_basic.IsUnion)(type)) r = (0, import_pigo_typebox_basic.Union)(type.anyOf.map((t) => intrinsic(t, map)));
  else if ((0, import_pigo_typebox_basic.IsEnum)(type)) r = intrinsic(EvaluateEnum(type.enum), map);
  else r = type;
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
const Capitalize = (t, o) => intrinsic(t, (s) => s.charAt(0).toUpperCase() + s.slice(1), o);
const Uncapitalize = (t, o) => intrinsic(t, (s) => s.charAt(0).toLowerCase() + s.slice(1), o);
const Uppercase = (t, o) => intrinsic(t, (s) => s.toUpperCase(), o);
const Lowercase = (t, o) => intrinsic(t, (s) => s.toLowerCase(), o);
function Parameters(type, options) {
  const r = (0, import_pigo_typebox_basic.IsFunction)(type) ? (0, import_pigo_typebox_basic.Tuple)(type.parameters) : (0, import_pigo_typebox_basic.Never)();
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function ReturnType(type, options) {
  const r = (0, import_pigo_typebox_basic.IsFunction)(type) ? type.returnType : (0, import_pigo_typebox_basic.Never)();
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function ConstructorParameters(type, options) {
  const r = (0, import_pigo_typebox_basic.IsConstructor)(type) ? (0, import_pigo_typebox_basic.Tuple)(type.parameters) : (0, import_pigo_typebox_basic.Never)();
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function InstanceType(type, options) {
  const r = (0, import_pigo_typebox_basic.IsConstructor)(type) ? type.instanceType : (0, import_pigo_typebox_basic.Never)();
  return options ? (0, import_pigo_typebox_basic.mUpdate)(r, {}, options) : r;
}
function RefineAdd(type, refinement) {
  const list = (0, import_pigo_typebox_basic.IsRefine)(type) ? [...type["~refine"], refinement] : [refinement];
  return (0, import_pigo_typebox_basic.mUpdate)(type, { "~refine": list }, {});
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
    const decode = (0, import_pigo_typebox_basic.IsCodec)(type) ? (v) => this.decode(type["~codec"].decode(v)) : this.decode;
    const encode = (0, import_pigo_typebox_basic.IsCodec)(type) ? (v) => type["~codec"].encode(callback(v)) : callback;
    return (0, import_pigo_typebox_basic.mUpdate)(type, { "~codec": { decode, encode } }, {});
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
  if ((0, import_pigo_typebox_basic.isArr)(value)) return value.map((v) => instantiateAny(context, v));
  if ((0, import_pigo_typebox_basic.IsSchema)(value) && (0, import_pigo_typebox_basic.hasKey)(value, "~kind")) return Instantiate(context, value);
  return value;
}
function Instantiate(context, type) {
  if ((0, import_pigo_typebox_basic.IsDeferred)(type)) {
    const fn = deferredActions[type.action];
    if (!fn) return type;
    const params = type.parameters.map((p) => instantiateAny(context, p));
    return fn(...params, type.options);
  }
  if ((0, import_pigo_typebox_basic.IsRef)(type) && (0, import_pigo_typebox_basic.isObj)(context) && (0, import_pigo_typebox_basic.hasKey)(context, type.$ref)) return Instantiate(context, context[type.$ref]);
  if ((0, import_pigo_typebox_basic.IsObject)(type)) {
    const props = {};
    for (const k of (0, import_pigo_typebox_basic.keysOf)(type.properties)) props[k] = Instantiate(context, type.properties[k]);
    return (0, import_pigo_typebox_basic.mReplace)(type, "properties", props);
  }
  if ((0, import_pigo_typebox_basic.IsArray)(type)) return (0, import_pigo_typebox_basic.mReplace)(type, "items", Instantiate(context, type.items));
  if ((0, import_pigo_typebox_basic.IsTuple)(type)) return (0, import_pigo_typebox_basic.mReplace)(type, "items", type.items.map((t) => Instantiate(context, t)));
  if ((0, import_pigo_typebox_basic.IsUnion)(type)) return (0, import_pigo_typebox_basic.mReplace)(type, "anyOf", type.anyOf.map((t) => Instantiate(context, t)));
  if ((0, import_pigo_typebox_basic.IsIntersect)(type)) return (0, import_pigo_typebox_basic.mReplace)(type, "allOf", type.allOf.map((t) => Instantiate(context, t)));
  if ((0, import_pigo_typebox_basic.IsRecord)(type)) {
    const p = RecordPattern(type);
    return (0, import_pigo_typebox_basic.mReplace)(type, "patternProperties", { [p]: Instantiate(context, type.patternProperties[p]) });
  }
  return type;
}
function InstantiateCyclic(context, type) {
  return Instantiate(context, type);
}
function RefInstantiate(context, _state, ref) {
  return (0, import_pigo_typebox_basic.hasKey)(context ?? {}, ref) ? context[ref] : (0, import_pigo_typebox_basic.Ref)(ref);
}
const actionTable = {
  AddImmutable: import_pigo_typebox_basic.AddImmutable,
  AddOptional: import_pigo_typebox_basic.AddOptional,
  AddReadonly: import_pigo_typebox_basic.AddReadonly,
  RemoveImmutable: import_pigo_typebox_basic.RemoveImmutable,
  RemoveOptional: import_pigo_typebox_basic.RemoveOptional,
  RemoveReadonly: import_pigo_typebox_basic.RemoveReadonly,
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
  ReadonlyObject: import_pigo_typebox_basic.ReadonlyObject,
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
  return (...args) => (0, import_pigo_typebox_basic.Deferred)(name, args.slice(0, arity), args[arity] ?? {});
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
const ReadonlyObjectAction = actionOf(import_pigo_typebox_basic.ReadonlyObject);
const ReadonlyObjectDeferred = deferredOf("ReadonlyObject", 1);
const ReadonlyObjectInstantiate = instantiateOf(import_pigo_typebox_basic.ReadonlyObject, 1);
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
const MappedAction = (0, import_pigo_typebox_basic.unsupported)("typebox MappedAction");
const MappedDeferred = (0, import_pigo_typebox_basic.unsupported)("typebox MappedDeferred");
const MappedInstantiate = (0, import_pigo_typebox_basic.unsupported)("typebox MappedInstantiate");
const ModuleDeferred = (0, import_pigo_typebox_basic.unsupported)("typebox ModuleDeferred");
const ModuleInstantiate = (0, import_pigo_typebox_basic.unsupported)("typebox ModuleInstantiate");
function CyclicTarget(defs, ref) {
  return defs[ref];
}
function CyclicCandidates(defs) {
  return (0, import_pigo_typebox_basic.keysOf)(defs);
}
function CyclicDependencies(_defs, _ref, type) {
  const out = /* @__PURE__ */ new Set();
  const walk = (v) => {
    if ((0, import_pigo_typebox_basic.isArr)(v)) v.forEach(walk);
    else if ((0, import_pigo_typebox_basic.isObj)(v)) {
      if ((0, import_pigo_typebox_basic.IsRef)(v)) out.add(v.$ref);
      for (const k of (0, import_pigo_typebox_basic.keysOf)(v)) if (!k.startsWith("~")) walk(v[k]);
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
  const rank = (t) => (0, import_pigo_typebox_basic.IsLiteral)(t) ? 0 : (0, import_pigo_typebox_basic.IsObject)(t) || (0, import_pigo_typebox_basic.IsTuple)(t) ? 1 : (0, import_pigo_typebox_basic.IsAny)(t) || (0, import_pigo_typebox_basic.IsUnknown)(t) ? 3 : 2;
  return types.map((t, i) => [t, i]).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map((x) => x[0]);
}
const Call = (0, import_pigo_typebox_basic.unsupported)("typebox Type.Call");
const Mapped = (0, import_pigo_typebox_basic.unsupported)("typebox Type.Mapped");
const Module = (0, import_pigo_typebox_basic.unsupported)("typebox Type.Module");
const Script = (0, import_pigo_typebox_basic.unsupported)("typebox Type.Script (TypeScript-syntax types)");
// Annotate the CommonJS export names for ESM import in node:
pigo_typebox_ext_exports.AddImmutableDeferred = AddImmutableDeferred;
pigo_typebox_ext_exports.AddOptionalDeferred = AddOptionalDeferred;
pigo_typebox_ext_exports.AddReadonlyDeferred = AddReadonlyDeferred;
pigo_typebox_ext_exports.Call = Call;
pigo_typebox_ext_exports.Capitalize = Capitalize;
pigo_typebox_ext_exports.CapitalizeAction = CapitalizeAction;
pigo_typebox_ext_exports.CapitalizeDeferred = CapitalizeDeferred;
pigo_typebox_ext_exports.CapitalizeInstantiate = CapitalizeInstantiate;
pigo_typebox_ext_exports.CompareResultDisjoint = CompareResultDisjoint;
pigo_typebox_ext_exports.CompareResultEqual = CompareResultEqual;
pigo_typebox_ext_exports.CompareResultLeftInside = CompareResultLeftInside;
pigo_typebox_ext_exports.CompareResultRightInside = CompareResultRightInside;
pigo_typebox_ext_exports.ConditionalAction = ConditionalAction;
pigo_typebox_ext_exports.ConditionalDeferred = ConditionalDeferred;
pigo_typebox_ext_exports.ConditionalInstantiate = ConditionalInstantiate;
pigo_typebox_ext_exports.ConstructorParametersAction = ConstructorParametersAction;
pigo_typebox_ext_exports.ConstructorParametersDeferred = ConstructorParametersDeferred;
pigo_typebox_ext_exports.ConstructorParametersInstantiate = ConstructorParametersInstantiate;
pigo_typebox_ext_exports.DecodeBuilder = DecodeBuilder;
pigo_typebox_ext_exports.EncodeBuilder = EncodeBuilder;
pigo_typebox_ext_exports.EvaluateAction = EvaluateAction;
pigo_typebox_ext_exports.EvaluateDeferred = EvaluateDeferred;
pigo_typebox_ext_exports.EvaluateInstantiate = EvaluateInstantiate;
pigo_typebox_ext_exports.EvaluatePropertyIntersect = EvaluatePropertyIntersect;
pigo_typebox_ext_exports.EvaluatePropertyUnion = EvaluatePropertyUnion;
pigo_typebox_ext_exports.ExcludeAction = ExcludeAction;
pigo_typebox_ext_exports.ExcludeDeferred = ExcludeDeferred;
pigo_typebox_ext_exports.ExcludeInstantiate = ExcludeInstantiate;
pigo_typebox_ext_exports.ExtendsResult = ExtendsResult;
pigo_typebox_ext_exports.ExtractAction = ExtractAction;
pigo_typebox_ext_exports.ExtractDeferred = ExtractDeferred;
pigo_typebox_ext_exports.ExtractInstantiate = ExtractInstantiate;
pigo_typebox_ext_exports.IndexAction = IndexAction;
pigo_typebox_ext_exports.IndexDeferred = IndexDeferred;
pigo_typebox_ext_exports.IndexInstantiate = IndexInstantiate;
pigo_typebox_ext_exports.InstanceTypeAction = InstanceTypeAction;
pigo_typebox_ext_exports.InstanceTypeDeferred = InstanceTypeDeferred;
pigo_typebox_ext_exports.InstanceTypeInstantiate = InstanceTypeInstantiate;
pigo_typebox_ext_exports.InterfaceAction = InterfaceAction;
pigo_typebox_ext_exports.InterfaceDeferred = InterfaceDeferred;
pigo_typebox_ext_exports.InterfaceInstantiate = InterfaceInstantiate;
pigo_typebox_ext_exports.KeyOfAction = KeyOfAction;
pigo_typebox_ext_exports.KeyOfDeferred = KeyOfDeferred;
pigo_typebox_ext_exports.KeyOfInstantiate = KeyOfInstantiate;
pigo_typebox_ext_exports.Lowercase = Lowercase;
pigo_typebox_ext_exports.LowercaseAction = LowercaseAction;
pigo_typebox_ext_exports.LowercaseDeferred = LowercaseDeferred;
pigo_typebox_ext_exports.LowercaseInstantiate = LowercaseInstantiate;
pigo_typebox_ext_exports.Mapped = Mapped;
pigo_typebox_ext_exports.MappedAction = MappedAction;
pigo_typebox_ext_exports.MappedDeferred = MappedDeferred;
pigo_typebox_ext_exports.MappedInstantiate = MappedInstantiate;
pigo_typebox_ext_exports.Module = Module;
pigo_typebox_ext_exports.ModuleDeferred = ModuleDeferred;
pigo_typebox_ext_exports.ModuleInstantiate = ModuleInstantiate;
pigo_typebox_ext_exports.NonNullableAction = NonNullableAction;
pigo_typebox_ext_exports.NonNullableDeferred = NonNullableDeferred;
pigo_typebox_ext_exports.NonNullableInstantiate = NonNullableInstantiate;
pigo_typebox_ext_exports.OmitAction = OmitAction;
pigo_typebox_ext_exports.OmitDeferred = OmitDeferred;
pigo_typebox_ext_exports.OmitInstantiate = OmitInstantiate;
pigo_typebox_ext_exports.ParametersAction = ParametersAction;
pigo_typebox_ext_exports.ParametersDeferred = ParametersDeferred;
pigo_typebox_ext_exports.ParametersInstantiate = ParametersInstantiate;
pigo_typebox_ext_exports.PartialAction = PartialAction;
pigo_typebox_ext_exports.PartialDeferred = PartialDeferred;
pigo_typebox_ext_exports.PartialInstantiate = PartialInstantiate;
pigo_typebox_ext_exports.PickAction = PickAction;
pigo_typebox_ext_exports.PickDeferred = PickDeferred;
pigo_typebox_ext_exports.PickInstantiate = PickInstantiate;
pigo_typebox_ext_exports.ReadonlyObjectAction = ReadonlyObjectAction;
pigo_typebox_ext_exports.ReadonlyObjectDeferred = ReadonlyObjectDeferred;
pigo_typebox_ext_exports.ReadonlyObjectInstantiate = ReadonlyObjectInstantiate;
pigo_typebox_ext_exports.RecordAction = RecordAction;
pigo_typebox_ext_exports.RecordDeferred = RecordDeferred;
pigo_typebox_ext_exports.RecordInstantiate = RecordInstantiate;
pigo_typebox_ext_exports.RemoveImmutableDeferred = RemoveImmutableDeferred;
pigo_typebox_ext_exports.RemoveOptionalDeferred = RemoveOptionalDeferred;
pigo_typebox_ext_exports.RemoveReadonlyDeferred = RemoveReadonlyDeferred;
pigo_typebox_ext_exports.RequiredAction = RequiredAction;
pigo_typebox_ext_exports.RequiredDeferred = RequiredDeferred;
pigo_typebox_ext_exports.RequiredInstantiate = RequiredInstantiate;
pigo_typebox_ext_exports.ReturnTypeAction = ReturnTypeAction;
pigo_typebox_ext_exports.ReturnTypeDeferred = ReturnTypeDeferred;
pigo_typebox_ext_exports.ReturnTypeInstantiate = ReturnTypeInstantiate;
pigo_typebox_ext_exports.Script = Script;
pigo_typebox_ext_exports.TemplateLiteralDeferred = TemplateLiteralDeferred;
pigo_typebox_ext_exports.Uncapitalize = Uncapitalize;
pigo_typebox_ext_exports.UncapitalizeAction = UncapitalizeAction;
pigo_typebox_ext_exports.UncapitalizeDeferred = UncapitalizeDeferred;
pigo_typebox_ext_exports.UncapitalizeInstantiate = UncapitalizeInstantiate;
pigo_typebox_ext_exports.Uppercase = Uppercase;
pigo_typebox_ext_exports.UppercaseAction = UppercaseAction;
pigo_typebox_ext_exports.UppercaseDeferred = UppercaseDeferred;
pigo_typebox_ext_exports.UppercaseInstantiate = UppercaseInstantiate;
pigo_typebox_ext_exports.WithAction = WithAction;
pigo_typebox_ext_exports.WithDeferred = WithDeferred;
pigo_typebox_ext_exports.WithInstantiate = WithInstantiate;
0 && (module.exports = {
  AddImmutableDeferred,
  AddOptionalDeferred,
  AddReadonlyDeferred,
  Broaden,
  Call,
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
  ConstructorParameters,
  ConstructorParametersAction,
  ConstructorParametersDeferred,
  ConstructorParametersInstantiate,
  ConvertToIntegerKey,
  CyclicCandidates,
  CyclicCheck,
  CyclicDependencies,
  CyclicExtends,
  CyclicTarget,
  Decode,
  DecodeBuilder,
  Distribute,
  Encode,
  EncodeBuilder,
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
  Index,
  IndexAction,
  IndexDeferred,
  IndexInstantiate,
  InstanceType,
  InstanceTypeAction,
  InstanceTypeDeferred,
  InstanceTypeInstantiate,
  Instantiate,
  InstantiateCyclic,
  Interface,
  InterfaceAction,
  InterfaceDeferred,
  InterfaceInstantiate,
  IsTemplateLiteralFinite,
  IsTemplateLiteralPattern,
  KeyOf,
  KeyOfAction,
  KeyOfDeferred,
  KeyOfInstantiate,
  KeysToIndexer,
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
  NonNullable,
  NonNullableAction,
  NonNullableDeferred,
  NonNullableInstantiate,
  Omit,
  OmitAction,
  OmitDeferred,
  OmitInstantiate,
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
  ReadonlyObjectAction,
  ReadonlyObjectDeferred,
  ReadonlyObjectInstantiate,
  Record,
  RecordAction,
  RecordDeferred,
  RecordFromPattern,
  RecordInstantiate,
  RecordKey,
  RecordPattern,
  RecordPatternToType,
  RecordValue,
  RefInstantiate,
  Refine,
  RefineAdd,
  RemoveImmutableDeferred,
  RemoveOptionalDeferred,
  RemoveReadonlyDeferred,
  Required,
  RequiredAction,
  RequiredDeferred,
  RequiredInstantiate,
  ReturnType,
  ReturnTypeAction,
  ReturnTypeDeferred,
  ReturnTypeInstantiate,
  Script,
  TemplateLiteral,
  TemplateLiteralCreate,
  TemplateLiteralDecode,
  TemplateLiteralDecodeUnsafe,
  TemplateLiteralDeferred,
  TemplateLiteralEncode,
  TemplateLiteralFromString,
  TemplateLiteralFromTypes,
  Uncapitalize,
  UncapitalizeAction,
  UncapitalizeDeferred,
  UncapitalizeInstantiate,
  Uppercase,
  UppercaseAction,
  UppercaseDeferred,
  UppercaseInstantiate,
  With,
  WithAction,
  WithDeferred,
  WithInstantiate
});
