var WeakRef = globalThis.WeakRef || class {
  constructor(v) {
    this.v = v;
  }
  deref() {
    return this.v;
  }
};
var FinalizationRegistry = globalThis.FinalizationRegistry || class {
  register() {
  }
  unregister() {
  }
};
var __defProp = Object.defineProperty;
var __defNormalProp = (obj2, key, value) => key in obj2 ? __defProp(obj2, key, { enumerable: true, configurable: true, writable: true, value }) : obj2[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj2, key, value) => __defNormalProp(obj2, typeof key !== "symbol" ? key + "" : key, value);
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  CoercingValidator: () => CoercingValidator,
  Optional: () => Optional,
  Validator: () => Validator
});
stdin_exports.arr = arr;
stdin_exports.bigint = bigint;
stdin_exports.bool = bool;
stdin_exports.bytes = bytes;
stdin_exports.compile = compile;
stdin_exports.equal = deepEqual;
stdin_exports.int = int;
stdin_exports.lit = lit;
stdin_exports.map = map;
stdin_exports.nul = nul;
stdin_exports.nullable = nullable;
stdin_exports.num = num;
stdin_exports.obj = obj;
stdin_exports.oneOf = oneOf;
stdin_exports.opt = opt;
stdin_exports.recursive = recursive;
stdin_exports.str = str;
stdin_exports.tuple = tuple;
stdin_exports.union = union;
stdin_exports.unknown = unknown;
stdin_exports.unsafe = unsafe;
module.exports = stdin_exports;
function str(options = {}) {
  return { type: "string", ...options };
}
function num(options = {}) {
  return { type: "number", ...options };
}
function int(options = {}) {
  return { type: "integer", ...options };
}
function bigint(options = {}) {
  return { type: "bigint", ...options };
}
function bool(options = {}) {
  return { type: "boolean", ...options };
}
function nul(options = {}) {
  return { type: "null", ...options };
}
function unknown(options = {}) {
  return { ...options };
}
function lit(value, options = {}) {
  return { const: value, ...options };
}
function oneOf(values, options = {}) {
  return { enum: values, ...options };
}
function union(schemas, options = {}) {
  return { anyOf: schemas, ...options };
}
function nullable(schema, options = {}) {
  return { anyOf: [schema, { type: "null" }], ...options };
}
function arr(items, options = {}) {
  return { type: "array", items, ...options };
}
function tuple(items, options = {}) {
  return { type: "array", prefixItems: items, items: false, minItems: items.length, ...options };
}
function map(value, options = {}) {
  return { type: "object", additionalProperties: value, ...options };
}
function unsafe(schema = {}) {
  return schema;
}
function recursive(id, build) {
  return { ...build({ $ref: id }), $id: id };
}
function bytes(options = {}) {
  return { type: "bytes", ...options };
}
var Optional = class {
  constructor(schema) {
    __publicField(this, "schema");
    this.schema = schema;
  }
};
function opt(schema) {
  return new Optional(schema);
}
function obj(properties, options = {}) {
  const { open, ...annotations } = options;
  const props = {};
  const required = [];
  for (const [name, property] of Object.entries(properties)) {
    if (property instanceof Optional)
      props[name] = property.schema;
    else {
      props[name] = property;
      required.push(name);
    }
  }
  return {
    type: "object",
    properties: props,
    ...required.length > 0 ? { required } : {},
    ...open === true ? {} : { additionalProperties: false },
    ...annotations
  };
}
var ALWAYS = () => true;
var NEVER = () => false;
var IS_STRING = (v) => typeof v === "string";
var IS_NUMBER = (v) => Number.isFinite(v);
var IS_INTEGER = (v) => Number.isInteger(v);
var IS_BOOLEAN = (v) => typeof v === "boolean";
var IS_NULL = (v) => v === null;
var IS_ARRAY = (v) => Array.isArray(v);
var IS_BYTES = (v) => v instanceof Uint8Array;
var IS_BIGINT = (v) => typeof v === "bigint";
var IS_UNDEFINED = (v) => v === void 0;
var IS_OBJECT = (v) => isObject(v);
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}
var TYPE_CHECKS = /* @__PURE__ */ new Map([
  ["string", IS_STRING],
  ["number", IS_NUMBER],
  ["integer", IS_INTEGER],
  ["boolean", IS_BOOLEAN],
  ["null", IS_NULL],
  ["array", IS_ARRAY],
  ["object", IS_OBJECT],
  ["bytes", IS_BYTES],
  ["bigint", IS_BIGINT],
  ["undefined", IS_UNDEFINED]
]);
var leaves = new WeakMap([
  [IS_STRING, [1, void 0]],
  [IS_NUMBER, [2, void 0]],
  [IS_INTEGER, [3, void 0]],
  [IS_BOOLEAN, [4, void 0]],
  [IS_NULL, [5, void 0]],
  [ALWAYS, [6, void 0]]
]);
function leafOf(check) {
  return leaves.get(check);
}
function leaf(code, arg, check) {
  leaves.set(check, [code, arg]);
  return check;
}
var Bounds = class {
  constructor(min, max, xmin, xmax) {
    __publicField(this, "min");
    __publicField(this, "max");
    __publicField(this, "xmin");
    __publicField(this, "xmax");
    this.min = min;
    this.max = max;
    this.xmin = xmin;
    this.xmax = xmax;
  }
};
function leafOk(code, x, arg) {
  switch (code) {
    case 1:
      return typeof x === "string";
    case 2:
      return Number.isFinite(x);
    case 3:
      return Number.isInteger(x);
    case 4:
      return typeof x === "boolean";
    case 5:
      return x === null;
    case 7:
      return x === arg;
    case 8: {
      const list = arg;
      for (let i = 0; i < list.length; i++)
        if (list[i] === x)
          return true;
      return false;
    }
    case 9:
      return (typeBits(x) & arg) !== 0;
    case 10:
      return Number.isInteger(x) && inBounds(x, arg);
    case 11:
      return Number.isFinite(x) && inBounds(x, arg);
    case 12:
      return typeof x === "string" && lengthOk(x, arg.min, arg.max);
    case 13:
      return typeof x === "string" && arg.test(x);
    default:
      return true;
  }
}
function inBounds(x, b) {
  return x >= b.min && x <= b.max && x > b.xmin && x < b.xmax;
}
var GUARD_NONE = 0;
var GUARD_STRICT = 1;
var GUARD_LOOSE = 2;
var CODE = 15;
var REQUIRED = 16;
var INHERITED = 32;
function and(parts) {
  switch (parts.length) {
    case 0:
      return ALWAYS;
    case 1:
      return parts[0];
    case 2: {
      const [a, b] = parts;
      return (v) => a(v) && b(v);
    }
    case 3: {
      const [a, b, c] = parts;
      return (v) => a(v) && b(v) && c(v);
    }
    default:
      return (v) => {
        for (let i = 0; i < parts.length; i++)
          if (!parts[i](v))
            return false;
        return true;
      };
  }
}
function indirect(slot) {
  return (v) => slot.check(v);
}
function scopedCheck(scope, uri, check) {
  return (v) => {
    scope.push(uri);
    const ok = check(v);
    scope.pop();
    return ok;
  };
}
function typeCheck(types) {
  if (types.length === 1)
    return (typeof types[0] === "string" ? TYPE_CHECKS.get(types[0]) : void 0) ?? NEVER;
  return maskCheck(typeMask(types));
}
var TYPE_BITS = /* @__PURE__ */ new Map([
  ["string", 1],
  ["number", 2],
  ["integer", 4],
  ["boolean", 8],
  ["null", 16],
  ["array", 32],
  ["object", 64],
  ["bytes", 128],
  ["bigint", 256],
  ["undefined", 512]
]);
function typeMask(types) {
  let mask = 0;
  for (const t of types)
    if (typeof t === "string")
      mask |= TYPE_BITS.get(t) ?? 0;
  return mask;
}
function typeBits(v) {
  switch (typeof v) {
    case "string":
      return 1;
    case "number":
      return Number.isInteger(v) ? 6 : Number.isFinite(v) ? 2 : 0;
    case "boolean":
      return 8;
    case "object":
      return v === null ? 16 : Array.isArray(v) ? 32 : v instanceof Uint8Array ? 128 : 64;
    case "bigint":
      return 256;
    case "undefined":
      return 512;
    default:
      return 0;
  }
}
function maskCheck(mask) {
  return leaf(9, mask, (v) => (typeBits(v) & mask) !== 0);
}
function maskedAnyCheck(mask, checks) {
  if (checks.length === 0)
    return maskCheck(mask);
  const rest = checks.length === 1 ? checks[0] : anyCheck(checks);
  return (v) => (typeBits(v) & mask) !== 0 || rest(v);
}
function bytesCheck(min, max) {
  return (v) => v instanceof Uint8Array && v.length >= min && v.length <= max;
}
function codePoints(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 55296 && c <= 56319 && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 56320 && next <= 57343)
        i++;
    }
  }
  return n;
}
function lengthOk(s, min, max) {
  const units = s.length;
  if (units < min)
    return false;
  if (units < 2 * min && codePoints(s) < min)
    return false;
  return units <= max || codePoints(s) <= max;
}
function stringCheck(strict, min, max, re, format) {
  if (re !== void 0 && min === 0 && max === Number.POSITIVE_INFINITY && format === void 0) {
    return strict ? leaf(13, re, (v) => typeof v === "string" && re.test(v)) : (v) => typeof v !== "string" || re.test(v);
  }
  if (re === void 0 && format === void 0) {
    return strict ? leaf(12, new Bounds(min, max, 0, 0), (v) => typeof v === "string" && lengthOk(v, min, max)) : (v) => typeof v !== "string" || lengthOk(v, min, max);
  }
  return (v) => {
    if (typeof v !== "string")
      return !strict;
    return lengthOk(v, min, max) && (re === void 0 || re.test(v)) && (format === void 0 || format(v));
  };
}
function numberCheck(mode, min, max, xmin, xmax, multipleOf) {
  const check = (v) => {
    if (typeof v !== "number" && typeof v !== "bigint")
      return mode === 0;
    if (mode === 3 ? typeof v !== "bigint" : mode !== 0 && !Number.isFinite(v))
      return false;
    if (mode === 2 && !Number.isInteger(v))
      return false;
    return v >= min && v <= max && v > xmin && v < xmax && (multipleOf === void 0 || isMultiple(v, multipleOf));
  };
  const plain = typeof min === "number" && typeof max === "number" && typeof xmin === "number" && typeof xmax === "number";
  if (mode === 0 || mode === 3 || multipleOf !== void 0 || !plain)
    return check;
  return leaf(mode === 2 ? 10 : 11, new Bounds(min, max, xmin, xmax), check);
}
function isMultiple(v, d) {
  if (typeof v === "bigint" || typeof d === "bigint") {
    if (typeof v === "number" && !Number.isInteger(v) || typeof d === "number" && !Number.isInteger(d))
      return false;
    const divisor = BigInt(d);
    return divisor !== 0n && BigInt(v) % divisor === 0n;
  }
  const q = v / d;
  if (Number.isInteger(q))
    return true;
  if (!Number.isFinite(q))
    return v % d === 0;
  const [vc, ve] = decimal(v);
  const [dc, de] = decimal(d);
  return ve >= de ? vc * 10n ** BigInt(ve - de) % dc === 0n : vc % (dc * 10n ** BigInt(de - ve)) === 0n;
}
function decimal(x) {
  const [mantissa, exponent = "0"] = Math.abs(x).toString().split("e");
  const point = mantissa.indexOf(".");
  const fraction = point < 0 ? 0 : mantissa.length - point - 1;
  return [BigInt(mantissa.replace(".", "")), Number(exponent) - fraction];
}
function guardObject(inner, strict) {
  return strict ? (v) => isObject(v) && inner(v) : (v) => !isObject(v) || inner(v);
}
function guardArray(inner, strict) {
  return strict ? (v) => Array.isArray(v) && inner(v) : (v) => !Array.isArray(v) || inner(v);
}
function declaredObject(entries2, requiredCount, closed, guard) {
  const n = entries2.length;
  return (v) => {
    if (guard !== GUARD_NONE && !isObject(v))
      return guard === GUARD_LOOSE;
    const o = v;
    let required = 0;
    let next = 0;
    for (const k in o) {
      let i = next;
      if (entries2[i] !== k) {
        i = 0;
        while (i < n && entries2[i] !== k)
          i += 3;
        if (i === n) {
          if (closed)
            return false;
          continue;
        }
      }
      next = i + 3;
      const x = o[k];
      const f = entries2[i + 2];
      if (x === void 0 && !(f & REQUIRED))
        continue;
      const c = f & CODE;
      if (c !== 0 ? !leafOk(c, x, entries2[i + 1]) : !entries2[i + 1](x))
        return false;
      if (f & REQUIRED)
        required++;
    }
    return required === requiredCount;
  };
}
function openObject(entries2, keys, extraRequired, patterns, additional, guard) {
  const known = patterns.length > 0 || additional !== void 0 ? new Set(keys) : void 0;
  return (v) => {
    if (guard !== GUARD_NONE && !isObject(v))
      return guard === GUARD_LOOSE;
    const o = v;
    for (let i = 0; i < entries2.length; i += 3) {
      const k = entries2[i];
      const x = o[k];
      const f = entries2[i + 2];
      if (x === void 0 && !(f & REQUIRED && Object.hasOwn(o, k)) || f & INHERITED && !Object.hasOwn(o, k)) {
        if (f & REQUIRED)
          return false;
        continue;
      }
      const c = f & CODE;
      if (c !== 0 ? !leafOk(c, x, entries2[i + 1]) : !entries2[i + 1](x))
        return false;
    }
    for (let i = 0; i < extraRequired.length; i++)
      if (!Object.hasOwn(o, extraRequired[i]))
        return false;
    if (known === void 0)
      return true;
    for (const k of Object.keys(o)) {
      let matched = known.has(k);
      for (let i = 0; i < patterns.length; i++) {
        if (patterns[i][0].test(k)) {
          matched = true;
          if (!patterns[i][1](o[k]))
            return false;
        }
      }
      if (!matched && additional !== void 0 && !additional(o[k]))
        return false;
    }
    return true;
  };
}
function propertyNamesCheck(check) {
  return (v) => {
    for (const k in v)
      if (!check(k))
        return false;
    return true;
  };
}
function propertyCountCheck(min, max) {
  return (v) => {
    let n = 0;
    for (const _ in v)
      n++;
    return n >= min && n <= max;
  };
}
function dependentRequiredCheck(entries2) {
  return (v) => {
    const o = v;
    for (const [k, list] of entries2)
      if (Object.hasOwn(o, k)) {
        for (const r of list)
          if (!Object.hasOwn(o, r))
            return false;
      }
    return true;
  };
}
function dependentSchemasCheck(entries2) {
  return (v) => {
    for (const [k, check] of entries2)
      if (Object.hasOwn(v, k) && !check(v))
        return false;
    return true;
  };
}
var NO_LEAF = [0, void 0];
function listCheck(guard, min, max, prefix, rest) {
  const n = prefix.length;
  const [code, arg] = (rest === void 0 ? void 0 : leafOf(rest)) ?? NO_LEAF;
  return (v) => {
    if (!Array.isArray(v))
      return guard === GUARD_LOOSE;
    const length = v.length;
    if (length < min || length > max)
      return false;
    const m = length < n ? length : n;
    for (let i = 0; i < m; i++)
      if (!prefix[i](v[i]))
        return false;
    if (rest === void 0)
      return true;
    if (code !== 0) {
      for (let i = n; i < length; i++)
        if (!leafOk(code, v[i], arg))
          return false;
      return true;
    }
    for (let i = n; i < length; i++)
      if (!rest(v[i]))
        return false;
    return true;
  };
}
function itemsCheck(prefix, rest) {
  return listCheck(GUARD_NONE, 0, Number.POSITIVE_INFINITY, prefix, rest);
}
function lengthCheck(min, max) {
  return (v) => v.length >= min && v.length <= max;
}
function containsCheck(check, min, max) {
  return (v) => {
    const list = v;
    let n = 0;
    for (let i = 0; i < list.length; i++)
      if (check(list[i]) && ++n > max)
        return false;
    return n >= min;
  };
}
function uniqueCheck(v) {
  const list = v;
  for (let i = 1; i < list.length; i++)
    for (let j = 0; j < i; j++)
      if (deepEqual(list[i], list[j]))
        return false;
  return true;
}
function enumCheck(values) {
  const primitives = values.filter((x) => typeof x !== "object" || x === null);
  if (primitives.length === values.length && primitives.length <= 8) {
    return leaf(8, primitives, (v) => {
      for (let i = 0; i < primitives.length; i++)
        if (primitives[i] === v)
          return true;
      return false;
    });
  }
  const set = new Set(primitives);
  const objects = values.filter((x) => typeof x === "object" && x !== null);
  return (v) => set.has(v) || typeof v === "object" && objects.some((o) => deepEqual(v, o));
}
function constCheck(value) {
  if (typeof value !== "object" || value === null)
    return leaf(7, value, (v) => v === value);
  return (v) => deepEqual(v, value);
}
function anyCheck(checks) {
  return (v) => {
    for (let i = 0; i < checks.length; i++)
      if (checks[i](v))
        return true;
    return false;
  };
}
function oneCheck(checks) {
  return (v) => {
    let n = 0;
    for (let i = 0; i < checks.length; i++)
      if (checks[i](v) && ++n > 1)
        return false;
    return n === 1;
  };
}
function notCheck(check) {
  return (v) => !check(v);
}
function ifCheck(cond, then, otherwise) {
  return (v) => cond(v) ? then(v) : otherwise(v);
}
function taggedCheck(key, tags, checks) {
  return (v) => {
    if (!isObject(v))
      return false;
    const tag = v[key];
    for (let i = 0; i < tags.length; i++)
      if (tags[i] === tag)
        return checks[i](v);
    return false;
  };
}
function deepEqual(a, b) {
  if (a === b)
    return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b))
    return false;
  if (array) {
    const x2 = a;
    const y2 = b;
    if (x2.length !== y2.length)
      return false;
    for (let i = 0; i < x2.length; i++)
      if (!deepEqual(x2[i], y2[i]))
        return false;
    return true;
  }
  const x = a;
  const y = b;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length)
    return false;
  for (const k of keys)
    if (!Object.hasOwn(y, k) || !deepEqual(x[k], y[k]))
      return false;
  return true;
}
var DEFAULT_BASE = "https://json-schema.invalid/root.json";
var Resolver = class {
  constructor(root, options) {
    __publicField(this, "draft");
    __publicField(this, "rootBase", DEFAULT_BASE);
    __publicField(this, "baseOf", /* @__PURE__ */ new Map());
    __publicField(this, "dynamicAnchors", /* @__PURE__ */ new Map());
    __publicField(this, "root");
    __publicField(this, "options");
    __publicField(this, "registry", /* @__PURE__ */ new Map());
    __publicField(this, "rejectUnresolved");
    __publicField(this, "unresolved", /* @__PURE__ */ new Set());
    __publicField(this, "resources", /* @__PURE__ */ new Map());
    __publicField(this, "anchors", /* @__PURE__ */ new Map());
    __publicField(this, "indexed", false);
    this.draft = options.draft === "7" ? "7" : "2020-12";
    this.root = root;
    this.options = options;
    this.rejectUnresolved = options.unresolvedRefs === "reject";
  }
  /**
   * The base URI of `node`, whose parent has `base`: its `$id` changes it, unless draft 7 makes the `$id` inert. Once
   * the schema is indexed, the indexed base (a resolved reference target already has its own).
   */
  baseFor(node, base) {
    let indexed = this.baseOf.get(node);
    if (indexed !== void 0)
      return indexed;
    const id = node.$id;
    if (typeof id !== "string")
      return base;
    if (!this.indexed) {
      this.ensureIndexed();
      indexed = this.baseOf.get(node);
      if (indexed !== void 0)
        return indexed;
    }
    if (this.draft === "7" && (typeof node.$ref === "string" || id.startsWith("#")))
      return base;
    return documentOf(resolveUri(id, base));
  }
  /** Indexes the root schema and the registered documents' URIs (once). */
  ensureIndexed() {
    if (this.indexed)
      return;
    this.indexed = true;
    for (const [uri, schema] of Object.entries(this.options.schemas ?? {})) {
      this.registry.set(documentOf(resolveUri(uri, DEFAULT_BASE)), schema);
    }
    this.resources.set(DEFAULT_BASE, this.root);
    this.index(this.root, DEFAULT_BASE);
  }
  /**
   * The schema a reference names, with the base URI it compiles under. Throws if it names nothing, or, with
   * `unresolvedRefs: "reject"`, resolves to `false`, the schema no value passes.
   */
  resolve(ref, base) {
    this.ensureIndexed();
    if (!this.rejectUnresolved)
      return this.find(ref, base);
    try {
      return this.find(ref, base);
    } catch {
      this.unresolved.add(resolveUri(ref, base));
      return { node: false, base };
    }
  }
  /** Whether `ref`, from `base`, named nothing and resolved to `false`. */
  isUnresolved(ref, base) {
    return this.unresolved.has(resolveUri(ref, base));
  }
  find(ref, base) {
    const uri = resolveUri(ref, base);
    const doc = documentOf(uri);
    const fragment = uri.length > doc.length ? decodeURIComponent(uri.slice(doc.length + 1)) : "";
    const root = this.resources.has(doc) ? this.resources.get(doc) : this.load(doc);
    if (root === void 0)
      throw new Error(`Unresolved $ref ${ref} (no schema registered for ${doc})`);
    if (fragment === "")
      return { node: root, base: doc };
    if (fragment.startsWith("/"))
      return this.pointer(root, doc, fragment);
    const target = this.anchors.get(`${doc}#${fragment}`);
    if (target === void 0)
      throw new Error(`Unresolved $ref ${ref} (no anchor ${fragment} in ${doc})`);
    return { node: target, base: this.baseOf.get(target) ?? doc };
  }
  /** Whether `node` is the root of the schema resource at `base`. */
  isResource(node, base) {
    this.ensureIndexed();
    return this.resources.get(base) === node;
  }
  // Walks only keywords that hold subschemas: an `$id` inside `enum`, `const` or an unknown keyword names nothing.
  index(node, base) {
    if (!isSchemaObject(node) || this.baseOf.has(node))
      return;
    let b = base;
    const refOnly = this.draft === "7" && typeof node.$ref === "string";
    if (!refOnly && typeof node.$id === "string") {
      if (this.draft === "7" && node.$id.startsWith("#"))
        this.anchors.set(documentOf(b) + node.$id, node);
      else {
        const uri = resolveUri(node.$id, b);
        b = documentOf(uri);
        this.resources.set(b, node);
        if (uri.length > b.length + 1)
          this.anchors.set(uri, node);
      }
    }
    this.baseOf.set(node, b);
    if (refOnly)
      return;
    if (this.draft !== "7") {
      if (typeof node.$anchor === "string")
        this.anchors.set(`${b}#${node.$anchor}`, node);
      if (typeof node.$dynamicAnchor === "string") {
        this.anchors.set(`${b}#${node.$dynamicAnchor}`, node);
        this.dynamicAnchors.set(`${b}#${node.$dynamicAnchor}`, node);
      }
    }
    for (const key of SCHEMA_KEYWORDS)
      this.index(node[key], b);
    for (const key of MAP_KEYWORDS) {
      const map2 = node[key];
      if (isSchemaObject(map2))
        for (const k of Object.keys(map2))
          this.index(map2[k], b);
    }
    for (const key of ARRAY_KEYWORDS) {
      const list = node[key];
      if (Array.isArray(list))
        for (const s of list)
          this.index(s, b);
    }
  }
  load(doc) {
    const schema = this.registry.get(doc);
    if (schema === void 0)
      return void 0;
    this.resources.set(doc, schema);
    this.index(schema, doc);
    return schema;
  }
  pointer(root, base, fragment) {
    let node = root;
    let b = base;
    for (const raw of fragment.split("/").slice(1)) {
      const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      node = typeof node === "object" && node !== null && Object.hasOwn(node, key) ? node[key] : void 0;
      if (node === void 0)
        throw new Error(`Unresolved $ref #${fragment} in ${base}`);
      if (typeof node === "object" && node !== null)
        b = this.baseOf.get(node) ?? b;
    }
    return { node, base: b };
  }
};
var SCHEMA_KEYWORDS = [
  "additionalProperties",
  "propertyNames",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
  "contentSchema",
  "items"
];
var MAP_KEYWORDS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"];
var ARRAY_KEYWORDS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
function isSchemaObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function resolveUri(ref, base) {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref.startsWith("#") ? documentOf(base) + ref : ref;
  }
}
function documentOf(uri) {
  const hash = uri.indexOf("#");
  return hash < 0 ? uri : uri.slice(0, hash);
}
function sharedRegex(source) {
  const hit = regexes.get(source)?.deref();
  if (hit !== void 0)
    return hit;
  let re;
  try {
    re = new RegExp(source, "u");
  } catch {
    re = new RegExp(source);
  }
  regexes.set(source, new WeakRef(re));
  regexCleanup.register(re, source);
  return re;
}
var regexes = /* @__PURE__ */ new Map();
var regexCleanup = new FinalizationRegistry((source) => {
  if (regexes.get(source)?.deref() === void 0)
    regexes.delete(source);
});
var Coercer = class {
  constructor(compiler2, schema) {
    __publicField(this, "c");
    __publicField(this, "schema");
    __publicField(this, "entered", []);
    __publicField(this, "cuts", 0);
    __publicField(this, "memo");
    this.c = compiler2;
    this.schema = schema;
  }
  /** `value` coerced: a copy along the changed paths only, or `value` itself when nothing changes. */
  coerce(value) {
    const base = this.c.r.rootBase;
    const withoutNulls = this.dropOptionalNulls(value, this.schema, base);
    return this.coerceTypes(this.convertOnly(withoutNulls), this.schema, base);
  }
  /** Pass 2 alone, as TypeBox's `Value.Convert` (the TypeBox conformance tests run it). */
  convertOnly(value) {
    try {
      return this.convert(this.schema, this.c.r.rootBase, value);
    } finally {
      this.memo = void 0;
      this.cuts = 0;
    }
  }
  /** `node` converted for `value` at a re-entry point: unchanged when that pair is already being converted. */
  reenter(node, base, value, memoize) {
    const entered = this.entered;
    for (let i = 0; i < entered.length; i += 2) {
      if (entered[i] === node && Object.is(entered[i + 1], value)) {
        this.cuts++;
        return value;
      }
    }
    const memo = memoize ? this.memo?.get(node) : void 0;
    if (memo?.has(value))
      return memo.get(value);
    const cuts = this.cuts;
    entered.push(node, value);
    let result;
    try {
      result = this.convert(node, base, value);
    } finally {
      entered.length -= 2;
    }
    if (memoize && this.cuts === cuts) {
      this.memo ?? (this.memo = /* @__PURE__ */ new Map());
      let values = this.memo.get(node);
      if (values === void 0) {
        values = /* @__PURE__ */ new Map();
        this.memo.set(node, values);
      }
      values.set(value, result);
    }
    return result;
  }
  /** Whether `value` passes the schema `node`; undefined when `node` cannot be compiled. */
  passes(node, base, value) {
    try {
      return this.c.check(node, this.baseOf(node, base))(value);
    } catch {
      return void 0;
    }
  }
  baseOf(node, base) {
    return isSchemaObject(node) ? this.c.r.baseFor(node, base) : base;
  }
  // ---------------------------------------------------------------------------------------------------------------
  // Pass 1: optional nulls
  // ---------------------------------------------------------------------------------------------------------------
  dropOptionalNulls(value, schema, base) {
    if (!isSchemaObject(schema))
      return value;
    const b = this.baseOf(schema, base);
    if (Array.isArray(value)) {
      return mapItems(value, (item, i) => {
        const itemSchema = itemSchemaAt(schema, i);
        return itemSchema === void 0 ? item : this.dropOptionalNulls(item, itemSchema, b);
      });
    }
    if (!isPlainObject(value))
      return value;
    const properties = isSchemaObject(schema.properties) ? schema.properties : {};
    const patterns = isSchemaObject(schema.patternProperties) ? Object.entries(schema.patternProperties).map(([pattern, item]) => [sharedRegex(pattern), item]) : [];
    const additional = isSchemaObject(schema.additionalProperties) ? schema.additionalProperties : void 0;
    if (patterns.length === 0 && additional === void 0 && !isSchemaObject(schema.properties))
      return value;
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    let out;
    const set = (key, next) => {
      if (next === (out ?? value)[key])
        return;
      out ?? (out = { ...value });
      out[key] = next;
    };
    for (const [key, property] of Object.entries(properties)) {
      if (!Object.hasOwn(value, key))
        continue;
      const isRef = isSchemaObject(property) && typeof property.$ref === "string";
      if (value[key] === null && !required.has(key) && !isRef && this.passes(property, b, null) === false) {
        out ?? (out = { ...value });
        delete out[key];
        continue;
      }
      set(key, this.dropOptionalNulls(value[key], property, b));
    }
    if (patterns.length > 0 || additional !== void 0) {
      for (const key of Object.keys(value)) {
        let matched = Object.hasOwn(properties, key);
        for (const [pattern, item] of patterns) {
          if (!pattern.test(key))
            continue;
          matched = true;
          set(key, this.dropOptionalNulls((out ?? value)[key], item, b));
        }
        if (!matched && additional !== void 0)
          set(key, this.dropOptionalNulls(value[key], additional, b));
      }
    }
    return out ?? value;
  }
  // ---------------------------------------------------------------------------------------------------------------
  // Pass 2: TypeBox's conversion rules
  // ---------------------------------------------------------------------------------------------------------------
  convert(node, base, value) {
    if (!isSchemaObject(node))
      return value;
    const b = this.baseOf(node, base);
    if (typeof node.$ref === "string") {
      let target;
      try {
        target = this.c.r.resolve(node.$ref, b);
      } catch {
        return value;
      }
      return isSchemaObject(target.node) ? this.reenter(target.node, target.base, value, true) : value;
    }
    return this.convertNode(node, b, value);
  }
  /** One schema node's conversion: its first keyword among `const`, `enum`, the unions, `allOf` and `type`. */
  convertNode(node, b, value) {
    if (Object.hasOwn(node, "const"))
      return convertLiteral(node.const, value);
    if (Array.isArray(node.enum))
      return this.convertEnum(node, node.enum, b, value);
    if (Array.isArray(node.anyOf))
      return this.convertUnion(node, node.anyOf, b, value);
    if (Array.isArray(node.oneOf))
      return this.convertUnion(node, node.oneOf, b, value);
    if (Array.isArray(node.allOf)) {
      let next = value;
      for (const member of node.allOf)
        next = this.convert(member, b, next);
      return this.convertMembers(node, b, next);
    }
    switch (node.type) {
      case "string":
        return orValue(tryString(value), value);
      case "number":
        return orValue(tryNumber(value), value);
      case "integer": {
        const result = tryNumber(value);
        return result === void 0 ? value : Math.trunc(result.value);
      }
      case "boolean":
        return orValue(tryBoolean(value), value);
      case "null":
        return orValue(tryNull(value), value);
      case "bigint":
        return orValue(tryBigInt(value), value);
      case "undefined":
        return orValue(tryUndefined(value), value);
      case "array":
        return this.convertArray(node, b, value);
      case "object":
        return this.convertObject(node, b, value);
      case void 0:
        if (node.properties !== void 0 || node.patternProperties !== void 0) {
          return this.convertObject(node, b, value);
        }
        if (node.items !== void 0 || node.prefixItems !== void 0)
          return this.convertArray(node, b, value);
        return value;
      default:
        return value;
    }
  }
  /** An enum is a union of its values: a member stays, else the first value the input converts to. */
  convertEnum(node, values, base, value) {
    if (values.some((member) => member === value))
      return value;
    for (const member of values) {
      const candidate = convertLiteral(member, value);
      if (candidate !== value && this.passes(node, base, candidate) === true)
        return candidate;
    }
    return value;
  }
  /**
   * A value one branch accepts stays; else the first branch's conversion that the whole union accepts. Branches are
   * converted in order and only until one is accepted, so a later recursive branch is not entered needlessly. A node
   * that also declares members (plain JSON Schema; TypeBox's never do) converts them into each candidate before it is
   * checked, so a branch is not discarded for a sibling property that is converted after it.
   */
  convertUnion(node, branches, base, value) {
    if (branches.some((branch) => this.passes(branch, base, value) === true))
      return this.convertMembers(node, base, value);
    for (const branch of branches) {
      const candidate = this.convertMembers(node, base, this.convert(branch, base, value));
      if (this.passes(node, base, candidate) === true)
        return candidate;
    }
    return this.convertMembers(node, base, value);
  }
  /** The object members of a union or intersection node, when it declares any. */
  convertMembers(node, base, value) {
    const declares = node.properties !== void 0 || node.patternProperties !== void 0 || node.additionalProperties !== void 0;
    return declares ? this.convertObject(node, base, value) : value;
  }
  convertArray(node, base, value) {
    const prefix = Array.isArray(node.items) ? node.items : Array.isArray(node.prefixItems) ? node.prefixItems : void 0;
    if (prefix !== void 0) {
      if (!Array.isArray(value))
        return value;
      const rest = Array.isArray(node.items) ? void 0 : node.items;
      return mapItems(value, (item2, i) => {
        const schema = i < prefix.length ? prefix[i] : rest;
        return schema === void 0 ? item2 : this.convert(schema, base, item2);
      });
    }
    if (Array.isArray(value)) {
      return node.items === void 0 ? value : mapItems(value, (item2) => this.convert(node.items, base, item2));
    }
    const item = node.items;
    return [isSchemaObject(item) ? this.reenter(item, base, value, false) : value];
  }
  convertObject(node, base, value) {
    if (!isPlainObject(value))
      return value;
    const properties = isSchemaObject(node.properties) ? node.properties : {};
    const patterns = isSchemaObject(node.patternProperties) ? Object.entries(node.patternProperties).map(([pattern, schema]) => [sharedRegex(pattern), schema]) : [];
    const additional = isSchemaObject(node.additionalProperties) ? node.additionalProperties : void 0;
    let out;
    for (const key of Object.keys(value)) {
      if (value[key] === void 0)
        continue;
      let next = value[key];
      let matched = Object.hasOwn(properties, key);
      if (matched)
        next = this.convert(properties[key], base, next);
      for (const [pattern, schema] of patterns) {
        if (!pattern.test(key))
          continue;
        matched = true;
        next = this.convert(schema, base, next);
      }
      if (!matched && additional !== void 0)
        next = this.convert(additional, base, next);
      if (next !== value[key]) {
        out ?? (out = { ...value });
        out[key] = next;
      }
    }
    return out ?? value;
  }
  // ---------------------------------------------------------------------------------------------------------------
  // Pass 3: primitive coercion by type
  // ---------------------------------------------------------------------------------------------------------------
  coerceTypes(value, schema, base) {
    if (!isSchemaObject(schema))
      return value;
    const b = this.baseOf(schema, base);
    let next = value;
    if (Array.isArray(schema.allOf))
      for (const member of schema.allOf)
        next = this.coerceTypes(next, member, b);
    if (Array.isArray(schema.anyOf))
      next = this.coerceUnion(next, schema.anyOf, b);
    if (Array.isArray(schema.oneOf))
      next = this.coerceUnion(next, schema.oneOf, b);
    const types = typesOf(schema);
    const matchesUnionMember = types.length > 1 && types.some((type) => matchesType(next, type));
    if (types.length > 0 && !matchesUnionMember) {
      for (const type of types) {
        const candidate = coercePrimitive(next, type);
        if (candidate !== next) {
          next = candidate;
          break;
        }
      }
    }
    if (types.includes("object") && isPlainObject(next))
      next = this.coerceProperties(next, schema, b);
    if (types.includes("array") && Array.isArray(next))
      next = this.coerceItems(next, schema, b);
    return next;
  }
  coerceUnion(value, branches, base) {
    for (const branch of branches)
      if (this.passes(branch, base, value) === true)
        return value;
    for (const branch of branches) {
      const coerced = this.coerceTypes(value, branch, base);
      if (this.passes(branch, base, coerced) === true)
        return coerced;
    }
    return value;
  }
  coerceProperties(value, schema, base) {
    const properties = isSchemaObject(schema.properties) ? schema.properties : {};
    const patterns = isSchemaObject(schema.patternProperties) ? Object.entries(schema.patternProperties).map(([pattern, item]) => [sharedRegex(pattern), item]) : [];
    const additional = isSchemaObject(schema.additionalProperties) ? schema.additionalProperties : void 0;
    let out;
    const set = (key, next) => {
      if (next === (out ?? value)[key])
        return;
      out ?? (out = { ...value });
      out[key] = next;
    };
    for (const [key, property] of Object.entries(properties)) {
      if (key in value)
        set(key, this.coerceTypes(value[key], property, base));
    }
    for (const key of Object.keys(value)) {
      let matched = Object.hasOwn(properties, key);
      for (const [pattern, item] of patterns) {
        if (!pattern.test(key))
          continue;
        matched = true;
        set(key, this.coerceTypes((out ?? value)[key], item, base));
      }
      if (!matched && additional !== void 0)
        set(key, this.coerceTypes(value[key], additional, base));
    }
    return out ?? value;
  }
  coerceItems(value, schema, base) {
    return mapItems(value, (item, i) => {
      const itemSchema = itemSchemaAt(schema, i);
      return isSchemaObject(itemSchema) ? this.coerceTypes(item, itemSchema, base) : item;
    });
  }
};
function itemSchemaAt(schema, index) {
  if (Array.isArray(schema.items))
    return schema.items[index];
  if (Array.isArray(schema.prefixItems) && index < schema.prefixItems.length)
    return schema.prefixItems[index];
  return schema.items;
}
function mapItems(items, map2) {
  let out;
  for (let i = 0; i < items.length; i++) {
    const next = map2(items[i], i);
    if (next === items[i])
      continue;
    out ?? (out = items.slice());
    out[i] = next;
  }
  return out ?? items;
}
function orValue(result, value) {
  return result === void 0 ? value : result.value;
}
function convertLiteral(literal, value) {
  if (literal === value)
    return value;
  const result = typeof literal === "string" ? tryString(value) : typeof literal === "number" ? tryNumber(value) : typeof literal === "boolean" ? tryBoolean(value) : typeof literal === "bigint" ? tryBigInt(value) : void 0;
  return result !== void 0 && result.value === literal ? result.value : value;
}
function tryString(value) {
  if (typeof value === "bigint" || typeof value === "boolean" || isFiniteNumber(value))
    return { value: String(value) };
  if (value === null)
    return { value: "null" };
  if (typeof value === "string")
    return { value };
  if (value === void 0)
    return { value: "" };
  return void 0;
}
var MAX_BIGINT = BigInt(Number.MAX_SAFE_INTEGER);
var MIN_BIGINT = BigInt(Number.MIN_SAFE_INTEGER);
function tryNumber(value) {
  if (typeof value === "bigint")
    return value <= MAX_BIGINT && value >= MIN_BIGINT ? { value: Number(value) } : void 0;
  if (typeof value === "boolean")
    return { value: value ? 1 : 0 };
  if (isFiniteNumber(value))
    return { value };
  if (value === null || value === void 0)
    return { value: 0 };
  if (typeof value !== "string")
    return void 0;
  const coerced = +value;
  if (Number.isFinite(coerced))
    return { value: coerced };
  const lowercase = value.toLowerCase();
  if (lowercase === "false")
    return { value: 0 };
  if (lowercase === "true")
    return { value: 1 };
  const big = bigIntOfString(value);
  return big !== void 0 && big <= MAX_BIGINT && big >= MIN_BIGINT ? { value: Number(big) } : void 0;
}
function bigIntOfString(value) {
  if (/^-?(0|[1-9]\d*)n$/.test(value))
    return BigInt(value.slice(0, -1));
  if (/^-?(0|[1-9]\d*)\.\d+$/.test(value))
    return BigInt(value.split(".")[0]);
  if (/^-?(0|[1-9]\d*)$/.test(value))
    return BigInt(value);
  return void 0;
}
function tryBigInt(value) {
  if (typeof value === "bigint")
    return { value };
  if (typeof value === "boolean")
    return { value: value ? 1n : 0n };
  if (isFiniteNumber(value))
    return { value: BigInt(Math.trunc(value)) };
  if (value === null || value === void 0)
    return { value: 0n };
  if (typeof value !== "string")
    return void 0;
  const big = bigIntOfString(value);
  if (big !== void 0)
    return { value: big };
  const lowercase = value.toLowerCase();
  return lowercase === "false" ? { value: 0n } : lowercase === "true" ? { value: 1n } : void 0;
}
function tryUndefined(value) {
  if (value === void 0 || value === null || value === 0n || value === false || value === 0)
    return { value: void 0 };
  if (typeof value !== "string")
    return void 0;
  const lowercase = value.toLowerCase();
  return lowercase === "undefined" || lowercase === "null" || value === "" || value === "0" ? { value: void 0 } : void 0;
}
function tryBoolean(value) {
  if (typeof value === "bigint")
    return value === 0n ? { value: false } : value === 1n ? { value: true } : void 0;
  if (typeof value === "boolean")
    return { value };
  if (isFiniteNumber(value))
    return value === 0 ? { value: false } : value === 1 ? { value: true } : void 0;
  if (value === null || value === void 0)
    return { value: false };
  if (typeof value !== "string")
    return void 0;
  const lowercase = value.toLowerCase();
  if (lowercase === "false" || value === "0")
    return { value: false };
  if (lowercase === "true" || value === "1")
    return { value: true };
  return void 0;
}
function tryNull(value) {
  if (typeof value === "bigint")
    return value === 0n ? { value: null } : void 0;
  if (typeof value === "boolean")
    return value === false ? { value: null } : void 0;
  if (isFiniteNumber(value))
    return value === 0 ? { value: null } : void 0;
  if (value === null || value === void 0)
    return { value: null };
  if (typeof value !== "string")
    return void 0;
  const lowercase = value.toLowerCase();
  return lowercase === "undefined" || lowercase === "null" || value === "" || value === "0" ? { value: null } : void 0;
}
function isFiniteNumber(value) {
  return typeof value === "number" && Number.isFinite(value);
}
function typesOf(schema) {
  if (typeof schema.type === "string")
    return [schema.type];
  if (Array.isArray(schema.type))
    return schema.type.filter((type) => typeof type === "string");
  return [];
}
function matchesType(value, type) {
  switch (type) {
    case "number":
      return Number.isFinite(value);
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return typeof value === "string";
    case "null":
      return value === null;
    case "bigint":
      return typeof value === "bigint";
    case "undefined":
      return value === void 0;
    case "array":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      return false;
  }
}
function coercePrimitive(value, type) {
  switch (type) {
    case "number":
    case "integer": {
      if (value === null)
        return 0;
      if (typeof value === "string" && value.trim() !== "") {
        const parsed = Number(value);
        if (type === "number" ? Number.isFinite(parsed) : Number.isInteger(parsed))
          return parsed;
      }
      if (typeof value === "boolean")
        return value ? 1 : 0;
      return value;
    }
    case "boolean":
      if (value === null)
        return false;
      if (value === "true" || value === 1)
        return true;
      if (value === "false" || value === 0)
        return false;
      return value;
    case "string":
      if (value === null)
        return "";
      if (typeof value === "number" || typeof value === "boolean")
        return String(value);
      return value;
    case "null":
      return value === "" || value === 0 || value === false ? null : value;
    default:
      return value;
  }
}
function isPlainObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function newAnnotations() {
  return { props: null, allProps: false, items: 0, allItems: false, indexes: null };
}
function merge(a, b) {
  if (b.props !== null)
    for (const k of b.props)
      addProp(a, k);
  a.allProps || (a.allProps = b.allProps);
  if (b.items > a.items)
    a.items = b.items;
  a.allItems || (a.allItems = b.allItems);
  if (b.indexes !== null)
    for (const i of b.indexes)
      addIndex(a, i);
}
function addProp(a, key) {
  if (a.props === null)
    a.props = /* @__PURE__ */ new Set();
  a.props.add(key);
}
function addIndex(a, index) {
  if (a.indexes === null)
    a.indexes = /* @__PURE__ */ new Set();
  a.indexes.add(index);
}
var ANNOTATING_TRUE = () => true;
var ANNOTATING_FALSE = () => false;
function indirectAnnotating(slot) {
  return (v, a) => slot.check(v, a);
}
function ignoreAnnotations(check) {
  return (v) => check(v);
}
function withFreshAnnotations(check) {
  return (v) => check(v, newAnnotations());
}
function scopedAnnotating(scope, uri, check) {
  return (v, a) => {
    scope.push(uri);
    const ok = check(v, a);
    scope.pop();
    return ok;
  };
}
function isolateAnnotations(check) {
  return (v, a) => {
    const b = newAnnotations();
    if (!check(v, b))
      return false;
    merge(a, b);
    return true;
  };
}
function annotateAll(plain, parts) {
  return (v, a) => {
    if (!plain(v))
      return false;
    for (let i = 0; i < parts.length; i++)
      if (!parts[i](v, a))
        return false;
    return true;
  };
}
function annotateObject(props, patterns, additional) {
  const declared = new Set(props.map(([k]) => k));
  return (v, a) => {
    if (!isObject(v))
      return true;
    const seen = [];
    for (const [k, check] of props) {
      if (!Object.hasOwn(v, k))
        continue;
      if (!check(v[k]))
        return false;
      seen.push(k);
    }
    for (const k of Object.keys(v)) {
      let matched = declared.has(k);
      for (const [re, check] of patterns) {
        if (re.test(k)) {
          if (!check(v[k]))
            return false;
          matched = true;
          seen.push(k);
        }
      }
      if (!matched && additional !== void 0) {
        if (!additional(v[k]))
          return false;
        seen.push(k);
      }
    }
    for (const k of seen)
      addProp(a, k);
    return true;
  };
}
function annotateArray(prefix, rest, contains, minContains, maxContains) {
  return (v, a) => {
    if (!Array.isArray(v))
      return true;
    const m = Math.min(v.length, prefix.length);
    for (let i = 0; i < m; i++)
      if (!prefix[i](v[i]))
        return false;
    if (rest !== void 0) {
      for (let i = prefix.length; i < v.length; i++)
        if (!rest(v[i]))
          return false;
      a.allItems = true;
    }
    if (m > a.items)
      a.items = m;
    if (contains !== void 0) {
      let n = 0;
      for (let i = 0; i < v.length; i++) {
        if (contains(v[i])) {
          n++;
          addIndex(a, i);
        }
      }
      if (n < minContains || n > maxContains)
        return false;
    }
    return true;
  };
}
function annotateAny(branches, exactlyOne) {
  return (v, a) => {
    let n = 0;
    for (const branch of branches) {
      const b = newAnnotations();
      if (branch(v, b)) {
        n++;
        merge(a, b);
      }
    }
    return exactlyOne ? n === 1 : n > 0;
  };
}
function annotateIf(cond, then, otherwise) {
  return (v, a) => {
    const b = newAnnotations();
    if (cond(v, b)) {
      merge(a, b);
      return then === void 0 || then(v, a);
    }
    return otherwise === void 0 || otherwise(v, a);
  };
}
function annotateDependent(key, check) {
  return (v, a) => !isObject(v) || !Object.hasOwn(v, key) || check(v, a);
}
function unevaluatedProperties(check) {
  return (v, a) => {
    if (!isObject(v) || a.allProps)
      return true;
    for (const k of Object.keys(v))
      if (!(a.props?.has(k) ?? false) && !check(v[k]))
        return false;
    a.allProps = true;
    return true;
  };
}
function unevaluatedItems(check) {
  return (v, a) => {
    if (!Array.isArray(v) || a.allItems)
      return true;
    for (let i = a.items; i < v.length; i++)
      if (!(a.indexes?.has(i) ?? false) && !check(v[i]))
        return false;
    a.allItems = true;
    return true;
  };
}
var RESTART = /* @__PURE__ */ Symbol("restart");
var Compiler = class {
  constructor(schema, options, dynamic) {
    __publicField(this, "r");
    __publicField(this, "draft");
    __publicField(this, "formats");
    __publicField(this, "dynamic");
    __publicField(this, "schema");
    __publicField(this, "scope");
    __publicField(this, "cache", /* @__PURE__ */ new Map());
    __publicField(this, "annotatingCache", /* @__PURE__ */ new Map());
    this.schema = schema;
    this.r = new Resolver(schema, options);
    this.draft = this.r.draft;
    this.formats = options.formats;
    this.dynamic = dynamic;
    this.scope = [];
  }
  /** The check of the root schema. */
  root() {
    return this.check(this.schema, this.r.rootBase);
  }
  /** The check of a schema (cached by schema object; a recursive reference goes through an indirection). */
  check(node, base) {
    if (node === true)
      return ALWAYS;
    if (node === false)
      return NEVER;
    if (!isSchemaObject(node))
      throw new Error(`A schema must be an object or a boolean, got ${JSON.stringify(node)}`);
    const cached = this.cache.get(node);
    if (cached !== void 0)
      return cached;
    const bare = this.bareType(node);
    if (bare !== void 0)
      return bare;
    const slot = { check: void 0 };
    this.cache.set(node, indirect(slot));
    const check = this.build(node, this.r.baseFor(node, base));
    slot.check = check;
    this.cache.set(node, check);
    return check;
  }
  build(node, base) {
    if (this.draft === "7" && typeof node.$ref === "string")
      return this.ref(node.$ref, base);
    if (this.draft !== "7" && (node.unevaluatedProperties !== void 0 || node.unevaluatedItems !== void 0)) {
      return withFreshAnnotations(this.annotating(node, base));
    }
    const check = this.plain(node, base);
    return this.dynamic && this.r.isResource(node, base) ? scopedCheck(this.scope, base, check) : check;
  }
  /**
   * The module-level check of a schema that is only a `type` (with annotations), `ALWAYS` for one with no assertion
   * at all; undefined for every other schema. These are the most common subschemas and cost nothing to share.
   */
  bareType(node) {
    let type;
    for (const k in node) {
      if (k === "type")
        type = node.type;
      else if (!NEUTRAL_KEYWORDS.has(k))
        return void 0;
    }
    if (type === void 0)
      return ALWAYS;
    return typeof type === "string" ? TYPE_CHECKS.get(type) : void 0;
  }
  /** Every keyword of `node`, not tracking annotations. */
  plain(node, base) {
    const parts = [];
    const types = node.type === void 0 ? void 0 : Array.isArray(node.type) ? node.type : [node.type];
    const single = types?.length === 1 ? types[0] : void 0;
    let typeInGroup = false;
    if (single === "bytes") {
      parts.push(bytesCheck(number(node.minLength) ?? 0, number(node.maxLength) ?? Number.POSITIVE_INFINITY));
      typeInGroup = true;
    } else {
      const string = this.stringGroup(node, single === "string");
      if (string !== void 0)
        parts.push(string);
      const numeric = single === "number" || single === "integer" || single === "bigint";
      const mode = single === "number" ? 1 : single === "integer" ? 2 : single === "bigint" ? 3 : 0;
      const number2 = this.numberGroup(node, mode);
      if (number2 !== void 0)
        parts.push(number2);
      const object = this.objectGroup(node, base, single === "object");
      if (object !== void 0)
        parts.push(object);
      const array = this.arrayGroup(node, base, single === "array");
      if (array !== void 0)
        parts.push(array);
      typeInGroup = single === "string" && string !== void 0 || numeric && number2 !== void 0 || single === "object" && object !== void 0 || single === "array" && array !== void 0;
    }
    if (types !== void 0 && !typeInGroup)
      parts.unshift(typeCheck(types));
    this.inPlace(node, base, parts);
    return and(parts);
  }
  // The keywords that apply to the value itself, whatever its type.
  inPlace(node, base, parts) {
    if (Array.isArray(node.enum))
      parts.push(enumCheck(node.enum));
    if (Object.hasOwn(node, "const"))
      parts.push(constCheck(node.const));
    if (Array.isArray(node.allOf))
      parts.push(and(node.allOf.map((s) => this.check(s, base))));
    if (Array.isArray(node.anyOf))
      parts.push(this.union(node.anyOf, base, false));
    if (Array.isArray(node.oneOf))
      parts.push(this.union(node.oneOf, base, true));
    if (node.not !== void 0)
      parts.push(notCheck(this.check(node.not, base)));
    if (node.if !== void 0 && (node.then !== void 0 || node.else !== void 0)) {
      const then = node.then === void 0 ? ALWAYS : this.check(node.then, base);
      const otherwise = node.else === void 0 ? ALWAYS : this.check(node.else, base);
      parts.push(ifCheck(this.check(node.if, base), then, otherwise));
    }
    if (typeof node.$ref === "string")
      parts.push(this.ref(node.$ref, base));
    if (this.draft !== "7" && typeof node.$dynamicRef === "string") {
      parts.push(this.dynamicRef(node.$dynamicRef, base));
    }
  }
  union(branches, base, exactlyOne) {
    const checks = () => branches.map((s) => this.check(s, base));
    return constUnion(branches, exactlyOne) ?? this.tagged(branches, base) ?? (exactlyOne ? oneCheck(checks()) : anyOf(checks()));
  }
  ref(ref, base) {
    const target = this.r.resolve(ref, base);
    const check = this.check(target.node, target.base);
    return this.dynamic && target.base !== base ? scopedCheck(this.scope, target.base, check) : check;
  }
  dynamicRef(ref, base) {
    const resolved = this.bookended(ref, base);
    if (resolved === void 0)
      return this.ref(ref, base);
    const { initial, name } = resolved;
    const fallback = this.check(initial.node, initial.base);
    const lookup = this.dynamicLookup(name, (node, b) => this.check(node, b));
    const scope = this.scope;
    return (v) => {
      for (let i = 0; i < scope.length; i++) {
        const check = lookup(scope[i]);
        if (check !== null)
          return check(v);
      }
      return fallback(v);
    };
  }
  /** The initial target and anchor name of a `$dynamicRef` that resolves dynamically, or undefined for a plain ref. */
  bookended(ref, base) {
    const initial = this.r.resolve(ref, base);
    const uri = resolveUri(ref, base);
    const name = uri.slice(documentOf(uri).length + 1);
    const anchored = isSchemaObject(initial.node) && initial.node.$dynamicAnchor === name;
    if (name === "" || name.startsWith("/") || !anchored)
      return void 0;
    if (!this.dynamic)
      throw RESTART;
    return { initial, name };
  }
  // Resolved at run time against the dynamic scope, so a schema with a bookended $dynamicRef keeps its compiler.
  dynamicLookup(name, compile2) {
    const found = /* @__PURE__ */ new Map();
    return (uri) => {
      const key = `${uri}#${name}`;
      let check = found.get(key);
      if (check === void 0) {
        const target = this.r.dynamicAnchors.get(key);
        check = target === void 0 ? null : compile2(target, this.r.baseOf.get(target) ?? uri);
        found.set(key, check);
      }
      return check;
    };
  }
  /** anyOf/oneOf whose branches are all objects with a distinct required const on one key: the tag picks the branch. */
  tagged(branches, base) {
    if (branches.length < 2)
      return void 0;
    const resolved = [];
    for (const branch of branches) {
      if (!isSchemaObject(branch))
        return void 0;
      const ref = typeof branch.$ref === "string" && Object.keys(branch).length === 1 ? branch.$ref : void 0;
      const node = ref === void 0 ? branch : this.r.resolve(ref, this.r.baseFor(branch, base)).node;
      if (!isSchemaObject(node))
        return void 0;
      resolved.push(node);
    }
    const first = resolved[0].properties;
    if (!isSchemaObject(first))
      return void 0;
    for (const key of Object.keys(first)) {
      const tags = resolved.map((s) => tagOf(s, key));
      if (tags.some((t) => t === void 0) || new Set(tags).size !== tags.length)
        continue;
      return taggedCheck(key, tags, branches.map((s) => this.check(s, base)));
    }
    return void 0;
  }
  stringGroup(node, strict) {
    const min = number(node.minLength) ?? 0;
    const max = number(node.maxLength) ?? Number.POSITIVE_INFINITY;
    const re = typeof node.pattern === "string" ? sharedRegex(node.pattern) : void 0;
    const format = this.formats !== void 0 && typeof node.format === "string" && Object.hasOwn(this.formats, node.format) ? this.formats[node.format] : void 0;
    if (min === 0 && max === Number.POSITIVE_INFINITY && re === void 0 && format === void 0)
      return void 0;
    return stringCheck(strict, min, max, re, format);
  }
  numberGroup(node, mode) {
    const min = bound(node.minimum);
    const max = bound(node.maximum);
    const xmin = bound(node.exclusiveMinimum);
    const xmax = bound(node.exclusiveMaximum);
    const multipleOf = bound(node.multipleOf);
    if ([min, max, xmin, xmax, multipleOf].every((x) => x === void 0))
      return void 0;
    const inf = Number.POSITIVE_INFINITY;
    return numberCheck(mode, min ?? -inf, max ?? inf, xmin ?? -inf, xmax ?? inf, multipleOf);
  }
  objectGroup(node, base, strict) {
    const onlyCore = OBJECT_EXTRAS.every((k) => node[k] === void 0);
    const core = this.objectCore(node, base, onlyCore ? strict ? GUARD_STRICT : GUARD_LOOSE : GUARD_NONE);
    if (core !== void 0 && onlyCore)
      return core;
    const parts = core === void 0 ? [] : [core];
    if (node.propertyNames !== void 0)
      parts.push(propertyNamesCheck(this.check(node.propertyNames, base)));
    const minProperties = number(node.minProperties);
    const maxProperties = number(node.maxProperties);
    if (minProperties !== void 0 || maxProperties !== void 0) {
      parts.push(propertyCountCheck(minProperties ?? 0, maxProperties ?? Number.POSITIVE_INFINITY));
    }
    const dependentRequired = [];
    const dependentSchemas = [];
    if (this.draft !== "7") {
      for (const [k, list] of entries(node.dependentRequired))
        if (Array.isArray(list))
          dependentRequired.push([k, list]);
      for (const [k, s] of entries(node.dependentSchemas))
        dependentSchemas.push([k, this.check(s, base)]);
    }
    for (const [k, d] of entries(node.dependencies)) {
      if (Array.isArray(d))
        dependentRequired.push([k, d]);
      else
        dependentSchemas.push([k, this.check(d, base)]);
    }
    if (dependentRequired.length > 0)
      parts.push(dependentRequiredCheck(dependentRequired));
    if (dependentSchemas.length > 0)
      parts.push(dependentSchemasCheck(dependentSchemas));
    if (parts.length === 0)
      return strict ? IS_OBJECT : void 0;
    return guardObject(and(parts), strict);
  }
  objectCore(node, base, guard) {
    const properties = isSchemaObject(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required.filter((k) => typeof k === "string") : [];
    const patterns = isSchemaObject(node.patternProperties) ? node.patternProperties : {};
    const additional = node.additionalProperties;
    const keys = Object.keys(properties);
    const patternKeys = Object.keys(patterns);
    if (keys.length + required.length + patternKeys.length === 0 && (additional === void 0 || additional === true)) {
      return void 0;
    }
    const entries2 = [];
    for (const k of keys) {
      const check = this.check(properties[k], base);
      const leaf2 = leafOf(check);
      const flags = (leaf2?.[0] ?? 0) | (required.includes(k) ? REQUIRED : 0) | (k in Object.prototype ? INHERITED : 0);
      entries2.push(k, leaf2 === void 0 ? check : leaf2[1], flags);
    }
    const extraRequired = required.filter((k) => !Object.hasOwn(properties, k));
    const pats = patternKeys.map((p) => [sharedRegex(p), this.check(patterns[p], base)]);
    const extra = additional === void 0 || additional === true ? void 0 : this.check(additional, base);
    if (pats.length === 0 && extraRequired.length === 0 && (extra === void 0 || additional === false)) {
      const requiredCount = keys.filter((k) => required.includes(k)).length;
      return declaredObject(entries2, requiredCount, additional === false, guard);
    }
    return openObject(entries2, keys, extraRequired, pats, extra, guard);
  }
  arrayGroup(node, base, strict) {
    let prefix = [];
    let rest;
    if (Array.isArray(node.items)) {
      prefix = node.items;
      rest = node.additionalItems;
    } else {
      if (this.draft !== "7" && Array.isArray(node.prefixItems))
        prefix = node.prefixItems;
      rest = node.items;
    }
    const prefixChecks = prefix.map((s) => this.check(s, base));
    const restCheck = rest === void 0 || rest === true ? void 0 : this.check(rest, base);
    const minItems = number(node.minItems);
    const maxItems = number(node.maxItems);
    if (node.contains === void 0 && node.uniqueItems !== true && (prefixChecks.length > 0 || restCheck !== void 0)) {
      const guard = strict ? GUARD_STRICT : GUARD_LOOSE;
      return listCheck(guard, minItems ?? 0, maxItems ?? Number.POSITIVE_INFINITY, prefixChecks, restCheck);
    }
    const parts = [];
    if (prefixChecks.length > 0 || restCheck !== void 0)
      parts.push(itemsCheck(prefixChecks, restCheck));
    if (minItems !== void 0 || maxItems !== void 0) {
      parts.push(lengthCheck(minItems ?? 0, maxItems ?? Number.POSITIVE_INFINITY));
    }
    if (node.contains !== void 0) {
      const min = this.draft === "7" ? 1 : number(node.minContains) ?? 1;
      const max = this.draft === "7" ? Number.POSITIVE_INFINITY : number(node.maxContains) ?? Number.POSITIVE_INFINITY;
      parts.push(containsCheck(this.check(node.contains, base), min, max));
    }
    if (node.uniqueItems === true)
      parts.push(uniqueCheck);
    if (parts.length === 0)
      return strict ? IS_ARRAY : void 0;
    return guardArray(and(parts), strict);
  }
  /** The annotating check of a schema evaluated in place (only below `unevaluatedProperties`/`unevaluatedItems`). */
  annotating(node, base) {
    if (node === true)
      return ANNOTATING_TRUE;
    if (node === false)
      return ANNOTATING_FALSE;
    if (!isSchemaObject(node))
      throw new Error(`A schema must be an object or a boolean, got ${JSON.stringify(node)}`);
    const cached = this.annotatingCache.get(node);
    if (cached !== void 0)
      return cached;
    const slot = { check: void 0 };
    this.annotatingCache.set(node, indirectAnnotating(slot));
    const check = this.buildAnnotating(node, this.r.baseFor(node, base));
    slot.check = check;
    this.annotatingCache.set(node, check);
    return check;
  }
  buildAnnotating(node, base) {
    const rest = {};
    let annotates = false;
    for (const k of Object.keys(node)) {
      if (ANNOTATING.has(k))
        annotates = true;
      else
        rest[k] = node[k];
    }
    const plain = this.plain(rest, base);
    const parts = [];
    if (annotates)
      this.annotatingParts(node, base, parts);
    const all = parts.length === 0 ? ignoreAnnotations(plain) : annotateAll(plain, parts);
    const own = node.unevaluatedProperties !== void 0 || node.unevaluatedItems !== void 0 ? isolateAnnotations(all) : all;
    return this.dynamic && this.r.isResource(node, base) ? scopedAnnotating(this.scope, base, own) : own;
  }
  annotatingParts(node, base, parts) {
    if (node.properties !== void 0 || node.patternProperties !== void 0 || node.additionalProperties !== void 0) {
      const props = entries(node.properties).map(([k, s]) => [k, this.check(s, base)]);
      const pats = entries(node.patternProperties).map(([p, s]) => [sharedRegex(p), this.check(s, base)]);
      const extra = node.additionalProperties === void 0 ? void 0 : this.check(node.additionalProperties, base);
      parts.push(annotateObject(props, pats, extra));
    }
    if (node.prefixItems !== void 0 || node.items !== void 0 || node.contains !== void 0) {
      const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : [];
      const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
      parts.push(annotateArray(prefix.map((s) => this.check(s, base)), rest === void 0 ? void 0 : this.check(rest, base), node.contains === void 0 ? void 0 : this.check(node.contains, base), number(node.minContains) ?? 1, number(node.maxContains) ?? Number.POSITIVE_INFINITY));
    }
    if (Array.isArray(node.allOf))
      for (const s of node.allOf)
        parts.push(this.annotating(s, base));
    if (Array.isArray(node.anyOf))
      parts.push(annotateAny(node.anyOf.map((s) => this.annotating(s, base)), false));
    if (Array.isArray(node.oneOf))
      parts.push(annotateAny(node.oneOf.map((s) => this.annotating(s, base)), true));
    if (node.if !== void 0) {
      const then = node.then === void 0 ? void 0 : this.annotating(node.then, base);
      const otherwise = node.else === void 0 ? void 0 : this.annotating(node.else, base);
      parts.push(annotateIf(this.annotating(node.if, base), then, otherwise));
    }
    if (typeof node.$ref === "string")
      parts.push(this.annotatingRef(node.$ref, base));
    if (typeof node.$dynamicRef === "string")
      parts.push(this.annotatingDynamicRef(node.$dynamicRef, base));
    for (const [k, s] of entries(node.dependentSchemas))
      parts.push(annotateDependent(k, this.annotating(s, base)));
    if (node.unevaluatedProperties !== void 0) {
      parts.push(unevaluatedProperties(this.check(node.unevaluatedProperties, base)));
    }
    if (node.unevaluatedItems !== void 0)
      parts.push(unevaluatedItems(this.check(node.unevaluatedItems, base)));
  }
  annotatingRef(ref, base) {
    const target = this.r.resolve(ref, base);
    const check = this.annotating(target.node, target.base);
    return this.dynamic && target.base !== base ? scopedAnnotating(this.scope, target.base, check) : check;
  }
  annotatingDynamicRef(ref, base) {
    const resolved = this.bookended(ref, base);
    if (resolved === void 0)
      return this.annotatingRef(ref, base);
    const { initial, name } = resolved;
    const fallback = this.annotating(initial.node, initial.base);
    const lookup = this.dynamicLookup(name, (node, b) => this.annotating(node, b));
    const scope = this.scope;
    return (v, a) => {
      for (let i = 0; i < scope.length; i++) {
        const check = lookup(scope[i]);
        if (check !== null)
          return check(v, a);
      }
      return fallback(v, a);
    };
  }
};
var NEUTRAL_KEYWORDS = /* @__PURE__ */ new Set([
  "$schema",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$defs",
  "definitions",
  "contentEncoding",
  "contentMediaType",
  "minContains",
  "maxContains",
  "$vocabulary"
]);
var OBJECT_EXTRAS = [
  "propertyNames",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "dependencies"
];
var ANNOTATING = /* @__PURE__ */ new Set([
  "properties",
  "patternProperties",
  "additionalProperties",
  "prefixItems",
  "items",
  "additionalItems",
  "contains",
  "minContains",
  "maxContains",
  "allOf",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  "$ref",
  "$dynamicRef",
  "dependentSchemas",
  "unevaluatedProperties",
  "unevaluatedItems"
]);
function constUnion(branches, exactlyOne) {
  const values = [];
  for (const branch of branches) {
    if (!isSchemaObject(branch) || !Object.hasOwn(branch, "const"))
      return void 0;
    for (const k of Object.keys(branch))
      if (k !== "const" && !NEUTRAL_KEYWORDS.has(k))
        return void 0;
    if (typeof branch.const === "object" && branch.const !== null)
      return void 0;
    if (exactlyOne && values.includes(branch.const))
      return void 0;
    values.push(branch.const);
  }
  return enumCheck(values);
}
function anyOf(checks) {
  const types = [];
  const rest = [];
  for (const check of checks) {
    const type = BARE_TYPES.get(check);
    if (type === void 0)
      rest.push(check);
    else
      types.push(type);
  }
  return types.length === 0 ? anyCheck(rest) : maskedAnyCheck(typeMask(types), rest);
}
var BARE_TYPES = new Map([...TYPE_CHECKS].map(([type, check]) => [check, type]));
function tagOf(branch, key) {
  const properties = branch.properties;
  if (branch.type !== "object" || !Array.isArray(branch.required) || !branch.required.includes(key))
    return void 0;
  const tag = isSchemaObject(properties) ? properties[key] : void 0;
  if (!isSchemaObject(tag) || !Object.hasOwn(tag, "const"))
    return void 0;
  return typeof tag.const === "object" && tag.const !== null ? void 0 : tag.const;
}
function bound(value) {
  return typeof value === "number" || typeof value === "bigint" ? value : void 0;
}
function number(value) {
  return typeof value === "number" ? value : void 0;
}
function entries(value) {
  return isSchemaObject(value) ? Object.entries(value) : [];
}
var Explainer = class {
  constructor(compiler2, schema) {
    __publicField(this, "c");
    __publicField(this, "schema");
    __publicField(this, "memo");
    this.c = compiler2;
    this.schema = schema;
    compiler2.root();
  }
  /** The errors of `value`, at least one (`value` failed the check). */
  errors(value) {
    const out = [];
    try {
      this.walk(this.schema, this.c.r.rootBase, value, "", out);
    } finally {
      this.memo = void 0;
    }
    if (out.length === 0)
      out.push({ path: "", keyword: "schema", message: "invalid" });
    return out;
  }
  ok(node, base, v) {
    return this.c.check(node, base)(v);
  }
  // For $dynamicRef schemas this check runs outside the original dynamic scope, so their errors are approximate.
  walk(node, base, v, path, out) {
    if (node === true)
      return;
    if (node === false) {
      out.push({ path, keyword: "false", message: "no value is allowed here" });
      return;
    }
    if (!isSchemaObject(node))
      return;
    const b = this.c.r.baseFor(node, base);
    if (this.ok(node, b, v))
      return;
    const start = out.length;
    const push = (keyword, message, at = path) => {
      out.push({ path: at, keyword, message });
    };
    if (this.c.draft === "7" && typeof node.$ref === "string") {
      this.walkRef(node.$ref, b, v, path, out);
      return;
    }
    if (node.type !== void 0) {
      const types = Array.isArray(node.type) ? node.type : [node.type];
      const checks = types.map((t) => (typeof t === "string" ? TYPE_CHECKS.get(t) : void 0) ?? NEVER);
      if (!checks.some((check) => check(v))) {
        push("type", `expected ${types.join(" or ")}, got ${typeName(v)}`);
        return;
      }
    }
    if (Array.isArray(node.enum) && !enumCheck(node.enum)(v))
      push("enum", `expected one of ${listValues(node.enum)}`);
    if (Object.hasOwn(node, "const") && !constCheck(node.const)(v))
      push("const", `expected ${JSON.stringify(node.const)}`);
    if (typeof v === "string" && node.type !== "bytes")
      this.walkString(node, v, push);
    if (v instanceof Uint8Array && node.type === "bytes")
      this.walkBytes(node, v, push);
    if (typeof v === "number" || typeof v === "bigint")
      this.walkNumber(node, v, push);
    if (isObject(v))
      this.walkObject(node, b, v, path, out, push);
    if (Array.isArray(v))
      this.walkArray(node, b, v, path, out, push);
    if (Array.isArray(node.allOf))
      for (const s of node.allOf)
        this.walk(s, b, v, path, out);
    if (Array.isArray(node.anyOf))
      this.walkUnion(node.anyOf, b, v, path, out, false);
    if (Array.isArray(node.oneOf))
      this.walkUnion(node.oneOf, b, v, path, out, true);
    if (node.not !== void 0 && this.ok(node.not, b, v))
      push("not", "must not match the schema in not");
    if (node.if !== void 0) {
      const branch = this.ok(node.if, b, v) ? node.then : node.else;
      if (branch !== void 0)
        this.walk(branch, b, v, path, out);
    }
    if (typeof node.$ref === "string")
      this.walkRef(node.$ref, b, v, path, out);
    if (out.length === start && (node.unevaluatedProperties !== void 0 || node.unevaluatedItems !== void 0)) {
      this.walkUnevaluated(node, b, v, path, out);
    }
    if (out.length === start && typeof node.$dynamicRef === "string") {
      push("$dynamicRef", "does not match the dynamically referenced schema");
    }
  }
  walkRef(ref, base, v, path, out) {
    const target = this.c.r.resolve(ref, base);
    if (target.node === false && this.c.r.isUnresolved(ref, base)) {
      out.push({ path, keyword: "$ref", message: `unresolved reference ${ref}` });
      return;
    }
    if (!isSchemaObject(target.node) || typeof v !== "object" || v === null) {
      this.walk(target.node, target.base, v, path, out);
      return;
    }
    this.memo ?? (this.memo = /* @__PURE__ */ new Map());
    let values = this.memo.get(target.node);
    const known = values?.get(v);
    if (known !== void 0 && known.path === path) {
      out.push(...known.errors);
      return;
    }
    const errors = [];
    this.walk(target.node, target.base, v, path, errors);
    if (values === void 0) {
      values = /* @__PURE__ */ new Map();
      this.memo.set(target.node, values);
    }
    values.set(v, { path, errors });
    out.push(...errors);
  }
  walkString(node, v, push) {
    const n = codePoints(v);
    if (typeof node.minLength === "number" && n < node.minLength) {
      push("minLength", `expected at least ${node.minLength} characters`);
    }
    if (typeof node.maxLength === "number" && n > node.maxLength) {
      push("maxLength", `expected at most ${node.maxLength} characters`);
    }
    if (typeof node.pattern === "string" && !sharedRegex(node.pattern).test(v)) {
      push("pattern", `expected to match ${node.pattern}`);
    }
    const formats = this.c.formats;
    const format = formats !== void 0 && typeof node.format === "string" && Object.hasOwn(formats, node.format) ? formats[node.format] : void 0;
    if (format !== void 0 && !format(v))
      push("format", `expected format ${node.format}`);
  }
  walkBytes(node, v, push) {
    if (typeof node.minLength === "number" && v.length < node.minLength) {
      push("minLength", `expected at least ${node.minLength} bytes`);
    }
    if (typeof node.maxLength === "number" && v.length > node.maxLength) {
      push("maxLength", `expected at most ${node.maxLength} bytes`);
    }
  }
  // Numbers and bigints alike: bounds of either kind compare with values of either kind.
  walkNumber(node, v, push) {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = node;
    if (isBound(minimum) && v < minimum)
      push("minimum", `expected >= ${minimum}`);
    if (isBound(maximum) && v > maximum)
      push("maximum", `expected <= ${maximum}`);
    if (isBound(exclusiveMinimum) && v <= exclusiveMinimum)
      push("exclusiveMinimum", `expected > ${exclusiveMinimum}`);
    if (isBound(exclusiveMaximum) && v >= exclusiveMaximum)
      push("exclusiveMaximum", `expected < ${exclusiveMaximum}`);
    if (isBound(multipleOf) && !isMultiple(v, multipleOf))
      push("multipleOf", `expected a multiple of ${multipleOf}`);
  }
  walkObject(node, b, v, path, out, push) {
    const properties = isSchemaObject(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required : [];
    for (const k of required) {
      if (typeof k !== "string")
        continue;
      const accepted = v[k] === void 0 && Object.hasOwn(properties, k) && this.ok(properties[k], b, void 0);
      if (!Object.hasOwn(v, k) || v[k] === void 0 && !accepted)
        push("required", "missing", pointer(path, k));
    }
    for (const k of Object.keys(properties)) {
      if (Object.hasOwn(v, k) && v[k] !== void 0)
        this.walk(properties[k], b, v[k], pointer(path, k), out);
    }
    const patterns = isSchemaObject(node.patternProperties) ? Object.entries(node.patternProperties) : [];
    for (const k of Object.keys(v)) {
      let matched = Object.hasOwn(properties, k);
      for (const [p, s] of patterns) {
        if (sharedRegex(p).test(k)) {
          matched = true;
          this.walk(s, b, v[k], pointer(path, k), out);
        }
      }
      if (!matched && node.additionalProperties !== void 0) {
        if (node.additionalProperties === false)
          push("additionalProperties", "unknown field", pointer(path, k));
        else
          this.walk(node.additionalProperties, b, v[k], pointer(path, k), out);
      }
      if (node.propertyNames !== void 0 && !this.ok(node.propertyNames, b, k)) {
        push("propertyNames", "invalid property name", pointer(path, k));
      }
    }
    const count = Object.keys(v).length;
    if (typeof node.minProperties === "number" && count < node.minProperties) {
      push("minProperties", `expected at least ${node.minProperties} properties`);
    }
    if (typeof node.maxProperties === "number" && count > node.maxProperties) {
      push("maxProperties", `expected at most ${node.maxProperties} properties`);
    }
    const dependencies = {
      ...this.c.draft === "7" || !isSchemaObject(node.dependentRequired) ? {} : node.dependentRequired,
      ...isSchemaObject(node.dependencies) ? node.dependencies : {}
    };
    for (const [k, d] of Object.entries(dependencies)) {
      if (!Object.hasOwn(v, k))
        continue;
      if (!Array.isArray(d))
        this.walk(d, b, v, path, out);
      else
        for (const r of d)
          if (!Object.hasOwn(v, r))
            push("dependentRequired", `required when ${k} is present`, pointer(path, r));
    }
    if (this.c.draft !== "7" && isSchemaObject(node.dependentSchemas)) {
      for (const [k, s] of Object.entries(node.dependentSchemas))
        if (Object.hasOwn(v, k))
          this.walk(s, b, v, path, out);
    }
  }
  walkArray(node, b, v, path, out, push) {
    let prefix = [];
    let rest;
    if (Array.isArray(node.items)) {
      prefix = node.items;
      rest = node.additionalItems;
    } else {
      if (this.c.draft !== "7" && Array.isArray(node.prefixItems))
        prefix = node.prefixItems;
      rest = node.items;
    }
    for (let i = 0; i < v.length; i++) {
      const s = i < prefix.length ? prefix[i] : rest;
      if (s !== void 0)
        this.walk(s, b, v[i], `${path}/${i}`, out);
    }
    if (typeof node.minItems === "number" && v.length < node.minItems) {
      push("minItems", `expected at least ${node.minItems} items`);
    }
    if (typeof node.maxItems === "number" && v.length > node.maxItems) {
      push("maxItems", `expected at most ${node.maxItems} items`);
    }
    if (node.uniqueItems === true && !uniqueCheck(v))
      push("uniqueItems", "expected unique items");
    if (node.contains !== void 0) {
      const draft7 = this.c.draft === "7";
      const min = draft7 || typeof node.minContains !== "number" ? 1 : node.minContains;
      const max = draft7 || typeof node.maxContains !== "number" ? Number.POSITIVE_INFINITY : node.maxContains;
      if (!containsCheck(this.c.check(node.contains, b), min, max)(v)) {
        push("contains", containsMessage(min, max));
      }
    }
  }
  walkUnion(branches, b, v, path, out, exactlyOne) {
    const matches = branches.filter((s) => this.ok(s, b, v)).length;
    if (matches === 1 || !exactlyOne && matches > 0)
      return;
    const keyword = exactlyOne ? "oneOf" : "anyOf";
    if (matches > 1) {
      out.push({ path, keyword, message: "matches more than one alternative" });
      return;
    }
    const tag = this.tagOf(branches, b);
    if (tag !== void 0 && isObject(v)) {
      const i = tag.values.indexOf(v[tag.key]);
      if (i < 0)
        out.push({
          path: pointer(path, tag.key),
          keyword,
          message: `expected one of ${listValues(tag.values)}`
        });
      else
        this.walk(branches[i], b, v, path, out);
      return;
    }
    let best;
    for (const s of branches) {
      const errors = [];
      this.walk(s, b, v, path, errors);
      if (errors.length === 0)
        continue;
      const declared = isObject(v) ? this.declaredKeys(s, b, v) : 0;
      const better = best === void 0 || declared > best.declared || declared === best.declared && errors[0].path.length > best.errors[0].path.length;
      if (better)
        best = { errors, declared };
    }
    out.push(...best?.errors ?? [{ path, keyword, message: "matches no alternative" }]);
  }
  /** How many of the keys of `v` the branch `s` (through a `$ref`) declares in `properties`. */
  declaredKeys(s, b, v) {
    const node = isSchemaObject(s) && typeof s.$ref === "string" ? this.c.r.resolve(s.$ref, this.c.r.baseFor(s, b)).node : s;
    const properties = isSchemaObject(node) && isSchemaObject(node.properties) ? node.properties : {};
    return Object.keys(v).filter((k) => Object.hasOwn(properties, k)).length;
  }
  tagOf(branches, b) {
    const resolved = branches.map((s) => isSchemaObject(s) && typeof s.$ref === "string" ? this.c.r.resolve(s.$ref, this.c.r.baseFor(s, b)).node : s);
    const first = resolved[0];
    if (!isSchemaObject(first) || !isSchemaObject(first.properties))
      return void 0;
    for (const key of Object.keys(first.properties)) {
      const values = resolved.map((s) => {
        const tag = isSchemaObject(s) && isSchemaObject(s.properties) ? s.properties[key] : void 0;
        return isSchemaObject(tag) ? tag.const : void 0;
      });
      const primitive = values.every((x) => x !== void 0 && (typeof x !== "object" || x === null));
      if (primitive && new Set(values).size === values.length)
        return { key, values };
    }
    return void 0;
  }
  walkUnevaluated(node, b, v, path, out) {
    const { unevaluatedProperties: unevaluatedProperties2, unevaluatedItems: unevaluatedItems2, $id: _id, ...rest } = node;
    const a = newAnnotations();
    this.c.annotating(rest, b)(v, a);
    if (isObject(v) && unevaluatedProperties2 !== void 0 && !a.allProps) {
      for (const k of Object.keys(v)) {
        if (a.props?.has(k))
          continue;
        if (unevaluatedProperties2 === false) {
          out.push({ path: pointer(path, k), keyword: "unevaluatedProperties", message: "unknown field" });
        } else
          this.walk(unevaluatedProperties2, b, v[k], pointer(path, k), out);
      }
    }
    if (Array.isArray(v) && unevaluatedItems2 !== void 0 && !a.allItems) {
      for (let i = a.items; i < v.length; i++) {
        if (a.indexes?.has(i))
          continue;
        if (unevaluatedItems2 === false) {
          out.push({ path: `${path}/${i}`, keyword: "unevaluatedItems", message: "unexpected item" });
        } else
          this.walk(unevaluatedItems2, b, v[i], `${path}/${i}`, out);
      }
    }
  }
};
var LISTED_VALUES = 20;
function listValues(values) {
  if (values.length <= LISTED_VALUES)
    return JSON.stringify(values);
  const listed = JSON.stringify(values.slice(0, LISTED_VALUES));
  return `${listed.slice(0, -1)}, ... and ${values.length - LISTED_VALUES} more]`;
}
function containsMessage(min, max) {
  if (max === Number.POSITIVE_INFINITY)
    return `expected at least ${min} matching ${min === 1 ? "item" : "items"}`;
  if (min === 0)
    return `expected at most ${max} matching ${max === 1 ? "item" : "items"}`;
  return `expected between ${min} and ${max} matching items`;
}
function isBound(value) {
  return typeof value === "number" || typeof value === "bigint";
}
function pointer(path, key) {
  return `${path}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}
function typeName(v) {
  if (v === null)
    return "null";
  if (Array.isArray(v))
    return "array";
  if (v instanceof Uint8Array)
    return "bytes";
  if (typeof v === "bigint")
    return "bigint";
  if (typeof v === "number" && Number.isInteger(v))
    return "integer";
  if (typeof v === "number" && !Number.isFinite(v))
    return String(v);
  return typeof v;
}
function compile(schema, options = NO_OPTIONS) {
  const check = compileCheck(schema, options);
  return options.coerce === true ? new CoercingValidator(schema, options, check) : new Validator(schema, options, check);
}
var NO_OPTIONS = Object.freeze({});
var Validator = class {
  constructor(schema, options, check) {
    __publicField(this, "check");
    __publicField(this, "schema");
    __publicField(this, "options");
    __publicField(this, "explainer");
    this.check = check;
    this.schema = schema;
    this.options = options;
  }
  /**
   * Why `value` is invalid: one error per failing keyword, `[]` when it is valid. Built on the first failure and
   * kept, so a validator whose values always pass never pays for it.
   */
  errors(value) {
    if (this.check(value))
      return [];
    this.explainer ?? (this.explainer = new Explainer(compiler(this.schema, this.options), this.schema));
    return this.explainer.errors(value);
  }
  /**
   * `value` itself when it is valid, else its errors: check() and errors() in one result, without coercion.
   *
   * Not TypeBox's `Value.Parse`, which also clones, fills defaults, converts and strips undeclared properties before
   * it checks. This only checks: the strict replacement where `Value.Parse` is used to validate (its other steps
   * change nothing for a valid value of a schema without defaults or extra properties). Use `parse()` with
   * `coerce: true` for conversion.
   */
  validate(value) {
    return this.check(value) ? { ok: true, value } : { ok: false, errors: this.errors(value) };
  }
};
var CoercingValidator = class extends Validator {
  constructor() {
    super(...arguments);
    __publicField(this, "coercer");
  }
  /**
   * `value` coerced towards the schema: numeric strings to numbers, `"true"` to `true`, a single value to a one-item
   * array, an optional `null` dropped, the first union branch the value converts to (the README lists every rule).
   * Only the changed paths are copied; `value` comes back itself when nothing changes, and is never modified. Values
   * that cannot be coerced stay as they are. The rules are built on the first call.
   */
  coerce(value) {
    this.coercer ?? (this.coercer = new Coercer(compiler(this.schema, this.options), this.schema));
    return this.coercer.coerce(value);
  }
  /** Coerces `value`, then checks it: the coerced value when it is valid, else its errors. */
  parse(value) {
    return this.validate(this.coerce(value));
  }
};
function compileCheck(schema, options) {
  return compiler(schema, options).root();
}
function compiler(schema, options) {
  const plain = new Compiler(schema, options, false);
  try {
    plain.root();
    return plain;
  } catch (error) {
    if (error !== RESTART)
      throw error;
    return new Compiler(schema, options, true);
  }
}
