var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
var __typeError = (msg) => {
  throw TypeError(msg);
};
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var __await = function(promise, isYieldStar) {
  this[0] = promise;
  this[1] = isYieldStar;
};
var __yieldStar = (value) => {
  var obj = value[__knownSymbol("asyncIterator")], isAwait = false, method, it = {};
  if (obj == null) {
    obj = value[__knownSymbol("iterator")]();
    method = (k) => it[k] = (x) => obj[k](x);
  } else {
    obj = obj.call(value);
    method = (k) => it[k] = (v) => {
      if (isAwait) {
        isAwait = false;
        if (k === "throw") throw v;
        return v;
      }
      isAwait = true;
      return {
        done: false,
        value: new __await(new Promise((resolve) => {
          var x = obj[k](v);
          if (!(x instanceof Object)) __typeError("Object expected");
          resolve(x);
        }), 1)
      };
    };
  }
  return it[__knownSymbol("iterator")] = () => it, method("next"), "throw" in obj ? method("throw") : it.throw = (x) => {
    throw x;
  }, "return" in obj && method("return"), it;
};
var pigo_typebox_value_exports = __defProp({}, "__esModule", { value: true });
pigo_typebox_value_exports.Assert = Assert;
pigo_typebox_value_exports.Check = Check;
pigo_typebox_value_exports.Clean = Clean;
pigo_typebox_value_exports.Clone = Clone;
pigo_typebox_value_exports.Convert = Convert;
pigo_typebox_value_exports.Create = Create;
pigo_typebox_value_exports.Decode = Decode;
pigo_typebox_value_exports.DecodeUnsafe = DecodeUnsafe;
pigo_typebox_value_exports.Default = Default;
pigo_typebox_value_exports.Diff = Diff;
pigo_typebox_value_exports.Encode = Encode;
pigo_typebox_value_exports.EncodeUnsafe = EncodeUnsafe;
pigo_typebox_value_exports.Equal = Equal;
pigo_typebox_value_exports.Errors = Errors;
pigo_typebox_value_exports.HasCodec = HasCodec;
pigo_typebox_value_exports.Hash = Hash;
pigo_typebox_value_exports.IsOptionalUndefined = IsOptionalUndefined;
pigo_typebox_value_exports.Parse = Parse;
pigo_typebox_value_exports.Patch = Patch;
pigo_typebox_value_exports.Pipeline = Pipeline;
pigo_typebox_value_exports.Repair = Repair;
pigo_typebox_value_exports.UnionPrioritySort = UnionPrioritySort;
pigo_typebox_value_exports.UnionScoreSelect = UnionScoreSelect;
pigo_typebox_value_exports.schemaCheck = schemaCheck;
pigo_typebox_value_exports.schemaErrors = schemaErrors;
module.exports = pigo_typebox_value_exports;
var T = __toESM(require("pigo:typebox-core"));
const settings = {
  maxErrors: 8,
  maxParseErrors: 1,
  exactOptionalPropertyTypes: false,
  correctiveParse: false,
  unionPrioritySort: true
};
const isObj = (v) => typeof v === "object" && v !== null;
const isArr = Array.isArray;
const isStr = (v) => typeof v === "string";
const isNum = (v) => Number.isFinite(v);
const isFn = (v) => typeof v === "function";
const isUnsafeKey = (k) => k === "__proto__" || k === "constructor" || k === "prototype";
const hasKey = (v, k) => isUnsafeKey(k) ? Object.prototype.hasOwnProperty.call(v, k) : k in v;
const keysOf = (v) => Object.getOwnPropertyNames(v);
const isValueLike = (v) => typeof v === "bigint" || typeof v === "boolean" || v === null || isNum(v) || isStr(v) || v === void 0;
function isClassInstance(v) {
  if (!isObj(v)) return false;
  const proto = Object.getPrototypeOf(v);
  if (proto === null) return false;
  return typeof proto.constructor === "function" && !(proto.constructor === Object || proto.constructor.name === "Object");
}
function isTypedArray(v) {
  return ArrayBuffer.isView(v) && !(v instanceof DataView);
}
function deepEqual(l, r) {
  if (isArr(l)) return isArr(r) && l.length === r.length && l.every((_, i) => deepEqual(l[i], r[i]));
  if (isObj(l)) {
    if (!isObj(r)) return false;
    const ks = keysOf(l);
    return ks.length === keysOf(r).length && ks.every((k) => deepEqual(l[k], r[k]));
  }
  return l === r;
}
function codePointCount(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 55296 && c <= 56319 && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 56320 && d <= 57343) i++;
    }
    n++;
  }
  return n;
}
function isMultipleOf(dividend, divisor) {
  if (typeof dividend === "bigint" || typeof divisor === "bigint") return BigInt(dividend) % BigInt(divisor) === BigInt(0);
  if (!isNum(dividend)) return true;
  if (Number.isInteger(dividend) && 1 / divisor % 1 === 0) return true;
  const mod = dividend % divisor;
  return Math.min(Math.abs(mod), Math.abs(mod - divisor), Math.abs(mod + divisor)) < 1e-10;
}
const regexCache = /* @__PURE__ */ new Map();
function unicodeRegExp(pattern) {
  if (pattern instanceof RegExp) return pattern;
  let re = regexCache.get(pattern);
  if (!re) {
    try {
      re = new RegExp(pattern, "u");
    } catch {
      re = new RegExp(pattern);
    }
    if (regexCache.size > 512) regexCache.clear();
    regexCache.set(pattern, re);
  }
  return re;
}
function encodeFragment(key) {
  return globalThis.String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function isDate(v) {
  const m = /^(\d\d\d\d)-(\d\d)-(\d\d)$/.exec(v);
  if (!m) return false;
  const y = +m[1], mo = +m[2], d = +m[3];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && leap ? 29 : DAYS[mo]);
}
function isTime(v) {
  const m = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:([Zz])|([+-])(\d\d):(\d\d))?$/.exec(v);
  if (!m || !m[4] && !m[5]) return false;
  const hr = +m[1], min = +m[2], sec = +m[3];
  if (hr > 23 || min > 59 || sec > 60) return false;
  if (m[5] && (+m[6] > 23 || +m[7] > 59)) return false;
  if (sec < 60) return true;
  const sign = m[5] === "-" ? -1 : 1;
  const total = hr * 60 + min - sign * (+(m[6] || 0) * 60 + +(m[7] || 0));
  return (total % 1440 + 1440) % 1440 === 1439;
}
const formats = /* @__PURE__ */ new Map();
const Format = {
  Set(name, check) {
    formats.set(name, check);
  },
  Get(name) {
    return formats.get(name);
  },
  Has(name) {
    return formats.has(name);
  },
  Clear() {
    formats.clear();
  },
  Entries() {
    return [...formats.entries()];
  },
  Test(name, value) {
    const f = formats.get(name);
    return f ? !!f(value) : true;
  },
  Reset() {
    formats.clear();
    const hostname = (v) => v.length <= 253 && /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i.test(v);
    formats.set("date-time", (v) => {
      const i = v.indexOf("[");
      const dt = i === -1 ? v : v.slice(0, i);
      const p = dt.split(/T/i);
      return p.length === 2 && isDate(p[0]) && isTime(p[1]);
    });
    formats.set("date", isDate);
    formats.set("time", isTime);
    formats.set("duration", (v) => /^P((\d+Y(\d+M(\d+D)?)?|\d+M(\d+D)?|\d+D)(T(\d+H(\d+M(\d+S)?)?|\d+M(\d+S)?|\d+S))?|T(\d+H(\d+M(\d+S)?)?|\d+M(\d+S)?|\d+S)|\d+W)$/.test(v));
    formats.set("email", (v) => /^(?:[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*|"(?:[^"\\]|\\[\x20-\x7e])*")@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[(?:IPv6:[a-f0-9:]+|(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3})\])$/i.test(v));
    formats.set("idn-email", (v) => /^[^\s@]+@[^\s@]+$/.test(v));
    formats.set("hostname", hostname);
    formats.set("idn-hostname", (v) => v.length > 0 && v.length <= 253 && !/[\s/@:]/.test(v));
    formats.set("ipv4", (v) => /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(v));
    formats.set("ipv6", (v) => /^(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:)?[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)$/i.test(v));
    formats.set("uri", (v) => /^[a-z][a-z0-9+\-.]*:[^\s]*$/i.test(v));
    formats.set("uri-reference", (v) => !/[\s]/.test(v));
    formats.set("iri", (v) => /^[a-z][a-z0-9+\-.]*:[^\s]*$/i.test(v));
    formats.set("iri-reference", (v) => !/[\s]/.test(v));
    formats.set("uri-template", (v) => !/[\s]/.test(v) && (v.match(/\{/g) ?? []).length === (v.match(/\}/g) ?? []).length);
    formats.set("url", (v) => {
      if (typeof URL !== "function") return /^[a-z][a-z0-9+\-.]*:\/\/[^\s/?#]+[^\s]*$/i.test(v);
      try {
        new URL(v);
        return true;
      } catch {
        return false;
      }
    });
    formats.set("uuid", (v) => /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(v));
    formats.set("regex", (v) => {
      try {
        new RegExp(v, "u");
        return true;
      } catch {
        return false;
      }
    });
    formats.set("json-pointer", (v) => /^(?:\/(?:[^~/]|~0|~1)*)*$/.test(v));
    formats.set("json-pointer-uri-fragment", (v) => /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i.test(v));
    formats.set("relative-json-pointer", (v) => /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/.test(v));
  }
};
Format.Reset();
let messageTemplates;
function message(keyword, p) {
  messageTemplates ??= new Map(Object.entries(require("pigo:schema-messages")));
  const key = keyword === "type" && typeof p.type !== "string" ? "type:list" : keyword;
  const template = messageTemplates.get(key) ?? messageTemplates.get("");
  return template.replace(
    /\{([^}|]*)(?:\|([^}]*))?\}/g,
    (_m, name, sep) => sep === void 0 ? `${p[name]}` : p[name].join(sep)
  );
}
class Evaluated {
  constructor() {
    __publicField(this, "keys");
    __publicField(this, "idx");
    this.keys = /* @__PURE__ */ new Set();
    this.idx = /* @__PURE__ */ new Set();
  }
  merge(o) {
    if (!o) return;
    o.keys.forEach((k) => this.keys.add(k));
    o.idx.forEach((i) => this.idx.add(i));
  }
}
const idIndexCache = /* @__PURE__ */ new WeakMap();
function collectIds(schema, into, seen, flags) {
  if (!isObj(schema) || seen.has(schema)) return;
  seen.add(schema);
  if (isArr(schema)) {
    for (const s of schema) collectIds(s, into, seen, flags);
    return;
  }
  if (isStr(schema.$id) && !into.has(schema.$id)) into.set(schema.$id, schema);
  if ("unevaluatedProperties" in schema || "unevaluatedItems" in schema) flags.track = true;
  for (const k of Object.keys(schema)) {
    if (k === "const" || k === "enum" || k === "default" || k === "examples") continue;
    collectIds(schema[k], into, seen, flags);
  }
}
function idIndex(root, context) {
  if (!isObj(root)) return { ids: /* @__PURE__ */ new Map(), track: false };
  let ctxKeys = [];
  if (isObj(context)) for (const k in context) ctxKeys.push(k);
  if (ctxKeys.length === 0) {
    const cached = idIndexCache.get(root);
    if (cached) return cached;
  } else ctxKeys = keysOf(context);
  const ids = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Set();
  const flags = { track: false };
  collectIds(root, ids, seen, flags);
  for (const k of ctxKeys) collectIds(context[k], ids, seen, flags);
  const r = { ids, track: flags.track };
  if (ctxKeys.length === 0) idIndexCache.set(root, r);
  return r;
}
function pointerGet(root, ptr) {
  let cur = root;
  for (const raw of ptr.split("/").slice(1)) {
    const k = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObj(cur) || !(k in cur)) return void 0;
    cur = cur[k];
  }
  return cur;
}
function resolveRef(run, ref) {
  if (isObj(run.context) && hasKey(run.context, ref)) return run.context[ref];
  if (run.ids.has(ref)) return run.ids.get(ref);
  if (ref === "#") return run.root;
  if (ref.startsWith("#/")) return pointerGet(run.root, ref.slice(1));
  const hash = ref.indexOf("#");
  if (hash > 0) {
    const base = run.ids.get(ref.slice(0, hash));
    if (base !== void 0) return ref.length === hash + 1 ? base : pointerGet(base, ref.slice(hash + 1));
  }
  return void 0;
}
function addError(run, keyword, schemaPath, instancePath, params) {
  if (run.errors && run.errors.length < run.max) {
    const e = { keyword, schemaPath, instancePath, params, message: message(keyword, params) };
    Object.defineProperty(e, "path", { value: instancePath, enumerable: false, configurable: true, writable: true });
    run.errors.push(e);
  }
  return false;
}
function addErrors(run, errs) {
  if (!run.errors || !errs) return;
  for (const e of errs) if (run.errors.length < run.max) run.errors.push(e);
}
function sub(run) {
  return { errors: run.errors ? [] : null, max: run.max, root: run.root, context: run.context, ids: run.ids, track: run.track };
}
function checkOnly(run) {
  return { errors: null, max: run.max, root: run.root, context: run.context, ids: run.ids, track: run.track };
}
function newEv(run) {
  return run.track ? new Evaluated() : null;
}
function checkTypeName(t, v) {
  switch (t) {
    case "object":
      return typeof v === "object" && v !== null && !isArr(v);
    case "array":
      return isArr(v);
    case "boolean":
      return typeof v === "boolean";
    case "integer":
      return Number.isInteger(v);
    case "number":
      return typeof v === "number" && isFinite(v);
    case "null":
      return v === null;
    case "string":
      return typeof v === "string";
    case "bigint":
      return typeof v === "bigint";
    case "constructor":
      return isFn(v) && /^class\s|\[native code\]/.test(Function.prototype.toString.call(v));
    case "function":
      return isFn(v);
    case "symbol":
      return typeof v === "symbol";
    case "undefined":
    case "void":
      return v === void 0;
    default:
      return true;
  }
}
function checkType(type, v) {
  if (isArr(type)) {
    for (const t of type) if (checkTypeName(t, v)) return true;
    return false;
  }
  return checkTypeName(type, v);
}
function propertiesPattern(s) {
  const parts = [];
  if (isObj(s.patternProperties)) parts.push(...keysOf(s.patternProperties));
  if (isObj(s.properties)) parts.push(...keysOf(s.properties).map((k) => `^${k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  return unicodeRegExp(parts.length === 0 ? "(?!)" : `(${parts.join("|")})`);
}
const planCache = /* @__PURE__ */ new WeakMap();
function planOf(s) {
  let p = planCache.get(s);
  if (p) return p;
  const lim = (k) => isNum(s[k]) || typeof s[k] === "bigint";
  p = {
    type: hasKey(s, "type"),
    required: isArr(s.required) ? s.required : null,
    addl: hasKey(s, "additionalProperties") && (typeof s.additionalProperties === "boolean" || isObj(s.additionalProperties)) ? propertiesPattern(s) : null,
    deps: isObj(s.dependencies) ? keysOf(s.dependencies) : null,
    depReq: isObj(s.dependentRequired) ? keysOf(s.dependentRequired) : null,
    depSch: isObj(s.dependentSchemas) ? keysOf(s.dependentSchemas) : null,
    patt: isObj(s.patternProperties) ? keysOf(s.patternProperties).map((k) => [k, unicodeRegExp(k)]) : null,
    props: isObj(s.properties) ? keysOf(s.properties) : null,
    propNames: hasKey(s, "propertyNames") && (isObj(s.propertyNames) || typeof s.propertyNames === "boolean"),
    minP: isNum(s.minProperties),
    maxP: isNum(s.maxProperties),
    obj: false,
    addItems: hasKey(s, "additionalItems") && isArr(s.items),
    contains: hasKey(s, "contains"),
    containsAny: hasKey(s, "contains") && !(isNum(s.minContains) && s.minContains === 0),
    items: hasKey(s, "items") ? isArr(s.items) ? 1 : 2 : 0,
    minC: hasKey(s, "contains") && isNum(s.minContains),
    maxC: hasKey(s, "contains") && isNum(s.maxContains),
    minI: isNum(s.minItems),
    maxI: isNum(s.maxItems),
    prefix: isArr(s.prefixItems),
    unique: s.uniqueItems === true,
    arr: false,
    minL: isNum(s.minLength),
    maxL: isNum(s.maxLength),
    format: isStr(s.format),
    pattern: isStr(s.pattern) || s.pattern instanceof RegExp ? unicodeRegExp(s.pattern) : null,
    str: false,
    exMin: lim("exclusiveMinimum"),
    exMax: lim("exclusiveMaximum"),
    min: lim("minimum"),
    max: lim("maximum"),
    mult: lim("multipleOf"),
    num: false,
    ref: isStr(s.$ref),
    cnst: hasKey(s, "const") ? isValueLike(s.const) ? 1 : 2 : 0,
    enm: isArr(s.enum),
    iff: hasKey(s, "if"),
    not: hasKey(s, "not"),
    allOf: isArr(s.allOf),
    anyOf: isArr(s.anyOf),
    oneOf: isArr(s.oneOf),
    unevI: hasKey(s, "unevaluatedItems"),
    unevP: hasKey(s, "unevaluatedProperties"),
    refine: T.IsRefine(s)
  };
  p.obj = !!(p.required || p.addl || p.deps || p.depReq || p.depSch || p.patt || p.props || p.propNames || p.minP || p.maxP);
  p.arr = p.addItems || p.containsAny || p.items !== 0 || p.minC || p.maxC || p.minI || p.maxI || p.prefix || p.unique;
  p.str = p.minL || p.maxL || p.format || !!p.pattern;
  p.num = p.exMin || p.exMax || p.min || p.max || p.mult;
  try {
    planCache.set(s, p);
  } catch {
  }
  return p;
}
function V(run, s, v, sp, ip, ev) {
  if (s === true) return true;
  if (s === false) return addError(run, "boolean", sp, ip, {});
  if (typeof s !== "object" || s === null) return true;
  const E = run.errors !== null;
  if (E && run.errors.length >= run.max) return false;
  const p = planOf(s);
  let ok2 = true;
  if (p.type && !checkType(s.type, v)) {
    addError(run, "type", sp, ip, { type: s.type });
    ok2 = false;
    if (!E) return false;
  }
  if (p.obj && typeof v === "object" && v !== null && !isArr(v)) {
    if (p.required) {
      let missing = null;
      for (const k of p.required) {
        if (!hasKey(v, k)) {
          if (!E) return false;
          (missing ??= []).push(k);
        }
      }
      if (missing) {
        addError(run, "required", sp, ip, { requiredProperties: missing });
        ok2 = false;
      }
    }
    if (p.addl) {
      const extra = [];
      const asp = `${sp}/additionalProperties`;
      for (const k of keysOf(v)) {
        if (p.addl.test(k)) continue;
        if (V(run, s.additionalProperties, v[k], asp, E ? `${ip}/${encodeFragment(k)}` : ip, newEv(run))) ev?.keys.add(k);
        else {
          if (!E) return false;
          extra.push(k);
        }
      }
      if (extra.length > 0) {
        addError(run, "additionalProperties", sp, ip, { additionalProperties: extra });
        ok2 = false;
      }
    }
    if (p.deps && keysOf(v).length > 0) {
      for (const k of p.deps) {
        if (!hasKey(v, k)) continue;
        const dep = s.dependencies[k];
        if (isArr(dep)) {
          for (const d of dep) {
            if (!hasKey(v, d)) {
              if (!E) return false;
              addError(run, "dependencies", sp, ip, { property: k, dependencies: dep });
              ok2 = false;
              break;
            }
          }
        } else if (!V(run, dep, v, `${sp}/dependencies/${encodeFragment(k)}`, ip, ev)) {
          if (!E) return false;
          ok2 = false;
        }
      }
    }
    if (p.depReq && keysOf(v).length > 0) {
      for (const k of p.depReq) {
        if (!hasKey(v, k)) continue;
        const deps = s.dependentRequired[k];
        for (const d of deps) {
          if (!hasKey(v, d)) {
            if (!E) return false;
            addError(run, "dependentRequired", sp, ip, { property: k, dependencies: deps });
            ok2 = false;
          }
        }
      }
    }
    if (p.depSch && keysOf(v).length > 0) {
      for (const k of p.depSch) {
        if (hasKey(v, k) && !V(run, s.dependentSchemas[k], v, `${sp}/dependentSchemas/${encodeFragment(k)}`, ip, ev)) {
          if (!E) return false;
          ok2 = false;
        }
      }
    }
    if (p.patt) {
      for (const [pat, re] of p.patt) {
        const psp = `${sp}/patternProperties/${encodeFragment(pat)}`;
        for (const k of keysOf(v)) {
          if (!re.test(k)) continue;
          if (V(run, s.patternProperties[pat], v[k], psp, E ? `${ip}/${encodeFragment(k)}` : ip, newEv(run))) ev?.keys.add(k);
          else {
            if (!E) return false;
            ok2 = false;
          }
        }
      }
    }
    if (p.props) {
      const required = p.required;
      const exactAll = settings.exactOptionalPropertyTypes;
      for (const k of p.props) {
        if (!hasKey(v, k)) continue;
        const pv = v[k];
        if (pv === void 0 && !exactAll && !(required && required.includes(k))) continue;
        const fk = E ? encodeFragment(k) : k;
        if (V(run, s.properties[k], pv, E ? `${sp}/properties/${fk}` : sp, E ? `${ip}/${fk}` : ip, newEv(run))) ev?.keys.add(k);
        else {
          if (!E) return false;
          ok2 = false;
        }
      }
    }
    if (p.propNames) {
      const badNames = [];
      for (const k of keysOf(v)) {
        if (!V(run, s.propertyNames, k, `${sp}/propertyNames`, `${ip}/${encodeFragment(k)}`, newEv(run))) {
          if (!E) return false;
          badNames.push(k);
        }
      }
      if (badNames.length > 0) {
        addError(run, "propertyNames", sp, ip, { propertyNames: badNames });
        ok2 = false;
      }
    }
    if (p.minP && keysOf(v).length < s.minProperties) {
      if (!E) return false;
      addError(run, "minProperties", sp, ip, { limit: s.minProperties });
      ok2 = false;
    }
    if (p.maxP && keysOf(v).length > s.maxProperties) {
      if (!E) return false;
      addError(run, "maxProperties", sp, ip, { limit: s.maxProperties });
      ok2 = false;
    }
  }
  if (p.arr && isArr(v)) {
    if (p.addItems) {
      for (let i = s.items.length; i < v.length; i++) {
        if (V(run, s.additionalItems, v[i], `${sp}/additionalItems`, `${ip}/${i}`, newEv(run))) ev?.idx.add(i);
        else {
          if (!E) return false;
          ok2 = false;
          break;
        }
      }
    }
    if (p.containsAny) {
      let any = false;
      const cr = checkOnly(run);
      for (let i = 0; i < v.length; i++) {
        if (V(cr, s.contains, v[i], sp, ip, null)) {
          any = true;
          ev?.idx.add(i);
          if (!ev) break;
        }
      }
      if (!any) {
        if (!E) return false;
        addError(run, "contains", sp, ip, { minContains: 1 });
        ok2 = false;
      }
    }
    if (p.items === 1) {
      for (let i = 0; i < s.items.length && i < v.length; i++) {
        if (V(run, s.items[i], v[i], `${sp}/items/${i}`, E ? `${ip}/${i}` : ip, newEv(run))) ev?.idx.add(i);
        else {
          if (!E) return false;
          ok2 = false;
        }
      }
    } else if (p.items === 2) {
      const isp = `${sp}/items`;
      for (let i = p.prefix ? s.prefixItems.length : 0; i < v.length; i++) {
        if (V(run, s.items, v[i], isp, E ? `${ip}/${i}` : ip, newEv(run))) ev?.idx.add(i);
        else {
          if (!E) return false;
          ok2 = false;
        }
      }
    }
    if (p.minC || p.maxC) {
      const cr = checkOnly(run);
      let n = 0;
      for (const item of v) if (V(cr, s.contains, item, sp, ip, null)) n++;
      if (p.minC && n < s.minContains) {
        if (!E) return false;
        addError(run, "contains", sp, ip, { minContains: s.minContains });
        ok2 = false;
      }
      if (p.maxC && n > s.maxContains) {
        if (!E) return false;
        addError(run, "contains", sp, ip, { minContains: isNum(s.minContains) ? s.minContains : 1, maxContains: s.maxContains });
        ok2 = false;
      }
    }
    if (p.minI && v.length < s.minItems) {
      if (!E) return false;
      addError(run, "minItems", sp, ip, { limit: s.minItems });
      ok2 = false;
    }
    if (p.maxI && v.length > s.maxItems) {
      if (!E) return false;
      addError(run, "maxItems", sp, ip, { limit: s.maxItems });
      ok2 = false;
    }
    if (p.prefix && v.length > 0) {
      for (let i = 0; i < s.prefixItems.length && i < v.length; i++) {
        if (V(run, s.prefixItems[i], v[i], `${sp}/prefixItems/${i}`, `${ip}/${i}`, newEv(run))) ev?.idx.add(i);
        else {
          if (!E) return false;
          ok2 = false;
        }
      }
    }
    if (p.unique) {
      const seen = /* @__PURE__ */ new Set();
      const dups = [];
      for (let i = 0; i < v.length; i++) {
        const h = Hash(v[i]);
        if (seen.has(h)) dups.push(i);
        seen.add(h);
      }
      if (dups.length > 0) {
        if (!E) return false;
        addError(run, "uniqueItems", sp, ip, { duplicateItems: dups });
        ok2 = false;
      }
    }
  }
  if (p.str && typeof v === "string") {
    if (p.minL && !(v.length >= s.minLength * 2 || v.length >= s.minLength && codePointCount(v) >= s.minLength)) {
      if (!E) return false;
      addError(run, "minLength", sp, ip, { limit: s.minLength });
      ok2 = false;
    }
    if (p.maxL && !(v.length <= s.maxLength || v.length <= s.maxLength * 2 && codePointCount(v) <= s.maxLength)) {
      if (!E) return false;
      addError(run, "maxLength", sp, ip, { limit: s.maxLength });
      ok2 = false;
    }
    if (p.format && !Format.Test(s.format, v)) {
      if (!E) return false;
      addError(run, "format", sp, ip, { format: s.format });
      ok2 = false;
    }
    if (p.pattern && !p.pattern.test(v)) {
      if (!E) return false;
      addError(run, "pattern", sp, ip, { pattern: s.pattern });
      ok2 = false;
    }
  }
  if (p.num && (typeof v === "number" && isFinite(v) || typeof v === "bigint")) {
    if (p.exMin && !(v > s.exclusiveMinimum)) {
      if (!E) return false;
      addError(run, "exclusiveMinimum", sp, ip, { comparison: ">", limit: s.exclusiveMinimum });
      ok2 = false;
    }
    if (p.exMax && !(v < s.exclusiveMaximum)) {
      if (!E) return false;
      addError(run, "exclusiveMaximum", sp, ip, { comparison: "<", limit: s.exclusiveMaximum });
      ok2 = false;
    }
    if (p.min && !(v >= s.minimum)) {
      if (!E) return false;
      addError(run, "minimum", sp, ip, { comparison: ">=", limit: s.minimum });
      ok2 = false;
    }
    if (p.max && !(v <= s.maximum)) {
      if (!E) return false;
      addError(run, "maximum", sp, ip, { comparison: "<=", limit: s.maximum });
      ok2 = false;
    }
    if (p.mult && !isMultipleOf(v, s.multipleOf)) {
      if (!E) return false;
      addError(run, "multipleOf", sp, ip, { multipleOf: s.multipleOf });
      ok2 = false;
    }
  }
  if (p.ref) {
    const target = resolveRef(run, s.$ref);
    const r2 = sub(run);
    const e2 = newEv(run);
    const valid = isObj(target) || typeof target === "boolean" ? V(r2, target, v, sp, ip, e2) : false;
    if (valid) ev?.merge(e2);
    else {
      if (!E) return false;
      addErrors(run, r2.errors);
      ok2 = false;
    }
  }
  if (p.cnst !== 0 && !(p.cnst === 1 ? v === s.const : deepEqual(v, s.const))) {
    if (!E) return false;
    addError(run, "const", sp, ip, { allowedValue: s.const });
    ok2 = false;
  }
  if (p.enm) {
    let found = false;
    for (const o of s.enum) {
      if (isValueLike(o) ? v === o : deepEqual(v, o)) {
        found = true;
        break;
      }
    }
    if (!found) {
      if (!E) return false;
      addError(run, "enum", sp, ip, { allowedValues: s.enum });
      ok2 = false;
    }
  }
  if (p.iff) {
    const thenS = hasKey(s, "then") ? s.then : true;
    const elseS = hasKey(s, "else") ? s.else : true;
    const e2 = newEv(run);
    let valid;
    if (V(checkOnly(run), s.if, v, `${sp}/if`, ip, e2)) {
      valid = V(sub(run), thenS, v, `${sp}/then`, ip, e2) || addError(run, "if", sp, ip, { failingKeyword: "then" });
    } else {
      valid = V(run, elseS, v, `${sp}/else`, ip, e2) || addError(run, "if", sp, ip, { failingKeyword: "else" });
    }
    if (valid) ev?.merge(e2);
    else {
      if (!E) return false;
      ok2 = false;
    }
  }
  if (p.not && V(checkOnly(run), s.not, v, sp, ip, null)) {
    if (!E) return false;
    addError(run, "not", sp, ip, {});
    ok2 = false;
  }
  if (p.allOf) {
    const passed = [];
    let failed = null;
    for (let i = 0; i < s.allOf.length; i++) {
      const r2 = sub(run);
      const e2 = newEv(run);
      if (V(r2, s.allOf[i], v, E ? `${sp}/allOf/${i}` : sp, ip, e2)) passed.push(e2);
      else {
        if (!E) return false;
        (failed ??= []).push(r2.errors);
      }
    }
    if (!failed) for (const e2 of passed) ev?.merge(e2);
    else {
      for (const errs of failed) addErrors(run, errs);
      ok2 = false;
    }
  }
  if (p.anyOf) {
    const passed = [];
    const failed = [];
    for (let i = 0; i < s.anyOf.length; i++) {
      const r2 = E ? sub(run) : run;
      const e2 = newEv(run);
      if (V(r2, s.anyOf[i], v, E ? `${sp}/anyOf/${i}` : sp, ip, e2)) {
        passed.push(e2);
        if (!E && !ev) break;
      } else failed.push(r2.errors);
    }
    if (passed.length > 0) for (const e2 of passed) ev?.merge(e2);
    else {
      if (!E) return false;
      for (const errs of failed) addErrors(run, errs);
      addError(run, "anyOf", sp, ip, {});
      ok2 = false;
    }
  }
  if (p.oneOf) {
    const passed = [];
    const passing = [];
    const failed = [];
    for (let i = 0; i < s.oneOf.length; i++) {
      const r2 = E ? sub(run) : run;
      const e2 = newEv(run);
      if (V(r2, s.oneOf[i], v, E ? `${sp}/oneOf/${i}` : sp, ip, e2)) {
        passed.push(e2);
        passing.push(i);
      } else failed.push(r2.errors);
    }
    if (passed.length === 1) ev?.merge(passed[0]);
    else {
      if (!E) return false;
      if (passing.length === 0) for (const errs of failed) addErrors(run, errs);
      addError(run, "oneOf", sp, ip, { passingSchemas: passing });
      ok2 = false;
    }
  }
  if (p.unevI && isArr(v) && ev) {
    const extra = [];
    const cr = checkOnly(run);
    for (let i = 0; i < v.length; i++) {
      if (ev.idx.has(i)) continue;
      if (V(cr, s.unevaluatedItems, v[i], `${sp}/unevaluatedItems`, `${ip}/${i}`, new Evaluated())) ev.idx.add(i);
      else extra.push(i);
    }
    if (extra.length > 0) {
      if (!E) return false;
      addError(run, "unevaluatedItems", sp, ip, { unevaluatedItems: extra });
      ok2 = false;
    }
  }
  if (p.unevP && isObj(v) && ev) {
    const extra = [];
    const cr = checkOnly(run);
    for (const k of Object.keys(v)) {
      if (ev.keys.has(k)) continue;
      if (V(cr, s.unevaluatedProperties, v[k], `${sp}/unevaluatedProperties`, `${ip}/${encodeFragment(k)}`, new Evaluated())) ev.keys.add(k);
      else extra.push(k);
    }
    if (extra.length > 0) {
      if (!E) return false;
      addError(run, "unevaluatedProperties", sp, ip, { unevaluatedProperties: extra });
      ok2 = false;
    }
  }
  if (ok2 && p.refine) {
    const list = s["~refine"];
    for (let index = 0; index < list.length; index++) {
      const r = list[index];
      if (!r.check(v)) {
        ok2 = false;
        addError(run, "~refine", sp, ip, { index, message: isFn(r.error) ? r.error(v) : globalThis.String(r.error) });
        if (!E) return false;
      }
    }
  }
  return ok2;
}
function schemaCheck(context, type, value) {
  const ix = idIndex(type, context);
  const run = { errors: null, max: 0, root: type, context, ids: ix.ids, track: ix.track };
  return V(run, type, value, "#", "", ix.track ? new Evaluated() : null);
}
function schemaErrors(context, type, value, max = settings.maxErrors) {
  const ix = idIndex(type, context);
  const run = { errors: [], max, root: type, context, ids: ix.ids, track: ix.track };
  const ok2 = V(run, type, value, "#", "", ix.track ? new Evaluated() : null);
  return [ok2, withFirst(run.errors)];
}
function withFirst(errors) {
  Object.defineProperty(errors, "First", { value: () => errors[0], enumerable: false, configurable: true, writable: true });
  return errors;
}
function ctv(args) {
  return args.length >= 3 ? [args[0] ?? {}, args[1], args[2]] : [{}, args[0], args[1]];
}
function ct(args) {
  return args.length >= 2 ? [args[0] ?? {}, args[1]] : [{}, args[0]];
}
class AssertError extends Error {
  constructor(source, value, errors) {
    super(source);
    Object.defineProperty(this, "cause", { value: { source, errors, value }, writable: false, configurable: false, enumerable: false });
  }
}
class ParseError extends AssertError {
  constructor(value, errors) {
    super("Parse", value, errors);
  }
}
class DecodeError extends AssertError {
  constructor(value, errors) {
    super("Decode", value, errors);
  }
}
class EncodeError extends AssertError {
  constructor(value, errors) {
    super("Encode", value, errors);
  }
}
class CreateError extends Error {
  constructor(type, msg) {
    super(msg);
    __publicField(this, "type");
    this.type = type;
  }
}
function Check(a, b, c) {
  return arguments.length >= 3 ? schemaCheck(a ?? {}, b, c) : schemaCheck({}, a, b);
}
function Errors(a, b, c) {
  return (arguments.length >= 3 ? schemaErrors(a ?? {}, b, c) : schemaErrors({}, a, b))[1];
}
function Assert(...args) {
  const [c, t, v] = ctv(args);
  if (!schemaCheck(c, t, v)) throw new AssertError("Assert", v, schemaErrors(c, t, v)[1]);
}
function Clone(value) {
  return deepClone(value);
}
function deepClone(v) {
  if (isArr(v)) return v.map(deepClone);
  if (isTypedArray(v)) return v.slice();
  if (v instanceof Date) return new Date(v.getTime());
  if (v instanceof Map) return new Map([...v.entries()].map(([k, x]) => [deepClone(k), deepClone(x)]));
  if (v instanceof Set) return new Set([...v.values()].map(deepClone));
  if (!isObj(v)) return v;
  if (isClassInstance(v)) return v;
  const r = {};
  if (hasKey(v, "~kind") || hasKey(v, "~unsafe")) {
    for (const k of keysOf(v)) {
      if (isUnsafeKey(k)) continue;
      const d = Object.getOwnPropertyDescriptor(v, k);
      if ("value" in d) d.value = deepClone(d.value);
      if (d.enumerable) r[k] = d.value;
      else Object.defineProperty(r, k, d);
    }
    return r;
  }
  for (const k of keysOf(v)) if (!isUnsafeKey(k)) r[k] = deepClone(v[k]);
  for (const k of Object.getOwnPropertySymbols(v)) r[k] = deepClone(v[k]);
  return r;
}
function Equal(left, right) {
  return deepEqual(left, right);
}
let A0 = 0, A1 = 0, A2 = 0, A3 = 0;
function fnv(byte) {
  const L0 = A0 ^ byte;
  const T0 = L0 * 435;
  const T1 = A1 * 435 + (T0 >>> 16);
  const T2 = A2 * 435 + (T1 >>> 16) + (L0 << 8);
  const T3 = A3 * 435 + (T2 >>> 16) + (A1 << 8);
  A0 = T0 & 65535;
  A1 = T1 & 65535;
  A2 = T2 & 65535;
  A3 = T3 & 65535;
}
let f64;
function f64Bytes(write) {
  f64 ??= new Float64Array(1);
  write(new DataView(f64.buffer));
  return new Uint8Array(f64.buffer);
}
function utf8(s) {
  const out = [];
  for (const ch of s) {
    let c = ch.codePointAt(0);
    if (c >= 55296 && c <= 57343) c = 65533;
    if (c < 128) out.push(c);
    else if (c < 2048) out.push(192 | c >> 6, 128 | c & 63);
    else if (c < 65536) out.push(224 | c >> 12, 128 | c >> 6 & 63, 128 | c & 63);
    else out.push(240 | c >> 18, 128 | c >> 12 & 63, 128 | c >> 6 & 63, 128 | c & 63);
  }
  return out;
}
function hashString(s) {
  fnv(10);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 127) {
      for (const b of utf8(s.slice(i))) fnv(b);
      return;
    }
    fnv(c);
  }
}
function instanceKeys(v) {
  const out = /* @__PURE__ */ new Set();
  let cur = v;
  while (cur && cur !== Object.prototype) {
    for (const k of Reflect.ownKeys(cur)) if (k !== "constructor" && typeof k !== "symbol") out.add(k);
    cur = Object.getPrototypeOf(cur);
  }
  return [...out];
}
function hashValue(v) {
  if (isTypedArray(v)) {
    fnv(12);
    const b = new Uint8Array(v.buffer);
    for (let i = 0; i < b.length; i++) fnv(b[i]);
  } else if (v instanceof Date) {
    fnv(3);
    hashValue(v.getTime());
  } else if (v instanceof RegExp) {
    fnv(9);
    hashString(v.toString());
  } else if (v instanceof globalThis.Boolean) {
    fnv(2);
    fnv(v.valueOf() ? 1 : 0);
  } else if (v instanceof globalThis.String) hashString(v.valueOf());
  else if (v instanceof globalThis.Number || typeof v === "number") {
    fnv(7);
    for (const b of f64Bytes((dv) => dv.setFloat64(0, +v, true))) fnv(b);
  } else if (isArr(v)) {
    fnv(0);
    for (const x of v) hashValue(x);
  } else if (typeof v === "boolean") {
    fnv(2);
    fnv(v ? 1 : 0);
  } else if (typeof v === "bigint") {
    fnv(1);
    for (const b of f64Bytes((dv) => dv.setBigInt64(0, v))) fnv(b);
  } else if (v === null) fnv(6);
  else if (isObj(v)) {
    fnv(8);
    for (const k of instanceKeys(v).sort()) {
      hashValue(k);
      hashValue(v[k]);
    }
  } else if (isStr(v)) hashString(v);
  else if (typeof v === "symbol") {
    fnv(11);
    hashValue(v.toString());
  } else if (v === void 0) fnv(13);
  else if (isFn(v)) {
    fnv(5);
    hashValue(v.toString());
  }
}
const hex = (n) => n.toString(16).padStart(4, "0");
function Hash(value) {
  A0 = 8997;
  A1 = 33826;
  A2 = 40164;
  A3 = 52210;
  hashValue(value);
  return `${hex(A3)}${hex(A2)}${hex(A1)}${hex(A0)}`;
}
function IsOptionalUndefined(property, key, value) {
  return T.IsOptional(property) && value[key] === void 0;
}
function derefAll(context, type) {
  if (T.IsRef(type)) {
    if (hasKey(context, type.$ref)) return derefAll(context, context[type.$ref]);
    throw new Error("Unable to Deref target");
  }
  return type;
}
function UnionScoreSelect(context, type, value) {
  const schemas = type.anyOf.map((s) => derefAll(context, s));
  let select = schemas[0];
  let best = 0;
  for (const s of schemas) {
    if (!(T.IsObject(s) && isObj(value))) continue;
    const ks = keysOf(value);
    let score = 0;
    for (const k of keysOf(s.properties)) {
      const p = s.properties[k];
      score += (T.IsLiteral(p) && p.const === value[k] ? 100 : 0) + (schemaCheck(context, p, value[k]) ? 10 : 0) + (ks.includes(k) ? 1 : 0);
    }
    if (score > best) {
      select = s;
      best = score;
    }
  }
  return select;
}
function UnionPrioritySort(type) {
  const from = (t) => {
    let next;
    if (T.IsArray(t)) next = T._Array_(from(t.items), T.ArrayOptions(t));
    else if (T.IsIntersect(t)) next = T.Intersect(t.allOf.map(from));
    else if (T.IsUnion(t)) next = T.Union(T.Priority(t.anyOf).map(from));
    else if (T.IsObject(t)) {
      const props = {};
      for (const k of keysOf(t.properties)) props[k] = from(t.properties[k]);
      next = T._Object_(props);
    } else if (T.IsRecord(t)) next = T.RecordFromPattern(T.RecordPattern(t), from(T.RecordValue(t)));
    else if (T.IsTuple(t)) next = T.Tuple(t.items.map(from));
    else return t;
    return mergeDescriptors(t, next);
  };
  return from(type);
}
function mergeDescriptors(left, right) {
  const r = {};
  const rk = keysOf(right);
  for (const k of keysOf(left)) if (!rk.includes(k)) Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(left, k));
  for (const k of rk) Object.defineProperty(r, k, Object.getOwnPropertyDescriptor(right, k));
  return r;
}
function evaluateIntersect(context, type) {
  return T.Evaluate(T.Instantiate(context, type));
}
const ok = (value) => ({ value });
const maxBig = BigInt(Number.MAX_SAFE_INTEGER);
const minBig = BigInt(Number.MIN_SAFE_INTEGER);
function tryBigInt(v) {
  if (typeof v === "bigint") return ok(v);
  if (typeof v === "boolean") return ok(BigInt(v ? 1 : 0));
  if (isNum(v)) return ok(BigInt(Math.trunc(v)));
  if (v === null || v === void 0) return ok(BigInt(0));
  if (isStr(v)) {
    const lc = v.toLowerCase();
    if (/^-?(0|[1-9]\d*)n$/.test(v)) return ok(BigInt(v.slice(0, -1)));
    if (/^-?(0|[1-9]\d*)\.\d+$/.test(v)) return ok(BigInt(v.split(".")[0]));
    if (/^-?(0|[1-9]\d*)$/.test(v)) return ok(BigInt(v));
    if (lc === "false") return ok(BigInt(0));
    if (lc === "true") return ok(BigInt(1));
  }
  return void 0;
}
function tryBoolean(v) {
  if (typeof v === "bigint") return v === BigInt(0) ? ok(false) : v === BigInt(1) ? ok(true) : void 0;
  if (typeof v === "boolean") return ok(v);
  if (isNum(v)) return v === 0 ? ok(false) : v === 1 ? ok(true) : void 0;
  if (v === null || v === void 0) return ok(false);
  if (isStr(v)) {
    const lc = v.toLowerCase();
    return lc === "false" || v === "0" ? ok(false) : lc === "true" || v === "1" ? ok(true) : void 0;
  }
  return void 0;
}
function tryNull(v) {
  if (typeof v === "bigint") return v === BigInt(0) ? ok(null) : void 0;
  if (typeof v === "boolean") return v === false ? ok(null) : void 0;
  if (isNum(v)) return v === 0 ? ok(null) : void 0;
  if (v === null || v === void 0) return ok(null);
  if (isStr(v)) {
    const lc = v.toLowerCase();
    return lc === "undefined" || lc === "null" || v === "" || v === "0" ? ok(null) : void 0;
  }
  return void 0;
}
function tryUndefined(v) {
  const r = tryNull(v);
  return r ? ok(void 0) : void 0;
}
function tryNumber(v) {
  if (typeof v === "bigint") return v <= maxBig && v >= minBig ? ok(Number(v)) : void 0;
  if (typeof v === "boolean") return ok(v ? 1 : 0);
  if (isNum(v)) return ok(v);
  if (v === null || v === void 0) return ok(0);
  if (isStr(v)) {
    const n = +v;
    if (isNum(n)) return ok(n);
    const lc = v.toLowerCase();
    if (lc === "false") return ok(0);
    if (lc === "true") return ok(1);
    const b = tryBigInt(v);
    if (b) return b.value <= maxBig && b.value >= minBig ? ok(Number(b.value)) : void 0;
  }
  return void 0;
}
function tryString(v) {
  if (typeof v === "bigint" || typeof v === "boolean" || isNum(v)) return ok(v.toString());
  if (v === null) return ok("null");
  if (isStr(v)) return ok(v);
  if (v === void 0) return ok("");
  return void 0;
}
function entriesRegExp(props) {
  return keysOf(props).map((k) => {
    let re;
    try {
      re = new RegExp(`^${k}$`);
    } catch {
      re = new RegExp(`^${k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
    }
    return [re, props[k]];
  });
}
function convertAdditional(context, entries, additional, value) {
  const ks = keysOf(value);
  for (const [re] of entries) for (const k of ks) if (!re.test(k)) value[k] = convertType(context, additional, value[k]);
  return value;
}
function convertType(context, type, value) {
  if (T.IsArray(type)) return (isArr(value) ? value : [value]).map((x) => convertType(context, type.items, x));
  if (T.IsBigInt(type)) {
    const r = tryBigInt(value);
    return r ? r.value : value;
  }
  if (T.IsBoolean(type)) {
    const r = tryBoolean(value);
    return r ? r.value : value;
  }
  if (T.IsCyclic(type)) return convertType({ ...context, ...type.$defs }, T.Ref(type.$ref), value);
  if (T.IsEnum(type)) return convertType(context, T.Evaluate(type), value);
  if (T.IsInteger(type)) {
    const r = tryNumber(value);
    return r ? Math.trunc(r.value) : value;
  }
  if (T.IsIntersect(type)) return convertType(context, evaluateIntersect(context, type), value);
  if (T.IsLiteral(type)) {
    if (type.const === value) return value;
    const c = type.const;
    const r = typeof c === "bigint" ? tryBigInt(value) : typeof c === "boolean" ? tryBoolean(value) : isNum(c) ? tryNumber(value) : tryString(value);
    return r && r.value === c ? r.value : value;
  }
  if (T.IsNull(type)) {
    const r = tryNull(value);
    return r ? r.value : value;
  }
  if (T.IsNumber(type)) {
    const r = tryNumber(value);
    return r ? r.value : value;
  }
  if (T.IsObject(type)) {
    if (!(isObj(value) && !isArr(value))) return value;
    const entries = entriesRegExp(type.properties);
    const ks = keysOf(value);
    for (const [re, prop] of entries) {
      for (const k of ks) {
        if (!re.test(k) || IsOptionalUndefined(prop, k, value)) continue;
        value[k] = convertType(context, prop, value[k]);
      }
    }
    return hasKey(type, "additionalProperties") && isObj(type.additionalProperties) ? convertAdditional(context, entries, type.additionalProperties, value) : value;
  }
  if (T.IsRecord(type)) {
    if (!(isObj(value) && !isArr(value))) return value;
    const entries = entriesRegExp(type.patternProperties);
    const ks = keysOf(value);
    for (const [re, s] of entries) for (const k of ks) if (re.test(k)) value[k] = convertType(context, s, value[k]);
    return hasKey(type, "additionalProperties") && isObj(type.additionalProperties) ? convertAdditional(context, entries, type.additionalProperties, value) : value;
  }
  if (T.IsRef(type)) return hasKey(context, type.$ref) ? convertType(context, context[type.$ref], value) : value;
  if (T.IsString(type)) {
    const r = tryString(value);
    return r ? r.value : value;
  }
  if (T.IsTemplateLiteral(type)) return convertType(context, T.TemplateLiteralDecode(type.pattern), value);
  if (T.IsTuple(type)) {
    if (!isArr(value)) return value;
    for (let i = 0; i < Math.min(type.items.length, value.length); i++) value[i] = convertType(context, type.items[i], value[i]);
    return value;
  }
  if (T.IsUndefined(type)) {
    const r = tryUndefined(value);
    return r ? r.value : value;
  }
  if (T.IsUnion(type)) {
    if (type.anyOf.some((t) => schemaCheck(context, t, value))) return value;
    const candidates = type.anyOf.map((t) => convertType(context, t, Clone(value)));
    const selected = candidates.find((c) => schemaCheck(context, type, c));
    return selected === void 0 ? value : selected;
  }
  if (T.IsVoid(type)) {
    const r = tryUndefined(value);
    return r ? void 0 : value;
  }
  return value;
}
function Convert(...args) {
  const [c, t, v] = ctv(args);
  return convertType(c, t, v);
}
const isDefault = (t) => isObj(t) && hasKey(t, "default");
function defaultType(context, type, value) {
  const v = isDefault(type) && value === void 0 ? isFn(type.default) ? type.default() : Clone(type.default) : value;
  if (T.IsArray(type)) {
    if (!isArr(v)) return v;
    for (let i = 0; i < v.length; i++) v[i] = defaultType(context, type.items, v[i]);
    return v;
  }
  if (T.IsCyclic(type)) return defaultType({ ...context, ...type.$defs }, T.Ref(type.$ref), v);
  if (T.IsIntersect(type)) return defaultType(context, evaluateIntersect(context, type), v);
  if (T.IsObject(type)) {
    if (!isObj(v)) return v;
    const known = keysOf(type.properties);
    for (const k of known) {
      const p = type.properties[k];
      const pv = defaultType(context, p, v[k]);
      if (pv === void 0 && (T.IsOptional(p) || !hasKey(p, "default"))) continue;
      v[k] = pv;
    }
    if (!hasKey(type, "additionalProperties") || typeof type.additionalProperties === "boolean") return v;
    for (const k of keysOf(v)) if (!known.includes(k)) v[k] = defaultType(context, type.additionalProperties, v[k]);
    return v;
  }
  if (T.IsRecord(type)) {
    if (!isObj(v)) return v;
    const re = new RegExp(T.RecordPattern(type));
    const rv = T.RecordValue(type);
    for (const k of keysOf(v)) if (re.test(k) && isDefault(rv)) v[k] = defaultType(context, rv, v[k]);
    if (!hasKey(type, "additionalProperties")) return v;
    for (const k of keysOf(v)) if (!re.test(k)) v[k] = defaultType(context, type.additionalProperties, v[k]);
    return v;
  }
  if (T.IsRef(type)) return hasKey(context, type.$ref) ? defaultType(context, context[type.$ref], v) : v;
  if (T.IsTuple(type)) {
    if (!isArr(v)) return v;
    for (let i = 0; i < type.items.length && i < Math.max(type.items.length, v.length); i++) v[i] = defaultType(context, type.items[i], v[i]);
    return v;
  }
  if (T.IsUnion(type)) {
    for (const inner of type.anyOf) {
      const r = defaultType(context, inner, Clone(v));
      if (schemaCheck(context, inner, r)) return r;
    }
    return v;
  }
  return v;
}
function Default(...args) {
  const [c, t, v] = ctv(args);
  return defaultType(c, t, v);
}
function cleanType(context, type, value) {
  if (T.IsArray(type)) return isArr(value) ? value.map((x) => cleanType(context, type.items, x)) : value;
  if (T.IsCyclic(type)) return cleanType({ ...context, ...type.$defs }, T.Ref(type.$ref), value);
  if (T.IsIntersect(type)) {
    const extra = hasKey(type, "unevaluatedProperties") ? { additionalProperties: type.unevaluatedProperties } : {};
    const e = evaluateIntersect(context, type);
    return cleanType(context, T.IsObject(e) ? T.With(e, extra) : e, value);
  }
  if (T.IsObject(type) || T.IsRecord(type)) {
    if (!isObj(value) || T.IsObject(type) && isArr(value)) return value;
    const additional = hasKey(type, "additionalProperties") ? type.additionalProperties : void 0;
    const re = T.IsRecord(type) ? new RegExp(T.RecordPattern(type)) : null;
    for (const k of keysOf(value)) {
      if (re ? re.test(k) : hasKey(type.properties, k) && T.IsSchema(type.properties[k])) {
        value[k] = cleanType(context, re ? T.RecordValue(type) : type.properties[k], value[k]);
        continue;
      }
      if (additional === true || T.IsSchema(additional) && schemaCheck(context, additional, value[k])) {
        value[k] = cleanType(context, additional, value[k]);
        continue;
      }
      delete value[k];
    }
    return value;
  }
  if (T.IsRef(type)) return hasKey(context, type.$ref) ? cleanType(context, context[type.$ref], value) : value;
  if (T.IsTuple(type)) {
    if (!isArr(value)) return value;
    const n = Math.min(value.length, type.items.length);
    for (let i = 0; i < n; i++) value[i] = cleanType(context, type.items[i], value[i]);
    return value.length > n ? value.slice(0, n) : value;
  }
  if (T.IsUnion(type)) {
    for (const s of type.anyOf) {
      const r = cleanType(context, s, Clone(value));
      if (schemaCheck(context, s, r)) return r;
    }
    return value;
  }
  return value;
}
function Clean(...args) {
  const [c, t, v] = ctv(args);
  return cleanType(c, settings.unionPrioritySort ? UnionPrioritySort(t) : t, v);
}
function createType(context, type) {
  if (isDefault(type)) return isFn(type.default) ? type.default(type) : isObj(type.default) ? Clone(type.default) : type.default;
  if (T.IsArray(type)) {
    if (type.uniqueItems === true) throw new CreateError(type, "Arrays with uniqueItems constraints must specify a default annotation");
    const n = isNum(type.minItems) ? type.minItems : 0;
    return Array.from({ length: n }, () => createType(context, type.items));
  }
  if (T.IsBigInt(type)) return hasKey(type, "exclusiveMinimum") ? BigInt(type.exclusiveMinimum) + BigInt(1) : hasKey(type, "minimum") ? BigInt(type.minimum) : BigInt(0);
  if (T.IsBoolean(type)) return false;
  if (T.IsConstructor(type)) {
    const inst = createType(context, type.instanceType);
    return class {
      constructor() {
        Object.assign(this, inst);
      }
    };
  }
  if (T.IsCyclic(type)) return createType({ ...context, ...type.$defs }, T.Ref(type.$ref));
  if (T.IsEnum(type)) return createType(context, T.Evaluate(type));
  if (T.IsFunction(type)) {
    const r = createType(context, type.returnType);
    return () => r;
  }
  if (T.IsInteger(type) || T.IsNumber(type)) return hasKey(type, "exclusiveMinimum") && isNum(type.exclusiveMinimum) ? type.exclusiveMinimum + 1 : hasKey(type, "minimum") ? type.minimum : 0;
  if (T.IsIntersect(type)) return createType(context, evaluateIntersect(context, type));
  if (T.IsLiteral(type)) return type.const;
  if (T.IsNever(type)) throw new CreateError(type, "Cannot create TNever types");
  if (T.IsNull(type)) return null;
  if (T.IsObject(type)) {
    const out = {};
    for (const k of isArr(type.required) ? type.required : []) out[k] = createType(context, type.properties[k]);
    return out;
  }
  if (T.IsRecord(type)) {
    if (hasKey(type, "minProperties")) throw new CreateError(type, "Record with the minProperties constraint must have a default annotation");
    return {};
  }
  if (T.IsRef(type)) {
    if (hasKey(context, type.$ref)) return createType(context, context[type.$ref]);
    throw new CreateError(type, "Unable to deref Ref");
  }
  if (T.IsString(type)) {
    if (hasKey(type, "pattern") || hasKey(type, "format")) throw Error("Strings with format or pattern constraints must specify default");
    return "".padEnd(isNum(type.minLength) ? type.minLength : 0);
  }
  if (T.IsSymbol(type)) return globalThis.Symbol();
  if (T.IsTemplateLiteral(type)) {
    const d = T.TemplateLiteralDecode(type.pattern);
    if (T.IsString(d)) throw new CreateError(type, "Unable to create TemplateLiteral due to infinite type expansion");
    return createType(context, d);
  }
  if (T.IsTuple(type)) return Array.from({ length: type.minItems }, (_, i) => createType(context, type.items[i]));
  if (T.IsUnion(type)) {
    if (type.anyOf.length === 0) throw Error("Unable to create Union with no variants");
    return createType(context, type.anyOf[0]);
  }
  return void 0;
}
function Create(...args) {
  const [c, t] = ct(args);
  return createType(c, t);
}
function hasCodecIn(context, type, seen) {
  if (!isObj(type) || seen.has(type)) return false;
  seen.add(type);
  if (T.IsCodec(type)) return true;
  if (T.IsRef(type)) return hasKey(context, type.$ref) && hasCodecIn(context, context[type.$ref], seen);
  return Object.keys(type).some((k) => hasCodecIn(context, type[k], seen));
}
function HasCodec(...args) {
  const [c, t] = ct(args);
  return hasCodecIn(c, t, /* @__PURE__ */ new Set());
}
function codecWalk(dir, context, type, value) {
  const self = (v) => T.IsCodec(type) ? dir === "Decode" ? type["~codec"].decode(v) : type["~codec"].encode(v) : v;
  const kids = (v) => {
    if (T.IsArray(type) && isArr(v)) return v.map((x) => codecWalk(dir, context, type.items, x));
    if (T.IsTuple(type) && isArr(v)) return v.map((x, i) => i < type.items.length ? codecWalk(dir, context, type.items[i], x) : x);
    if (T.IsObject(type) && isObj(v)) {
      for (const k of keysOf(type.properties)) if (hasKey(v, k) && !IsOptionalUndefined(type.properties[k], k, v)) v[k] = codecWalk(dir, context, type.properties[k], v[k]);
      return v;
    }
    if (T.IsRecord(type) && isObj(v)) {
      const re = new RegExp(T.RecordPattern(type));
      for (const k of keysOf(v)) if (re.test(k)) v[k] = codecWalk(dir, context, T.RecordValue(type), v[k]);
      return v;
    }
    if (T.IsRef(type)) return hasKey(context, type.$ref) ? codecWalk(dir, context, context[type.$ref], v) : v;
    if (T.IsCyclic(type)) return codecWalk(dir, { ...context, ...type.$defs }, T.Ref(type.$ref), v);
    if (T.IsIntersect(type)) return codecWalk(dir, context, evaluateIntersect(context, type), v);
    if (T.IsUnion(type)) {
      for (const s of type.anyOf) if (schemaCheck(context, s, v)) return codecWalk(dir, context, s, v);
      return v;
    }
    return v;
  };
  return dir === "Decode" ? self(kids(value)) : kids(self(value));
}
function DecodeUnsafe(context, type, value) {
  return codecWalk("Decode", context, settings.unionPrioritySort ? UnionPrioritySort(type) : type, value);
}
function EncodeUnsafe(context, type, value) {
  return codecWalk("Encode", context, settings.unionPrioritySort ? UnionPrioritySort(type) : type, value);
}
function Pipeline(steps) {
  return (...args) => {
    const [c, t, v] = ctv(args);
    return steps.reduce((r, f) => f(c, t, r), v);
  };
}
function assertWith(Err, max) {
  return (c, t, v) => {
    if (!schemaCheck(c, t, v)) throw new Err(v, schemaErrors(c, t, v, max)[1]);
    return v;
  };
}
const Parser = Pipeline([
  (_c, _t, v) => Clone(v),
  (c, t, v) => defaultType(c, t, v),
  (c, t, v) => convertType(c, t, v),
  (c, t, v) => Clean(c, t, v),
  (c, t, v) => assertWith(ParseError, settings.maxParseErrors)(c, t, v)
]);
function Parse(...args) {
  const [c, t, v] = ctv(args);
  if (schemaCheck(c, t, v)) return v;
  if (settings.correctiveParse) return Parser(c, t, v);
  throw new ParseError(v, schemaErrors(c, t, v, settings.maxParseErrors)[1]);
}
const Decoder = Pipeline([
  (_c, _t, v) => Clone(v),
  (c, t, v) => defaultType(c, t, v),
  (c, t, v) => convertType(c, t, v),
  (c, t, v) => Clean(c, t, v),
  (c, t, v) => assertWith(DecodeError, settings.maxErrors)(c, t, v),
  (c, t, v) => DecodeUnsafe(c, t, v)
]);
const Encoder = Pipeline([
  (_c, _t, v) => Clone(v),
  (c, t, v) => EncodeUnsafe(c, t, v),
  (c, t, v) => defaultType(c, t, v),
  (c, t, v) => convertType(c, t, v),
  (c, t, v) => Clean(c, t, v),
  (c, t, v) => assertWith(EncodeError, settings.maxErrors)(c, t, v)
]);
function Decode(...args) {
  const [c, t, v] = ctv(args);
  return Decoder(c, t, v);
}
function Encode(...args) {
  const [c, t, v] = ctv(args);
  return Encoder(c, t, v);
}
class RepairError extends Error {
  constructor(context, type, value, msg) {
    super(msg);
    __publicField(this, "context");
    __publicField(this, "type");
    __publicField(this, "value");
    this.context = context;
    this.type = type;
    this.value = value;
  }
}
function repairType(context, type, value) {
  if (value instanceof Date || value instanceof Map || value instanceof Set || isTypedArray(value) || isFn(value)) {
    throw new RepairError(context, type, value, "Value is not repairable");
  }
  if (T.IsConstructor(type) || T.IsFunction(type) || T.IsNever(type)) throw new RepairError(context, type, value, "Type is not repairable");
  const candidate = value === void 0 && !T.IsUndefined(type) ? createType(context, type) : value;
  let repaired;
  if (T.IsArray(type)) repaired = repairArray(context, type, candidate);
  else if (T.IsEnum(type)) repaired = repairType(context, T.Evaluate(type), candidate);
  else if (T.IsIntersect(type)) repaired = repairType(context, evaluateIntersect(context, type), candidate);
  else if (T.IsObject(type)) repaired = repairObject(context, type, candidate);
  else if (T.IsRecord(type)) repaired = repairRecord(context, type, candidate);
  else if (T.IsRef(type)) {
    if (!hasKey(context, type.$ref)) throw new RepairError(context, type, candidate, "Unable to de-reference target type");
    repaired = repairType(context, context[type.$ref], candidate);
  } else if (T.IsTemplateLiteral(type)) repaired = repairType(context, T.TemplateLiteralDecode(type.pattern), candidate);
  else if (T.IsTuple(type)) {
    if (schemaCheck(context, type, candidate)) repaired = candidate;
    else if (!isArr(candidate)) repaired = createType(context, type);
    else repaired = type.items.map((t, i) => repairType(context, t, candidate[i]));
  } else if (T.IsUnion(type)) {
    if (schemaCheck(context, type, candidate)) repaired = Clone(candidate);
    else if (isDefault(type)) repaired = createType(context, type);
    else repaired = repairType(context, UnionScoreSelect(context, T.Union(T.Flatten(type.anyOf)), candidate), candidate);
  } else if (schemaCheck(context, type, candidate)) repaired = candidate;
  else {
    const converted = convertType(context, type, candidate);
    repaired = schemaCheck(context, type, converted) ? converted : createType(context, type);
  }
  return T.IsRefine(type) && !schemaCheck(context, type, repaired) ? createType(context, type) : repaired;
}
function repairArray(context, type, value) {
  if (schemaCheck(context, type, value)) return value;
  const created = isArr(value) ? value : createType(context, type);
  const minimum = isNum(type.minItems) && created.length < type.minItems ? [...created, ...Array.from({ length: type.minItems - created.length }, () => createType(context, type))] : created;
  const maximum = isNum(type.maxItems) && minimum.length > type.maxItems ? minimum.slice(0, type.maxItems) : minimum;
  const repaired = maximum.map((x) => repairType(context, type.items, x));
  if (type.uniqueItems !== true) return repaired;
  const hashes = /* @__PURE__ */ new Set();
  const unique = [];
  for (const x of repaired) {
    const h = Hash(x);
    if (hashes.has(h)) continue;
    hashes.add(h);
    unique.push(x);
  }
  if (!schemaCheck(context, type, unique)) throw new RepairError(context, type, value, "Failed to repair Array due to uniqueItems constraint");
  return unique;
}
function repairObject(context, type, value) {
  if (schemaCheck(context, type, value)) return value;
  if (!(isObj(value) && !isArr(value))) return createType(context, type);
  const required = new Set(isArr(type.required) ? type.required : []);
  const out = {};
  for (const k of keysOf(type.properties)) {
    if (!required.has(k) && value[k] === void 0) continue;
    out[k] = k in value ? repairType(context, type.properties[k], value[k]) : createType(context, type.properties[k]);
  }
  if (hasKey(type, "additionalProperties") && isObj(type.additionalProperties)) {
    const known = keysOf(type.properties);
    for (const k of keysOf(value)) if (!known.includes(k)) out[k] = repairType(context, type.additionalProperties, value[k]);
  }
  return out;
}
function repairRecord(context, type, value) {
  if (schemaCheck(context, type, value)) return value;
  if (value === null || !isObj(value) || isArr(value)) return createType(context, type);
  const re = new RegExp(T.RecordPattern(type));
  const rv = T.RecordValue(type);
  const seen = /* @__PURE__ */ new Set();
  const out = {};
  for (const k of Object.keys(value)) {
    if (!re.test(k)) continue;
    out[k] = repairType(context, rv, value[k]);
    seen.add(k);
  }
  if (hasKey(type, "additionalProperties")) {
    for (const k of keysOf(value)) if (!seen.has(k)) out[k] = repairType(context, type.additionalProperties, value[k]);
  }
  return out;
}
function Repair(...args) {
  const [c, t, v] = ctv(args);
  const r = repairType(c, t, v);
  if (!schemaCheck(c, t, r)) throw new AssertError("Assert", r, schemaErrors(c, t, r)[1]);
  return r;
}
function ptrIndices(pointer) {
  const ix = pointer.split("/").map((i) => i.replace(/~1/g, "/").replace(/~0/g, "~"));
  return ix[0] === "" ? ix.slice(1) : ix;
}
function ptrParent(value, indices, last) {
  let cur = value;
  for (const i of indices) {
    if (isUnsafeKey(i)) throw Error("Pointer contains unsafe property key");
    cur = isObj(cur) ? cur[i] : void 0;
  }
  if (isUnsafeKey(last)) throw Error("Pointer contains unsafe property key");
  if (!isObj(cur)) throw Error("Cannot set value");
  return cur;
}
const Pointer = {
  Indices: ptrIndices,
  Has(value, pointer) {
    let cur = value;
    for (const i of ptrIndices(pointer)) {
      if (!isObj(cur) || !hasKey(cur, i)) return false;
      cur = cur[i];
    }
    return true;
  },
  Get(value, pointer) {
    let cur = value;
    for (const i of ptrIndices(pointer)) {
      if (!isObj(cur) || isUnsafeKey(i)) return void 0;
      cur = cur[i];
    }
    return cur;
  },
  Set(value, pointer, next) {
    const ix = ptrIndices(pointer);
    const last = ix.pop();
    if (last === void 0) throw Error("Cannot set value");
    ptrParent(value, ix, last)[last] = next;
    return value;
  },
  Delete(value, pointer) {
    const ix = ptrIndices(pointer);
    const last = ix.pop();
    if (last === void 0) throw Error("Cannot set value");
    const parent = ptrParent(value, ix, last);
    if (isArr(parent) && /^(0|[1-9]\d*)$/.test(last)) parent.splice(Number(last), 1);
    else delete parent[last];
    return value;
  }
};
const Insert = T._Object_({ type: T.Literal("insert"), path: T.String(), value: T.Unknown() });
const Update = T._Object_({ type: T.Literal("update"), path: T.String(), value: T.Unknown() });
const Delete = T._Object_({ type: T.Literal("delete"), path: T.String() });
const Edit = T.Union([Insert, Update, Delete]);
function* diffValue(path, left, right) {
  if (isTypedArray(left)) {
    if (isTypedArray(right) && left.length === right.length && Object.getPrototypeOf(left).constructor.name === Object.getPrototypeOf(right).constructor.name) {
      for (let i = 0; i < left.length; i++) yield* __yieldStar(diffValue(`${path}/${i}`, left[i], right[i]));
    } else yield { type: "update", path, value: right };
    return;
  }
  if (isArr(left)) {
    if (!isArr(right)) {
      yield { type: "update", path, value: right };
      return;
    }
    for (let i = 0; i < Math.min(left.length, right.length); i++) yield* __yieldStar(diffValue(`${path}/${i}`, left[i], right[i]));
    for (let i = left.length; i < right.length; i++) yield { type: "insert", path: `${path}/${i}`, value: right[i] };
    for (let i = left.length - 1; i >= right.length; i--) yield { type: "delete", path: `${path}/${i}` };
    return;
  }
  if (isObj(left)) {
    if (!isObj(right) || isArr(right)) {
      yield { type: "update", path, value: right };
      return;
    }
    if (Object.getOwnPropertySymbols(left).length > 0 || Object.getOwnPropertySymbols(right).length > 0) throw new Error("Cannot create diffs for objects with symbols keys");
    const lk = keysOf(left);
    const rk = keysOf(right);
    for (const k of rk) if (!hasKey(left, k) && !isUnsafeKey(k)) yield { type: "insert", path: `${path}/${k}`, value: right[k] };
    for (const k of lk) {
      if (!hasKey(right, k) || isUnsafeKey(k) || deepEqual(left, right)) continue;
      yield* __yieldStar(diffValue(`${path}/${k}`, left[k], right[k]));
    }
    for (const k of lk) if (!hasKey(right, k) && !isUnsafeKey(k)) yield { type: "delete", path: `${path}/${k}` };
    return;
  }
  if (left !== right) yield { type: "update", path, value: right };
}
function Diff(current, next) {
  return [...diffValue("", current, next)];
}
function Patch(current, edits) {
  if (edits.length > 0 && edits[0].path === "" && edits[0].type === "update") return Clone(edits[0].value);
  const clone = Clone(current);
  if (edits.length === 0) return clone;
  for (const e of edits) {
    if (e.type === "insert" || e.type === "update") Pointer.Set(clone, e.path, e.value);
    else if (e.type === "delete") Pointer.Delete(clone, e.path);
  }
  return clone;
}
const Value = {
  Assert,
  Check,
  Clean,
  Clone,
  Convert,
  Create,
  Decode,
  Default,
  Diff,
  Encode,
  Equal,
  Errors,
  HasCodec,
  Hash,
  Parse,
  Patch,
  Pointer,
  Repair
};
// Annotate the CommonJS export names for ESM import in node:
pigo_typebox_value_exports.AssertError = AssertError;
pigo_typebox_value_exports.CreateError = CreateError;
pigo_typebox_value_exports.DecodeError = DecodeError;
pigo_typebox_value_exports.Delete = Delete;
pigo_typebox_value_exports.Edit = Edit;
pigo_typebox_value_exports.EncodeError = EncodeError;
pigo_typebox_value_exports.Format = Format;
pigo_typebox_value_exports.Insert = Insert;
pigo_typebox_value_exports.ParseError = ParseError;
pigo_typebox_value_exports.Parser = Parser;
pigo_typebox_value_exports.Pointer = Pointer;
pigo_typebox_value_exports.Update = Update;
pigo_typebox_value_exports.Value = Value;
pigo_typebox_value_exports.settings = settings;
0 && (module.exports = {
  Assert,
  AssertError,
  Check,
  Clean,
  Clone,
  Convert,
  Create,
  CreateError,
  Decode,
  DecodeError,
  DecodeUnsafe,
  Default,
  Delete,
  Diff,
  Edit,
  Encode,
  EncodeError,
  EncodeUnsafe,
  Equal,
  Errors,
  Format,
  HasCodec,
  Hash,
  Insert,
  IsOptionalUndefined,
  Parse,
  ParseError,
  Parser,
  Patch,
  Pipeline,
  Pointer,
  Repair,
  UnionPrioritySort,
  UnionScoreSelect,
  Update,
  Value,
  schemaCheck,
  schemaErrors,
  settings
});
