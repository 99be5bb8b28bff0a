// RegExp: goja compiles /\p{L}/u as the literal "p{L}" and rejects the v
// flag, so RegExp is replaced by a constructor that sends patterns using
// them through internal.regexpExpand (regexp.go) and compiles the result
// with the original. Literals reach it because the bundler lowers them to
// new RegExp(...). The original source and flags stay observable.
(function (internal) {
  "use strict";
  // The constructor below is named RegExp, which shadows the global here.
  // This runs when a plugin first reaches RegExp (webapi.go's lazyProps):
  // the global may still be the accessor that ran it, and the prototype's
  // constructor is goja's again.
  const proto = Object.getPrototypeOf(/(?:)/);
  const Original = proto.constructor;
  const expand = internal.regexpExpand;
  const originals = new WeakMap(); // expanded regexp → { source, flags }
  const templates = new Map(); // flags + "/" + source → { re, args }: compiled once
  const getter = (name) => Object.getOwnPropertyDescriptor(proto, name).get;
  const sourceOf = getter("source");
  const flagsOf = getter("flags");

  // escapeSource is what V8's source getter shows for a pattern: "/" is
  // escaped outside classes only and line terminators become escapes.
  // goja escapes every "/" as \u002f, which libraries that print a
  // regexp's source (picomatch's makeRe) show.
  const terminators = { "\n": "\\n", "\r": "\\r", "\u2028": "\\u2028", "\u2029": "\\u2029" };
  function escapeSource(src, flags) {
    if (src === "") return "(?:)";
    const nested = flags.includes("v");
    let out = "";
    let depth = 0;
    for (let i = 0; i < src.length; i++) {
      const c = src[i];
      if (c === "\\" && i + 1 < src.length) {
        out += c + src[++i];
      } else if (c === "/" && depth === 0) {
        out += "\\/";
      } else if (terminators[c]) {
        out += terminators[c];
      } else {
        if (c === "[" && (depth === 0 || nested)) depth++;
        else if (c === "]" && depth > 0) depth--;
        out += c;
      }
    }
    return out;
  }

  const needsExpansion = (src, flags) =>
    flags.includes("v") || flags.includes("d") || (flags.includes("u") && (src.includes("\\p") || src.includes("\\P")));

  const originalExec = proto.exec;
  // execWithIndices is exec for a d-flag RegExp: goja matches, regexp2
  // (regexp_indices.go) supplies the group positions.
  function execWithIndices(src, flags) {
    return function exec(string) {
      const m = originalExec.call(this, string);
      if (m === null) return m;
      const input = String(string);
      const r = internal.regexpIndices(src, flags, input, m.index, m[0].length);
      if (r === null) throw new TypeError("not supported: match indices (d flag) for /" + src + "/: the groups could not be located");
      const [spans, names] = r;
      const indices = spans.map((s) => (s === undefined ? undefined : s));
      let groups;
      if (names.some((n) => n !== "")) {
        groups = Object.create(null);
        names.forEach((n, i) => {
          if (n !== "") groups[n] = indices[i];
        });
      }
      indices.groups = groups;
      m.indices = indices;
      return m;
    };
  }

  function RegExp(pattern, flags) {
    const isRe = pattern instanceof Original;
    if (new.target === undefined && isRe && flags === undefined && pattern.constructor === RegExp) {
      return pattern;
    }
    const orig = isRe ? originals.get(pattern) : undefined;
    const src = isRe ? (orig ? orig.source : sourceOf.call(pattern)) : pattern === undefined ? "" : String(pattern);
    const f = flags === undefined ? (isRe ? (orig ? orig.flags : flagsOf.call(pattern)) : "") : String(flags);
    const target = new.target || RegExp;
    const expanding = needsExpansion(src, f);
    if (!expanding && !(typeof pattern === "string" && target === RegExp)) {
      const re = Reflect.construct(Original, orig ? [src, f] : [pattern, flags], target);
      if (orig) originals.set(re, { source: src, flags: f });
      return re;
    }
    // Compiling is the expensive part (an expanded \p{L} is a class of
    // hundreds of ranges), and lowered literals construct on every
    // evaluation: keep a compiled template per pattern and clone it, which
    // goja does without recompiling.
    const key = f + "/" + src;
    let tpl = templates.get(key);
    if (tpl === undefined) {
      let args = [src, f];
      if (expanding) {
        args = expand(src, f);
        if (typeof args === "string") throw new SyntaxError(args);
      }
      tpl = { re: new Original(args[0], args[1]), args };
      if (templates.size >= 256) templates.clear();
      templates.set(key, tpl);
    }
    const re = target === RegExp ? new Original(tpl.re) : Reflect.construct(Original, tpl.args, target);
    if (!expanding) {
      // Kept so that source shows "/" as V8 does (see escapeSource).
      if (src.includes("/")) originals.set(re, { source: src, flags: f });
      return re;
    }
    const r = tpl.args;
    originals.set(re, { source: src, flags: f });
    if (f.includes("d")) {
      Object.defineProperty(re, "exec", { value: execWithIndices(r[0], r[1]), writable: true, enumerable: false, configurable: true });
    }
    if (f.includes("d") || f.includes("v")) {
      Object.defineProperty(re, "constructor", { value: ownFlagsConstructor, writable: true, enumerable: false, configurable: true });
    }
    // A v-flag regexp is compiled with u, but its unicode flag is false.
    // (RegExp.prototype.unicode stays goja's: redefining it would take
    // every regexp off goja's fast paths.)
    if (f.includes("v")) {
      Object.defineProperty(re, "unicode", { value: false, writable: false, enumerable: false, configurable: true });
    }
    return re;
  }
  for (const key of Reflect.ownKeys(Original)) {
    if (key !== "prototype" && key !== "length" && key !== "name") {
      Object.defineProperty(RegExp, key, Object.getOwnPropertyDescriptor(Original, key));
    }
  }
  Object.defineProperty(RegExp, "prototype", { value: proto, writable: false, enumerable: false, configurable: false });
  Object.defineProperty(proto, "constructor", { value: RegExp, writable: true, enumerable: false, configurable: true });
  // goja runs split and matchAll on its fast path only when the species
  // constructor is its own RegExp; RegExp[Symbol.species] gives it that
  // (subclasses still get themselves). It can rebuild any regexp from its
  // compiled pattern, expanded \p{..} included, except a v- or d-flag one,
  // whose flags it rejects: those carry an own constructor whose species is
  // this RegExp.
  Object.defineProperty(RegExp, Symbol.species, {
    get: Object.defineProperty(function () {
      return this === RegExp ? Original : this;
    }, "name", { value: "get [Symbol.species]" }),
    configurable: true,
  });
  const ownFlagsConstructor = Object.defineProperty(function RegExp(pattern, flags) {
    return new.target === undefined ? Wrapper(pattern, flags) : Reflect.construct(Wrapper, [pattern, flags], new.target);
  }, Symbol.species, { value: RegExp });
  ownFlagsConstructor.prototype = proto;
  const Wrapper = RegExp;

  const redefine = (name, get) =>
    Object.defineProperty(proto, name, { get: Object.defineProperty(get, "name", { value: "get " + name }), enumerable: false, configurable: true });
  redefine("source", function () {
    const o = originals.get(this);
    return o ? escapeSource(o.source, o.flags) : sourceOf.call(this);
  });
  redefine("flags", function () {
    const o = originals.get(this);
    return o ? [..."dgimsuvy"].filter((c) => o.flags.includes(c)).join("") : flagsOf.call(this);
  });
  // goja's toString reads the compiled source of a regexp it considers
  // standard; an expanded one shows what was written.
  const toStringOf = proto.toString;
  Object.defineProperty(proto, "toString", {
    value: Object.defineProperty(function toString() {
      const o = originals.get(this);
      return o ? "/" + escapeSource(o.source, o.flags) + "/" + [..."dgimsuvy"].filter((c) => o.flags.includes(c)).join("") : toStringOf.call(this);
    }, "name", { value: "toString" }),
    writable: true,
    enumerable: false,
    configurable: true,
  });
  redefine("unicodeSets", function () {
    const o = originals.get(this);
    if (o) return o.flags.includes("v");
    if (this === proto) return undefined;
    if (!(this instanceof Original)) throw new TypeError("RegExp.prototype.unicodeSets getter called on non-RegExp");
    return false;
  });
  if (!Object.getOwnPropertyDescriptor(proto, "hasIndices")) {
    redefine("hasIndices", function () {
      const o = originals.get(this);
      if (o) return o.flags.includes("d");
      if (this === proto) return undefined;
      if (!(this instanceof Original)) throw new TypeError("RegExp.prototype.hasIndices getter called on non-RegExp");
      return false;
    });
  }
  return { RegExp };
});
