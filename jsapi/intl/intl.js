// Intl for pigo: ECMA-402 constructors over per-locale tables extracted from
// Node 22 (see internal/gen/gen.mjs) and Go helpers passed in as host.
// Evaluates to a function(host) returning {Intl, hooks}.
(function (host) {
"use strict";

// ---- locales ----------------------------------------------------------
const AVAILABLE = ["en", "en-GB", "de", "fr", "es", "ja", "zh", "it", "pt", "ko", "nl", "ru", "pl"];
// Tags whose ICU data equal their base locale's; Node reports them as asked.
const SAME = { "en-US": "en", "de-DE": "de", "fr-FR": "fr", "es-ES": "es", "ja-JP": "ja", "zh-CN": "zh", "zh-Hans": "zh", "zh-Hans-CN": "zh", "it-IT": "it", "pt-BR": "pt", "ko-KR": "ko", "nl-NL": "nl", "ru-RU": "ru", "pl-PL": "pl" };
// The process default (LC_ALL, LC_MESSAGES, LANG) when it has tables,
// else en-US.
const DEFAULT_LOCALE = host.defaultLocale();

// data returns a locale's table section. Objects come back with one lazy
// property per part, so formatting a date never parses the zone names it
// does not print, nor a number the unit tables.
const cache = Object.create(null);
function data(loc, sec) {
  const k = loc + "|" + sec;
  let v = cache[k];
  if (v !== undefined) return v;
  const keys = host.keys(loc, sec);
  if (keys === undefined) {
    v = JSON.parse(host.data(loc, sec));
  } else {
    v = {};
    for (const sub of keys.split("\u0000")) {
      let val, done = false;
      Object.defineProperty(v, sub, {
        get() {
          if (!done) {
            const raw = host.data(loc, sec + "." + sub);
            val = raw === undefined ? undefined : JSON.parse(raw);
            done = true;
          }
          return val;
        },
        enumerable: true,
      });
    }
  }
  cache[k] = v;
  return v;
}

// item reads one entry of a large table part (a date pattern, a zone's
// names) without parsing the rest of the part.
const itemCache = Object.create(null);
function item(loc, part, key) {
  const k = loc + "|" + part + "|" + key;
  let v = itemCache[k];
  if (v === undefined) {
    const raw = host.item(loc, part, String(key));
    v = raw === undefined ? null : JSON.parse(raw);
    itemCache[k] = v;
  }
  return v === null ? undefined : v;
}

// entry reads a table whose values are JSON strings (currencies, units),
// parsing each on first use.
function entry(table, key) {
  let v = table[key];
  if (typeof v === "string") {
    v = JSON.parse(v);
    table[key] = v;
  }
  return v;
}

function notSupported(what) {
  return new RangeError("not supported: Intl." + what);
}

function canonicalizeLocaleList(locales) {
  if (locales === undefined) return [];
  const seen = [];
  const list = typeof locales === "string" || locales instanceof Locale ? [locales] : toObject(locales);
  const len = Math.min(Number(list.length) || 0, 2 ** 32);
  for (let k = 0; k < len; k++) {
    if (!(k in list)) continue;
    const v = list[k];
    if (typeof v !== "string" && (typeof v !== "object" || v === null)) throw new TypeError("Language ID should be string or object.");
    const s = v instanceof Locale ? localeSlots.get(v).tag : String(v);
    const tag = host.canonicalize(s);
    if (tag === null) throw new RangeError("Incorrect locale information provided");
    if (!seen.includes(tag)) seen.push(tag);
  }
  return seen;
}

function splitExt(tag) {
  const i = tag.indexOf("-u-");
  const keys = Object.create(null);
  if (i < 0) return { base: tag.replace(/-x-.*$/, ""), keys };
  const sub = tag.slice(i + 3).split("-");
  let key = null;
  for (const s of sub) {
    if (s.length === 1) break;
    if (s.length === 2) { key = s; keys[key] = "true"; } else if (key) keys[key] = keys[key] === "true" ? s : keys[key] + "-" + s;
  }
  return { base: tag.slice(0, i), keys };
}

function lookup(tag) {
  const { base, keys } = splitExt(tag);
  const parts = base.split("-");
  while (parts.length) {
    const b = parts.join("-");
    if (SAME[b]) return { locale: b, data: SAME[b], keys };
    if (AVAILABLE.includes(b)) return { locale: b, data: b, keys };
    parts.pop();
  }
  return null;
}

function resolveLocale(locales) {
  for (const t of canonicalizeLocaleList(locales)) {
    const r = lookup(t);
    if (r) return r;
  }
  return lookup(DEFAULT_LOCALE) || { locale: "en-US", data: "en", keys: Object.create(null) };
}

function supportedLocalesOf(locales, options) {
  if (options !== undefined) getOption(toObject(options), "localeMatcher", "string", ["lookup", "best fit"], "best fit", "Intl");
  return canonicalizeLocaleList(locales).filter((t) => lookup(t) !== null);
}

// ---- options ----------------------------------------------------------
function toObject(o) {
  if (o === undefined || o === null) throw new TypeError("Cannot convert undefined or null to object");
  return Object(o);
}
function coerceOptions(o) {
  return o === undefined ? Object.create(null) : toObject(o);
}
function getOption(opts, prop, type, values, fallback, ctor) {
  let v = opts[prop];
  if (v === undefined) return fallback;
  if (type === "boolean") v = Boolean(v);
  else v = String(v);
  if (values && !values.includes(v)) throw new RangeError("Value " + v + " out of range for " + ctor + " options property " + prop);
  return v;
}
function defaultNumberOption(v, min, max, fallback, prop) {
  if (v === undefined) return fallback;
  v = Number(v);
  if (isNaN(v) || v < min || v > max) throw new RangeError(prop + " value is out of range.");
  return Math.floor(v);
}
function getNumberOption(opts, prop, min, max, fallback) {
  return defaultNumberOption(opts[prop], min, max, fallback, prop);
}
function slotsOf(map, obj, method) {
  const s = typeof obj === "object" && obj !== null ? map.get(obj) : undefined;
  if (!s) throw new TypeError("Method " + method + " called on incompatible receiver " + describe(obj));
  return s;
}
function describe(v) {
  if (typeof v === "object" && v !== null) return "#<" + ((v.constructor && v.constructor.name) || "Object") + ">";
  return String(v);
}
function defineMethods(proto, methods, tag) {
  for (const k of Reflect.ownKeys(methods)) {
    const d = Object.getOwnPropertyDescriptor(methods, k);
    if (d.get) Object.defineProperty(proto, k, { get: d.get, configurable: true, enumerable: false });
    else Object.defineProperty(proto, k, { value: d.value, writable: true, configurable: true, enumerable: false });
  }
  Object.defineProperty(proto, Symbol.toStringTag, { value: tag, configurable: true });
}
function defineCtor(name, ctor, methods) {
  Object.defineProperty(ctor, "length", { value: 0, configurable: true });
  defineMethods(ctor.prototype, methods, "Intl." + name);
  Object.defineProperty(ctor, "supportedLocalesOf", {
    value: function supportedLocalesOf_(locales, options) { return supportedLocalesOf(locales, options); },
    writable: true, configurable: true,
  });
  Object.defineProperty(ctor.supportedLocalesOf, "name", { value: "supportedLocalesOf" });
}

// ---- plural rules -----------------------------------------------------
// CLDR plural rules for the available languages (operands per UTS #35).
function pluralCategory(lang, type, intStr, fracStr, exp) {
  const i = Number(intStr), v = fracStr.length, f = fracStr === "" ? 0 : Number(fracStr);
  const n = Number(intStr + (fracStr ? "." + fracStr : ""));
  const e = exp || 0;
  const mod = pluralMod;
  if (type === "ordinal") {
    if (lang === "en") {
      if (fracStr !== "" && f !== 0) return "other";
      const n10 = mod(intStr, 10), n100 = mod(intStr, 100);
      if (n10 === 1 && n100 !== 11) return "one";
      if (n10 === 2 && n100 !== 12) return "two";
      if (n10 === 3 && n100 !== 13) return "few";
      return "other";
    }
    if (lang === "fr") return n === 1 ? "one" : "other";
    if (lang === "it") return n === 11 || n === 8 || n === 80 || n === 800 ? "many" : "other";
    return "other";
  }
  const millions = (e === 0 && i !== 0 && mod(intStr, 1000000) === 0 && v === 0) || e < 0 || e > 5;
  switch (lang) {
    case "en": case "de": case "nl":
      return i === 1 && v === 0 ? "one" : "other";
    case "it":
      if (i === 1 && v === 0) return "one";
      return millions ? "many" : "other";
    case "pt":
      if (i === 0 || i === 1) return "one";
      return millions ? "many" : "other";
    case "ru": {
      if (v !== 0) return "other";
      const i10 = mod(intStr, 10), i100 = mod(intStr, 100);
      if (i10 === 1 && i100 !== 11) return "one";
      if (i10 >= 2 && i10 <= 4 && !(i100 >= 12 && i100 <= 14)) return "few";
      return "many";
    }
    case "pl": {
      if (i === 1 && v === 0) return "one";
      if (v !== 0) return "other";
      const i10 = mod(intStr, 10), i100 = mod(intStr, 100);
      if (i10 >= 2 && i10 <= 4 && !(i100 >= 12 && i100 <= 14)) return "few";
      return "many";
    }
    case "fr":
      if (i === 0 || i === 1) return "one";
      if ((e === 0 && i !== 0 && mod(intStr, 1000000) === 0 && v === 0) || e < 0 || e > 5) return "many";
      return "other";
    case "es":
      if (n === 1 && f === 0) return "one";
      if ((e === 0 && i !== 0 && mod(intStr, 1000000) === 0 && v === 0) || e < 0 || e > 5) return "many";
      return "other";
    default:
      return "other";
  }
}
const langOf = (loc) => loc.split("-")[0];
function pluralMod(digits, m) {
  return Number(digits.slice(-String(m).length)) % m;
}

// ---- decimal arithmetic -----------------------------------------------
// A non-negative decimal is {d, e}: value = 0.d × 10^e, d without leading or
// trailing zeros ("" is zero). Rounding works on the shortest round-trip
// digits, as ICU does, so 1.005 rounds to 1.01.
function toDec(x) {
  if (typeof x === "bigint") {
    const s = (x < 0n ? -x : x).toString();
    const d = s.replace(/0+$/, "");
    return d === "0" || d === "" ? { d: "", e: 0 } : { d, e: s.length };
  }
  x = Math.abs(x);
  if (x === 0) return { d: "", e: 0 };
  let s = String(x), exp = 0;
  const ei = s.indexOf("e");
  if (ei >= 0) { exp = Number(s.slice(ei + 1)); s = s.slice(0, ei); }
  const dot = s.indexOf(".");
  const ip = dot >= 0 ? s.slice(0, dot) : s, fp = dot >= 0 ? s.slice(dot + 1) : "";
  let d = ip + fp, e = ip.length + exp, k = 0;
  while (k < d.length && d[k] === "0") { k++; e--; }
  d = d.slice(k).replace(/0+$/, "");
  return d === "" ? { d: "", e: 0 } : { d, e };
}
function roundKeep(dec, keep) {
  const { d } = dec;
  let e = dec.e;
  if (keep >= d.length) return dec;
  if (keep < 0) return { d: "", e: 0 };
  let kept = d.slice(0, keep);
  if (d.charCodeAt(keep) >= 53) {
    const a = kept.split("");
    let i = a.length - 1;
    while (i >= 0 && a[i] === "9") { a[i] = "0"; i--; }
    if (i < 0) { a.unshift("1"); e++; } else a[i] = String(Number(a[i]) + 1);
    kept = a.join("");
  }
  kept = kept.replace(/0+$/, "");
  return kept === "" ? { d: "", e: 0 } : { d: kept, e };
}
// roundDec applies the resolved digit options; returns {dec, minFrac}.
function roundDec(dec, r) {
  if (r.type === "frac") return { dec: roundKeep(dec, dec.e + r.maxFrac), minFrac: r.minFrac, sig: false };
  if (r.type === "sig") return { dec: roundKeep(dec, r.maxSig), minSig: r.minSig, sig: true };
  let res;
  {
    const a = { dec: roundKeep(dec, r.maxSig), minSig: r.minSig, sig: true };
    const b = { dec: roundKeep(dec, dec.e + r.maxFrac), minFrac: r.minFrac, sig: false };
    // Position of the last kept digit: lower means more precision.
    const pa = dec.e - r.maxSig, pb = -r.maxFrac;
    const sigMore = pa < pb;
    res = (r.type === "morePrecision") === sigMore ? a : b;
    if (r.type === "morePrecision" && pa === pb) res = a;
  }
  return res;
}
function layout(res, minInt, stripIfInteger) {
  const { d, e } = res.dec;
  let int = e <= 0 ? "0" : d.slice(0, e).padEnd(e, "0");
  let frac = e < 0 ? "0".repeat(-e) + d : d.slice(Math.max(e, 0));
  if (d === "") frac = "";
  let minFrac = res.minFrac || 0;
  if (res.sig) {
    const ee = d === "" ? 1 : e;
    minFrac = Math.max(0, res.minSig - ee);
  }
  frac = frac.padEnd(minFrac, "0");
  if (stripIfInteger && /^0*$/.test(frac)) frac = "";
  int = int.padStart(minInt, "0");
  return { int, frac };
}
function groupInt(int, sym, grouping) {
  if (grouping === "false" || int.length < 4) return [int];
  const min = grouping === "always" ? 1 : grouping === "min2" ? 2 : sym.minGroup;
  if (int.length < 3 + min) return [int];
  const out = [];
  let i = int.length % 3 || 3;
  out.push(int.slice(0, i));
  for (; i < int.length; i += 3) out.push(int.slice(i, i + 3));
  return out;
}
function numberParts(lay, sym, grouping) {
  const parts = [];
  const groups = groupInt(lay.int, sym, grouping);
  for (let j = 0; j < groups.length; j++) {
    if (j) parts.push({ type: "group", value: sym.group });
    parts.push({ type: "integer", value: groups[j] });
  }
  if (lay.frac) {
    parts.push({ type: "decimal", value: sym.decimal });
    parts.push({ type: "fraction", value: lay.frac });
  }
  return parts;
}
function applyTmpl(tmpl, inner, sign, sym) {
  const out = [];
  // Indexed loops: goja runs for-of and array destructuring through the
  // iterator protocol, which dominated format() time.
  for (let i = 0; i < tmpl.length; i++) {
    const t = tmpl[i];
    if (t === "#") { for (let j = 0; j < inner.length; j++) out.push(inner[j]); continue; }
    let type = t[0], value = t[1];
    if (type === "minusSign" && sign === "+") { type = "plusSign"; value = sym.plus; }
    out.push({ type, value });
  }
  return out;
}
function mergeLiterals(parts) {
  const out = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const last = out[out.length - 1];
    if (last && p.type === "literal" && last.type === "literal") last.value += p.value;
    else out.push(p);
  }
  return out;
}

// ---- NumberFormat -----------------------------------------------------
const nfSlots = new WeakMap();
const NF = "Intl.NumberFormat";
const SIMPLE_UNITS = ["acre", "bit", "byte", "celsius", "centimeter", "day", "degree", "fahrenheit", "fluid-ounce", "foot", "gallon", "gigabit", "gigabyte", "gram", "hectare", "hour", "inch", "kilobit", "kilobyte", "kilogram", "kilometer", "liter", "megabit", "megabyte", "meter", "microsecond", "mile", "mile-scandinavian", "milliliter", "millimeter", "millisecond", "minute", "month", "nanosecond", "ounce", "percent", "petabyte", "pound", "second", "stone", "terabit", "terabyte", "week", "yard", "year"];
function isWellFormedUnit(u) {
  if (SIMPLE_UNITS.includes(u)) return true;
  const i = u.indexOf("-per-");
  return i > 0 && SIMPLE_UNITS.includes(u.slice(0, i)) && SIMPLE_UNITS.includes(u.slice(i + 5));
}

function digitOptions(s, opts, mnfdDefault, mxfdDefault, notation) {
  s.minimumIntegerDigits = getNumberOption(opts, "minimumIntegerDigits", 1, 21, 1);
  const mnfd = opts.minimumFractionDigits, mxfd = opts.maximumFractionDigits;
  const mnsd = opts.minimumSignificantDigits, mxsd = opts.maximumSignificantDigits;
  s.roundingIncrement = getNumberOption(opts, "roundingIncrement", 1, 5000, 1);
  if (s.roundingIncrement !== 1) throw notSupported("NumberFormat option roundingIncrement");
  s.roundingMode = getOption(opts, "roundingMode", "string", ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"], "halfExpand", NF);
  if (s.roundingMode !== "halfExpand") throw notSupported("NumberFormat option roundingMode " + s.roundingMode);
  s.roundingPriority = getOption(opts, "roundingPriority", "string", ["auto", "morePrecision", "lessPrecision"], "auto", NF);
  s.trailingZeroDisplay = getOption(opts, "trailingZeroDisplay", "string", ["auto", "stripIfInteger"], "auto", NF);
  const hasSd = mnsd !== undefined || mxsd !== undefined;
  const hasFd = mnfd !== undefined || mxfd !== undefined;
  let needSd = true, needFd = true;
  if (s.roundingPriority === "auto") {
    needSd = hasSd;
    if (needSd || (!hasFd && notation === "compact")) needFd = false;
  }
  if (needSd) {
    if (hasSd) {
      s.minimumSignificantDigits = defaultNumberOption(mnsd, 1, 21, 1, "minimumSignificantDigits");
      s.maximumSignificantDigits = defaultNumberOption(mxsd, s.minimumSignificantDigits, 21, 21, "maximumSignificantDigits");
    } else { s.minimumSignificantDigits = 1; s.maximumSignificantDigits = 21; }
  }
  if (needFd) {
    if (hasFd) {
      let mn = defaultNumberOption(mnfd, 0, 100, undefined, "minimumFractionDigits");
      let mx = defaultNumberOption(mxfd, 0, 100, undefined, "maximumFractionDigits");
      if (mn === undefined) mn = Math.min(mnfdDefault, mx);
      else if (mx === undefined) mx = Math.max(mxfdDefault, mn);
      else if (mn > mx) throw new RangeError("maximumFractionDigits value is out of range.");
      s.minimumFractionDigits = mn; s.maximumFractionDigits = mx;
    } else { s.minimumFractionDigits = mnfdDefault; s.maximumFractionDigits = mxfdDefault; }
  }
  if (!needSd && !needFd) {
    s.minimumFractionDigits = 0; s.maximumFractionDigits = 0;
    s.minimumSignificantDigits = 1; s.maximumSignificantDigits = 2;
    s.roundingPriority = "morePrecision";
    s.rounding = { type: "morePrecision", minFrac: 0, maxFrac: 0, minSig: 1, maxSig: 2 };
  } else {
    s.rounding = {
      type: s.roundingPriority === "auto" ? (needSd ? "sig" : "frac") : s.roundingPriority,
      minFrac: s.minimumFractionDigits, maxFrac: s.maximumFractionDigits,
      minSig: s.minimumSignificantDigits, maxSig: s.maximumSignificantDigits,
    };
  }
}

function NumberFormat(locales, options) {
  if (!new.target) return new NumberFormat(locales, options);
  const opts = coerceOptions(options);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", NF);
  const nu = getOption(opts, "numberingSystem", "string", undefined, undefined, NF);
  if (nu !== undefined && !/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(nu)) throw new RangeError("Invalid numberingSystem : " + nu);
  const r = resolveLocale(locales);
  const s = { locale: r.locale, data: r.data, numberingSystem: "latn" };
  if ((nu && nu !== "latn") || (r.keys.nu && r.keys.nu !== "latn")) throw notSupported("NumberFormat numberingSystem " + (nu || r.keys.nu));
  s.style = getOption(opts, "style", "string", ["decimal", "percent", "currency", "unit"], "decimal", NF);
  let currency = getOption(opts, "currency", "string", undefined, undefined, NF);
  if (currency !== undefined && !/^[A-Za-z]{3}$/.test(currency)) throw new RangeError("Invalid currency code : " + currency);
  const currencyDisplay = getOption(opts, "currencyDisplay", "string", ["code", "symbol", "narrowSymbol", "name"], "symbol", NF);
  const currencySign = getOption(opts, "currencySign", "string", ["standard", "accounting"], "standard", NF);
  const unit = getOption(opts, "unit", "string", undefined, undefined, NF);
  if (unit !== undefined && !isWellFormedUnit(unit)) throw new RangeError("Invalid unit argument for Intl.NumberFormat() '" + unit + "'");
  const unitDisplay = getOption(opts, "unitDisplay", "string", ["short", "narrow", "long"], "short", NF);
  if (s.style === "currency") {
    if (currency === undefined) throw new TypeError("Currency code is required with currency style.");
    s.currency = currency.toUpperCase(); s.currencyDisplay = currencyDisplay; s.currencySign = currencySign;
  }
  if (s.style === "unit") {
    if (unit === undefined) throw new TypeError("Invalid unit argument for Intl.NumberFormat() ''");
    s.unit = unit; s.unitDisplay = unitDisplay;
  }
  const notation = getOption(opts, "notation", "string", ["standard", "scientific", "engineering", "compact"], "standard", NF);
  let mnfdDefault = 0, mxfdDefault = 3;
  const num = data(s.data, "number");
  if (s.style === "currency") {
    const c = entry(num.currency, s.currency);
    if (!c) throw notSupported("NumberFormat currency " + s.currency);
    mnfdDefault = mxfdDefault = c.digits;
    if (notation === "compact") mnfdDefault = mxfdDefault = 0;
  } else if (s.style === "percent") mxfdDefault = 0;
  if (s.style === "unit" && !entry(num.unit, s.unit)) throw notSupported("NumberFormat unit " + s.unit);
  const d = {};
  digitOptions(d, opts, mnfdDefault, mxfdDefault, notation);
  const compactDisplay = getOption(opts, "compactDisplay", "string", ["short", "long"], "short", NF);
  const defaultGrouping = notation === "compact" ? "min2" : "auto";
  let g = opts.useGrouping;
  if (g === undefined) g = defaultGrouping;
  else if (g === true) g = "always";
  else if (g === false || g === null || g === 0 || g === "" || Number.isNaN(g)) g = false;
  else {
    g = String(g);
    if (g === "true" || g === "false") g = defaultGrouping;
    else if (!["min2", "auto", "always"].includes(g)) throw new RangeError("Value " + g + " out of range for Intl.NumberFormat options property useGrouping");
  }
  const signDisplay = getOption(opts, "signDisplay", "string", ["auto", "never", "always", "exceptZero", "negative"], "auto", NF);
  Object.assign(s, d);
  s.useGrouping = g;
  s.notation = notation;
  if (notation === "compact") s.compactDisplay = compactDisplay;
  s.signDisplay = signDisplay;
  s.sym = num;
  nfSlots.set(this, s);
}

const NF_RESOLVED = ["locale", "numberingSystem", "style", "currency", "currencyDisplay", "currencySign", "unit", "unitDisplay", "minimumIntegerDigits", "minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits", "useGrouping", "notation", "compactDisplay", "signDisplay", "roundingIncrement", "roundingMode", "roundingPriority", "trailingZeroDisplay"];

// toIntlMV keeps decimal strings exact, as ICU does: a string with more
// digits than a double holds becomes {neg, dec} instead of a Number.
function toIntlMV(x) {
  if (typeof x === "bigint") return x;
  if (typeof x === "string") {
    const m = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(x);
    if (m && (m[2] || m[3])) {
      const ip = m[2] || "", fp = m[3] || "";
      let d = (ip + fp).replace(/^0+/, "");
      const lead = (ip + fp).length - d.length;
      if (d.replace(/0+$/, "").length > 15) {
        const e = ip.length - lead + Number(m[4] || 0);
        d = d.replace(/0+$/, "");
        return { neg: m[1] === "-", dec: { d, e } };
      }
    }
  }
  return Number(x);
}

function nfFormatToParts(s, x, approx) {
  x = toIntlMV(x);
  const sym = s.sym;
  const exact = typeof x === "object";
  const isBig = typeof x === "bigint" || exact;
  const negative = exact ? x.neg : isBig ? x < 0n : x < 0 || Object.is(x, -0);
  let inner, plural = "other", isZero = false;
  let exp = 0;
  if (!isBig && Number.isNaN(x)) {
    inner = [{ type: "nan", value: sym.nan }];
  } else if (!isBig && !Number.isFinite(x)) {
    inner = [{ type: "infinity", value: sym.inf }];
  } else {
    let dec = exact ? x.dec : toDec(x);
    if (s.style === "percent" && dec.d !== "") dec = { d: dec.d, e: dec.e + 2 };
    const lang = langOf(s.data);
    if (s.notation === "scientific" || s.notation === "engineering") {
      let res, E;
      for (let pass = 0; pass < 2; pass++) {
        E = dec.d === "" ? 0 : dec.e - 1;
        if (s.notation === "engineering") E = Math.floor(E / 3) * 3;
        const m = dec.d === "" ? dec : { d: dec.d, e: dec.e - E };
        res = roundDec(m, s.rounding);
        if (res.dec.d === "" || res.dec.e <= (s.notation === "engineering" ? 3 : 1)) break;
        dec = { d: res.dec.d, e: res.dec.e + E };
      }
      const lay = layout(res, s.minimumIntegerDigits, s.trailingZeroDisplay === "stripIfInteger");
      isZero = res.dec.d === "";
      inner = numberParts(lay, sym, s.useGrouping === false ? "false" : s.useGrouping);
      inner.push({ type: "exponentSeparator", value: sym.exp });
      if (E < 0) inner.push({ type: "exponentMinusSign", value: sym.minus });
      inner.push({ type: "exponentInteger", value: String(Math.abs(E)) });
      plural = pluralCategory(lang, "cardinal", lay.int, lay.frac);
    } else if (s.notation === "compact") {
      const table = sym.compact[s.compactDisplay];
      let mag = dec.d === "" ? 0 : dec.e - 1, res, ent;
      for (let pass = 0; pass < 2; pass++) {
        ent = table[Math.max(0, Math.min(mag, table.length - 1))];
        const m = dec.d === "" ? dec : { d: dec.d, e: dec.e - ent.div };
        res = roundDec(m, s.rounding);
        const newMag = res.dec.d === "" ? 0 : res.dec.e - 1 + ent.div;
        if (newMag <= mag || newMag >= table.length) break;
        mag = newMag;
      }
      const lay = layout(res, s.minimumIntegerDigits, s.trailingZeroDisplay === "stripIfInteger");
      isZero = res.dec.d === "";
      plural = pluralCategory(lang, "cardinal", lay.int, lay.frac);
      const ct = ent.exact1 && lay.int === "1" && lay.frac === "" ? ent.exact1 : ent[plural] || ent.other;
      inner = applyTmpl(ct, numberParts(lay, sym, s.useGrouping === false ? "false" : s.useGrouping), "", sym);
      exp = ent.div;
    } else {
      const res = roundDec(dec, s.rounding);
      const lay = layout(res, s.minimumIntegerDigits, s.trailingZeroDisplay === "stripIfInteger");
      isZero = res.dec.d === "";
      inner = numberParts(lay, sym, s.useGrouping === false ? "false" : s.useGrouping);
      plural = pluralCategory(lang, "cardinal", lay.int, lay.frac);
    }
  }
  let sign = "";
  switch (s.signDisplay) {
    case "auto": sign = negative ? "-" : ""; break;
    case "always": sign = negative ? "-" : "+"; break;
    case "exceptZero": sign = isZero ? "" : negative ? "-" : "+"; break;
    case "negative": sign = negative && !isZero ? "-" : ""; break;
  }
  if (!isBig && Number.isNaN(x) && s.signDisplay !== "always") sign = "";
  let pos, neg, plus;
  switch (s.style) {
    case "percent": pos = sym.percent; neg = sym.percentNeg; plus = sym.percentPlus; break;
    case "currency": {
      const c = entry(sym.currency, s.currency);
      if (s.currencyDisplay === "name") {
        const e = c.name[plural] || c.name.other;
        pos = e[0]; neg = e[1]; plus = e[2];
      } else {
        const e = c[s.currencyDisplay];
        pos = e[0]; neg = s.currencySign === "accounting" && sign === "-" ? e[2] : e[1];
        plus = s.currencySign === "accounting" ? e[4] : e[3];
      }
      break;
    }
    case "unit": {
      const u = entry(sym.unit, s.unit)[s.unitDisplay];
      const e = u[plural] || u.other;
      pos = e[0]; neg = e[1]; plus = e[2];
      break;
    }
    default: pos = ["#"]; neg = sym.decimalNeg; plus = sym.decimalPlus;
  }
  // ICU writes the approximately sign where the sign goes, before it.
  if (approx) {
    const t = sign === "+" && plus ? plus : neg;
    const out = [];
    for (const p of applyTmpl(t, inner, sign || "-", sym)) {
      if (p.type === "minusSign" || p.type === "plusSign") {
        out.push({ type: "approximatelySign", value: approx });
        if (sign) out.push(p);
      } else out.push(p);
    }
    return out;
  }
  const parts = applyTmpl(sign === "+" && plus ? plus : sign ? neg : pos, inner, sign, sym);
  return parts;
}

// nfRangeParts follows ICU's NumberRangeFormatter with collapse "auto":
// equal results get the approximately sign; otherwise the affixes around
// the numbers (sign, currency, percent, compact suffix) are written once
// when both ends share them and they are longer than one code point, long
// unit and currency names are written once, and the separator gets spaces
// when an affix of the start is repeated.
const NUM_PART = { integer: 1, group: 1, decimal: 1, fraction: 1, exponentSeparator: 1, exponentMinusSign: 1, exponentInteger: 1, nan: 1, infinity: 1 };
function splitAffixes(parts, longName) {
  let i = 0, j = parts.length;
  while (i < j && !NUM_PART[parts[i].type]) i++;
  while (j > i && !NUM_PART[parts[j - 1].type]) j--;
  const pre = parts.slice(0, i), core = parts.slice(i, j), post = parts.slice(j);
  // A long name and the spacing next to it are the outer affix.
  const isOuter = (p) => longName && (p.type === "unit" || p.type === "currency");
  const outerPre = [], outerPost = [];
  if (pre.length && isOuter(pre[0])) { outerPre.push(pre.shift()); while (pre.length && pre[0].type === "literal" && !/\S/.test(pre[0].value)) outerPre.push(pre.shift()); }
  if (post.length && isOuter(post[post.length - 1])) { outerPost.unshift(post.pop()); while (post.length && post[post.length - 1].type === "literal" && !/\S/.test(post[post.length - 1].value)) outerPost.unshift(post.pop()); }
  return { pre, core, post, outerPre, outerPost };
}
const partsText = (ps) => ps.map((p) => p.value).join("");
function nfRangeParts(s, a, b) {
  if (a === undefined || b === undefined) throw new TypeError("start or end is undefined");
  const A = toIntlMV(a), B = toIntlMV(b);
  if ((typeof A === "number" && isNaN(A)) || (typeof B === "number" && isNaN(B))) throw new RangeError("Invalid number range");
  const pa = nfFormatToParts(s, A), pb = nfFormatToParts(s, B);
  const tag = (ps, source) => ps.map((p) => ({ type: p.type, value: p.value, source }));
  if (partsText(pa) === partsText(pb)) return tag(nfFormatToParts(s, A, s.sym.approx.replace("{0}", "")), "shared");
  // Units (but percent, which ICU formats as a percent pattern) and
  // currency names are ICU's outer modifier, the same unit on both ends.
  const longName = (s.style === "unit" && s.unit !== "percent") || (s.style === "currency" && s.currencyDisplay === "name");
  const x = splitAffixes(pa, longName), y = splitAffixes(pb, longName);
  const collapseOuter = longName && (x.outerPre.length > 0) === (y.outerPre.length > 0) && (x.outerPost.length > 0) === (y.outerPost.length > 0);
  const midA = partsText(x.pre) + "\u0000" + partsText(x.post), midB = partsText(y.pre) + "\u0000" + partsText(y.post);
  const midLen = [...partsText(x.pre) + partsText(x.post)].length;
  const collapseMid = (!longName || collapseOuter) && midA === midB && midLen > 1;
  const sepRaw = s.sym.range.replace("{0}", "").replace("{1}", "");
  // The exponent is an inner modifier, never collapsed.
  const scientific = s.notation === "scientific" || s.notation === "engineering";
  const repeat = scientific || (!collapseMid && midLen > 0) || (longName && !collapseOuter && x.outerPre.length + x.outerPost.length > 0);
  const sep = repeat && !/\s/.test(sepRaw) ? " " + sepRaw + " " : sepRaw;
  const out = [];
  if (collapseOuter) out.push(...tag(y.outerPre, "shared"));
  if (collapseMid) out.push(...tag(x.pre, "shared"));
  if (!collapseOuter) out.push(...tag(x.outerPre, "startRange"));
  if (!collapseMid) out.push(...tag(x.pre, "startRange"));
  out.push(...tag(x.core, "startRange"));
  if (!collapseMid) out.push(...tag(x.post, "startRange"));
  if (!collapseOuter) out.push(...tag(x.outerPost, "startRange"));
  out.push({ type: "literal", value: sep, source: "shared" });
  if (!collapseOuter) out.push(...tag(y.outerPre, "endRange"));
  if (!collapseMid) out.push(...tag(y.pre, "endRange"));
  out.push(...tag(y.core, "endRange"));
  if (!collapseMid) out.push(...tag(y.post, "endRange"));
  if (!collapseOuter) out.push(...tag(y.outerPost, "endRange"));
  if (collapseMid) out.push(...tag(x.post, "shared"));
  if (collapseOuter) out.push(...tag(y.outerPost, "shared"));
  return out;
}

defineCtor("NumberFormat", NumberFormat, {
  get format() {
    const s = slotsOf(nfSlots, this, "UnwrapNumberFormat");
    if (!s.bound) {
      s.bound = (x) => nfFormatToParts(s, x).map((p) => p.value).join("");
    }
    return s.bound;
  },
  formatToParts(x) {
    const s = slotsOf(nfSlots, this, "Intl.NumberFormat.prototype.formatToParts");
    return nfFormatToParts(s, x);
  },
  formatRange(a, b) {
    return nfRangeParts(slotsOf(nfSlots, this, "Intl.NumberFormat.prototype.formatRange"), a, b).map((p) => p.value).join("");
  },
  formatRangeToParts(a, b) {
    return nfRangeParts(slotsOf(nfSlots, this, "Intl.NumberFormat.prototype.formatRangeToParts"), a, b);
  },
  resolvedOptions() {
    const s = slotsOf(nfSlots, this, "UnwrapNumberFormat");
    const o = {};
    for (const k of NF_RESOLVED) if (s[k] !== undefined) o[k] = s[k];
    return o;
  },
});

// ---- DateTimeFormat ---------------------------------------------------
const dtfSlots = new WeakMap();
const DTF = "Intl.DateTimeFormat";
const DATE_FIELDS = ["weekday", "year", "month", "day", "era"];
const TIME_FIELDS = ["hour", "minute", "second"];
const COMPONENTS = [
  ["weekday", ["narrow", "short", "long"]],
  ["era", ["narrow", "short", "long"]],
  ["year", ["2-digit", "numeric"]],
  ["month", ["2-digit", "numeric", "narrow", "short", "long"]],
  ["day", ["2-digit", "numeric"]],
  ["dayPeriod", ["narrow", "short", "long"]],
  ["hour", ["2-digit", "numeric"]],
  ["minute", ["2-digit", "numeric"]],
  ["second", ["2-digit", "numeric"]],
  ["fractionalSecondDigits", null],
  ["timeZoneName", ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]],
];

function initDTF(obj, locales, options, required, defaults) {
  const opts = coerceOptions(options);
  const r = resolveLocale(locales);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", DTF);
  const calOpt = getOption(opts, "calendar", "string", undefined, undefined, DTF);
  const cal = calOpt || r.keys.ca;
  if (cal !== undefined && cal !== "gregory") throw notSupported("DateTimeFormat option calendar " + cal);
  const nuOpt = getOption(opts, "numberingSystem", "string", undefined, undefined, DTF);
  const nu = nuOpt || r.keys.nu;
  if (nu !== undefined && nu !== "latn") throw notSupported("DateTimeFormat option numberingSystem " + nu);
  const hour12 = getOption(opts, "hour12", "boolean", undefined, undefined, DTF);
  let hourCycle = getOption(opts, "hourCycle", "string", ["h11", "h12", "h23", "h24"], undefined, DTF);
  if (hour12 !== undefined) hourCycle = undefined;
  let tz = opts.timeZone, s0tz;
  if (tz === undefined) tz = host.defaultTimeZone();
  else {
    tz = String(tz);
    const c = host.timeZone(tz);
    if (c === null) throw new RangeError("Invalid time zone specified: " + tz);
    tz = c;
  }
  // Report (and look names up by) the ID ICU uses for the zone.
  const alias = data("_shared", "alias")[tz];
  if (alias !== undefined) s0tz = alias;
  // Extension keys the formatter honours stay in the resolved locale.
  let ext = "";
  if (r.keys.ca === "gregory" && cal === r.keys.ca) ext += "-ca-gregory";
  if (["h11", "h12", "h23", "h24"].includes(r.keys.hc) && hour12 === undefined && hourCycle === undefined) ext += "-hc-" + r.keys.hc;
  if (r.keys.nu === "latn" && nu === r.keys.nu) ext += "-nu-latn";
  const s = { locale: r.locale + (ext ? "-u" + ext : ""), data: r.data, calendar: "gregory", numberingSystem: "latn", timeZone: s0tz || tz, zone: tz };
  const comp = {};
  for (const [k, vals] of COMPONENTS) {
    if (vals === null) {
      const v = opts[k];
      if (v !== undefined) comp[k] = defaultNumberOption(v, 1, 3, undefined, k);
    } else {
      const v = getOption(opts, k, "string", vals, undefined, DTF);
      if (v !== undefined) comp[k] = v;
    }
  }
  getOption(opts, "formatMatcher", "string", ["basic", "best fit"], "best fit", DTF);
  const dateStyle = getOption(opts, "dateStyle", "string", ["full", "long", "medium", "short"], undefined, DTF);
  const timeStyle = getOption(opts, "timeStyle", "string", ["full", "long", "medium", "short"], undefined, DTF);
  const d = data(s.data, "date");
  s.d = d;
  if (dateStyle || timeStyle) {
    if (Object.keys(comp).length) throw new TypeError("Invalid option : option");
    if (required === "date" && !dateStyle) throw new TypeError("Invalid option : timeStyle");
    if (required === "time" && !timeStyle) throw new TypeError("Invalid option : dateStyle");
  } else {
    let need = true;
    if (required !== "time" && ["weekday", "year", "month", "day"].some((k) => comp[k])) need = false;
    if (required !== "date" && ["dayPeriod", "hour", "minute", "second", "fractionalSecondDigits"].some((k) => comp[k])) need = false;
    if (need && (defaults === "date" || defaults === "all")) comp.year = comp.month = comp.day = "numeric";
    if (need && (defaults === "time" || defaults === "all")) comp.hour = comp.minute = comp.second = "numeric";
  }
  const hasHour = comp.hour !== undefined || timeStyle !== undefined;
  let hc;
  if (hasHour) {
    if (hour12 !== undefined) hc = hour12 ? "h12" : "h23";
    else if (hourCycle) hc = hourCycle;
    else if (["h11", "h12", "h23", "h24"].includes(r.keys.hc)) hc = r.keys.hc;
    s.hourCycle = hc || d.hourCycle;
    s.hour12 = s.hourCycle === "h11" || s.hourCycle === "h12";
  }
  const hcKey = hc === undefined ? "" : hc;
  let tmpl;
  if (dateStyle || timeStyle) {
    tmpl = item(s.data, "date.style", [dateStyle || "", timeStyle || "", hcKey].join("|"));
    s.dateStyle = dateStyle; s.timeStyle = timeStyle;
  } else {
    const dk = DATE_FIELDS.map((k) => comp[k] || "").join("|");
    const hasDate = dk !== "||||";
    const hasTime = TIME_FIELDS.some((k) => comp[k]) || comp.timeZoneName || comp.dayPeriod || comp.fractionalSecondDigits;
    const tf = (comp.hour ? "h" : "") + (comp.minute ? "m" : "") + (comp.second ? "s" : "");
    const tk = [comp.hour || "", comp.minute || "", comp.second || "", comp.timeZoneName || "", comp.hour ? hcKey : "", comp.dayPeriod || "", comp.fractionalSecondDigits || ""].join("|");
    const dt = hasDate ? item(s.data, "date.date", dk) : null;
    const tzOnly = !tf && !comp.dayPeriod && !comp.fractionalSecondDigits;
    const tt = hasTime && !tzOnly ? item(s.data, "date.time", tk) : null;
    if ((hasDate && !dt) || (hasTime && !tzOnly && !tt)) throw notSupported("DateTimeFormat option combination " + JSON.stringify(comp));
    const splice = (glue, a, b) => {
      const out = [];
      for (const piece of glue.split(/(\{[01]\})/)) {
        if (piece === "{1}") out.push(...a);
        else if (piece === "{0}") out.push(...b);
        else if (piece) out.push(["literal", piece]);
      }
      return out;
    };
    if (hasDate && hasTime && tzOnly) {
      // Only a zone name besides the date: ICU appends it.
      const suffix = item(s.data, "date.tzSuf", dk);
      if (!suffix) throw notSupported("DateTimeFormat option combination " + JSON.stringify(comp));
      tmpl = splice("{1}" + suffix, dt, [["timeZoneName", null]]);
    } else if (hasDate && hasTime) {
      const glue = tf ? (item(s.data, "date.glue", dk) || {})[tf + (comp.dayPeriod ? "B" : "") + (comp.fractionalSecondDigits ? "F" : "")] : null;
      if (!glue) throw notSupported("DateTimeFormat option combination " + JSON.stringify(comp));
      tmpl = splice(glue, dt, tt);
    } else tmpl = dt || tt;
    // Resolved component widths come from the chosen pattern, as in ICU.
    for (const [k] of COMPONENTS) if (comp[k] !== undefined) s[k] = comp[k];
    for (const [type, v] of tmpl) {
      if (type === "year" || type === "day" || type === "minute" || type === "second" || (type === "month" && (v === "n" || v === "2"))) {
        if (v === "n") s[type] = "numeric"; else if (v === "2") s[type] = "2-digit";
      } else if (type === "month" && typeof v === "number" && /^\d+$/.test(d.maps[v]["1"])) {
        s.month = d.maps[v]["1"].length === 2 ? "2-digit" : "numeric";
      } else if (type === "hour") {
        s.hour = d.maps[v]["1"].length === 2 || d.maps[v]["13"].length === 2 && d.maps[v]["13"][0] === "0" ? "2-digit" : "numeric";
      }
    }
  }
  if (s.dayPeriod !== undefined && !tmpl.some((x) => x[0] === "dayPeriod")) delete s.dayPeriod;
  // V8 derives resolved fields by searching the ICU pattern for field
  // letters, quoted literals included: Spanish "'de'" reads as a day and
  // Portuguese "'às'" as a second. Do the same for fields the pattern lacks.
  if (!dateStyle && !timeStyle) {
    const lit = tmpl.filter((x) => x[0] === "literal").map((x) => x[1]).join("\u0000");
    for (const [field, ch] of [["year", "y"], ["day", "d"], ["minute", "m"], ["second", "s"]]) {
      if (s[field] !== undefined || !lit.includes(ch)) continue;
      s[field] = lit.includes(ch + ch) ? "2-digit" : "numeric";
    }
  }
  s.rangeKey = dateStyle || timeStyle ? [dateStyle || "", timeStyle || "", ""].join("|") : DATE_FIELDS.map((k) => comp[k] || "").join("|") + (TIME_FIELDS.some((k) => comp[k]) || comp.timeZoneName ? "+time" : "");
  if (!tmpl || tmpl.some(([t, v]) => t === "literal" && v === null)) throw notSupported("DateTimeFormat pattern for " + JSON.stringify(comp));
  s.tmpl = tmpl;
  dtfSlots.set(obj, s);
}

function DateTimeFormat(locales, options) {
  if (!new.target) return new DateTimeFormat(locales, options);
  initDTF(this, locales, options, "any", "date");
}

const DTF_RESOLVED = ["locale", "calendar", "numberingSystem", "timeZone", "hourCycle", "hour12", "weekday", "era", "year", "month", "day", "dayPeriod", "hour", "minute", "second", "fractionalSecondDigits", "timeZoneName", "dateStyle", "timeStyle"];

function toDateValue(x) {
  if (x === undefined) return Date.now();
  const t = typeof x === "object" && x instanceof Date ? x.getTime() : Number(x);
  if (!isFinite(t) || Math.abs(t) > 8.64e15) throw new RangeError("Invalid time value");
  return Math.trunc(t) + 0;
}

const ZONE_STYLES = ["short", "long", "shortGeneric", "longGeneric"];
function zoneName(s, f, style) {
  const d = s.d;
  const idx = d.zones[s.timeZone];
  const si = ZONE_STYLES.indexOf(style);
  if (idx !== undefined && si >= 0) {
    // ICU's metazones mostly start in 1970: before that zones have no
    // names (New York in 1965 is "GMT-4"), only the generic location form,
    // which is not stored.
    if (f[0] < 1970 && s.timeZone !== "UTC") {
      if (si >= 2) throw notSupported("DateTimeFormat timeZoneName " + style + " before 1970");
      return offsetName(d, f[8], style === "long");
    }
    // Names were taken in January and July 2024; pick the one whose offset
    // the instant has.
    const jan = host.fields(Date.UTC(2024, 0, 15), s.zone)[8];
    const jul = host.fields(Date.UTC(2024, 6, 15), s.zone)[8];
    return item(s.data, "date.zoneNames", idx)[(f[8] !== jan && f[8] === jul ? 4 : 0) + si];
  }
  if (/^[+-]/.test(s.timeZone) && si >= 0) return offsetName(d, f[8], style === "long" || style === "longGeneric");
  if (si >= 0 && style !== "short") throw notSupported("DateTimeFormat timeZoneName " + style + " for " + s.timeZone);
  return offsetName(d, f[8], style === "longOffset");
}

function offsetName(d, off, long) {
  const g = d.gmtFmt;
  if (off === 0) return long ? g.longZero : g.zero;
  const a = Math.abs(off), h = Math.floor(a / 60), m = a % 60, pad = (n) => String(n).padStart(2, "0");
  if (long) return (off > 0 ? g.longPos : g.longNeg).replace(/\d\d:\d\d/, pad(h) + ":" + pad(m));
  return (off > 0 ? g.shortPos : g.shortNeg).replace(/\d+(:\d\d)?/, h + (m ? ":" + pad(m) : ""));
}

function fieldValue(s, type, v, f) {
  const maps = s.d.maps;
  switch (type) {
    case "literal": return v;
    case "year": {
      // Gregorian era years: 1 BCE is year 0.
      const y = f[0] <= 0 ? 1 - f[0] : f[0];
      return v === "2" ? String(y % 100).padStart(2, "0") : String(y);
    }
    case "month": return v === "n" ? String(f[1]) : v === "2" ? String(f[1]).padStart(2, "0") : maps[v][f[1]];
    case "day": return v === "2" ? String(f[2]).padStart(2, "0") : v === "n" ? String(f[2]) : maps[v][f[2]];
    case "weekday": return maps[v][f[3]];
    case "hour": return maps[v][f[4]];
    case "minute": return v === "2" ? String(f[5]).padStart(2, "0") : String(f[5]);
    case "second": return v === "2" ? String(f[6]).padStart(2, "0") : String(f[6]);
    case "dayPeriod": {
      const m = maps[v];
      return f[4] === 12 && f[5] === 0 && f[6] === 0 && m.noon !== undefined ? m.noon : m[f[4]];
    }
    case "era": {
      const e = maps[v][f[0] <= 0 ? 1 : 0];
      if (e === null) throw notSupported("DateTimeFormat era name before 1 CE");
      return e;
    }
    case "fractionalSecond": return String(f[7]).padStart(3, "0").slice(0, s.fractionalSecondDigits);
    case "timeZoneName": return zoneName(s, f, s.timeZoneName || (s.timeStyle === "full" ? "long" : "short"));
  }
  throw notSupported("DateTimeFormat field " + type);
}

function dtfFormatToParts(s, x) {
  const f = host.fields(toDateValue(x), s.zone);
  const out = [];
  const tmpl = s.tmpl;
  for (let i = 0; i < tmpl.length; i++) {
    const type = tmpl[i][0];
    out.push({ type, value: fieldValue(s, type, tmpl[i][1], f) });
  }
  return mergeLiterals(out);
}

// dtfRangeParts formats a range from ICU's interval template for the pattern
// and the largest field in which the two dates differ.
function dtfRangeParts(s, a, b) {
  if (a === undefined || b === undefined) throw new TypeError("startDate or endDate is undefined");
  const ta = toDateValue(a), tb = toDateValue(b);
  const x = dtfFormatToParts(s, ta), y = dtfFormatToParts(s, tb);
  if (x.map((p) => p.value).join("") === y.map((p) => p.value).join("")) {
    for (const p of x) p.source = "shared";
    return x;
  }
  const fa = host.fields(ta, s.zone), fb = host.fields(tb, s.zone);
  const lvl = fa[0] !== fb[0] ? "y" : fa[1] !== fb[1] ? "M" : fa[2] !== fb[2] ? "d" : "t";
  const tmpl = item(s.data, "date.range", lvl + ":" + s.rangeKey);
  if (!tmpl) throw notSupported("DateTimeFormat.prototype.formatRange for this pattern and these dates");
  const out = [];
  for (let i = 0; i < tmpl.length; i++) {
    const t = tmpl[i];
    out.push({ type: t[0], value: fieldValue(s, t[0], t[1], t[2] === 1 ? fb : fa), source: t[2] === 0 ? "startRange" : t[2] === 1 ? "endRange" : "shared" });
  }
  const merged = [];
  for (const p of out) {
    const last = merged[merged.length - 1];
    if (last && p.type === "literal" && last.type === "literal" && last.source === p.source) last.value += p.value;
    else merged.push(p);
  }
  return merged;
}

// V8 turns ICU's U+202F (before AM/PM) into a plain space in format() and
// toLocale*String() for web compatibility, but not in formatToParts().
function dtfFormat(s, d) {
  return dtfFormatToParts(s, d).map((p) => p.value).join("").replace(/\u202f/g, " ");
}

defineCtor("DateTimeFormat", DateTimeFormat, {
  get format() {
    const s = slotsOf(dtfSlots, this, "UnwrapDateTimeFormat");
    if (!s.bound) s.bound = (d) => dtfFormat(s, d);
    return s.bound;
  },
  formatToParts(d) {
    return dtfFormatToParts(slotsOf(dtfSlots, this, "Intl.DateTimeFormat.prototype.formatToParts"), d);
  },
  formatRange(a, b) {
    const s = slotsOf(dtfSlots, this, "Intl.DateTimeFormat.prototype.formatRange");
    const parts = dtfRangeParts(s, a, b);
    const str = parts.map((p) => p.value).join("");
    // Equal ends are formatted as format() would, U+202F included.
    return parts.every((p) => p.source === "shared") ? str.replace(/\u202f/g, " ") : str;
  },
  formatRangeToParts(a, b) {
    return dtfRangeParts(slotsOf(dtfSlots, this, "Intl.DateTimeFormat.prototype.formatRangeToParts"), a, b);
  },
  resolvedOptions() {
    const s = slotsOf(dtfSlots, this, "UnwrapDateTimeFormat");
    const o = {};
    for (const k of DTF_RESOLVED) if (s[k] !== undefined) o[k] = s[k];
    return o;
  },
});

// ---- PluralRules ------------------------------------------------------
const prSlots = new WeakMap();
const PR = "Intl.PluralRules";
function PluralRules(locales, options) {
  if (!new.target) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
  const opts = coerceOptions(options);
  const r = resolveLocale(locales);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", PR);
  const type = getOption(opts, "type", "string", ["cardinal", "ordinal"], "cardinal", PR);
  // ICU keeps plural rules per language, so Node reports just that.
  const s = { locale: langOf(r.locale), data: r.data, type };
  digitOptions(s, opts, 0, 3, "standard");
  s.categories = data(r.data, "plural")[type];
  prSlots.set(this, s);
}
function prSelect(s, n) {
  n = Number(n);
  if (!isFinite(n)) return "other";
  const lay = layout(roundDec(toDec(n), s.rounding), s.minimumIntegerDigits, s.trailingZeroDisplay === "stripIfInteger");
  return pluralCategory(langOf(s.data), s.type, lay.int.replace(/^0+(?=\d)/, ""), lay.frac);
}
defineCtor("PluralRules", PluralRules, {
  select(n) { return prSelect(slotsOf(prSlots, this, "Intl.PluralRules.prototype.select"), n); },
  selectRange(a, b) {
    const s = slotsOf(prSlots, this, "Intl.PluralRules.prototype.selectRange");
    if (a === undefined || b === undefined) throw new TypeError("start or end is undefined");
    return prSelect(s, b);
  },
  resolvedOptions() {
    const s = slotsOf(prSlots, this, "Intl.PluralRules.prototype.resolvedOptions");
    const o = { locale: s.locale, type: s.type, minimumIntegerDigits: s.minimumIntegerDigits };
    for (const k of ["minimumFractionDigits", "maximumFractionDigits", "minimumSignificantDigits", "maximumSignificantDigits"]) if (s[k] !== undefined) o[k] = s[k];
    o.pluralCategories = s.categories.slice();
    o.roundingIncrement = s.roundingIncrement; o.roundingMode = s.roundingMode; o.roundingPriority = s.roundingPriority; o.trailingZeroDisplay = s.trailingZeroDisplay;
    return o;
  },
});

// ---- Collator ---------------------------------------------------------
// collationLocale is the locale Node reports for a Collator asked for tag
// (ICU keeps a region only where it has collation data for it: en-US stays,
// pt-BR is pt), or null for a language without collation data. The
// comparisons themselves come from x/text/collate for that locale.
function collationLocale(tag) {
  const t = data("_shared", "collation");
  if (t.tags[tag] !== undefined) return t.tags[tag];
  const lang = tag.split("-")[0];
  return t.langs.includes(lang) ? lang : null;
}
const colSlots = new WeakMap();
const COL = "Intl.Collator";
function Collator(locales, options) {
  if (!new.target) return new Collator(locales, options);
  const opts = coerceOptions(options);
  const usage = getOption(opts, "usage", "string", ["sort", "search"], "sort", COL);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", COL);
  const collation = getOption(opts, "collation", "string", undefined, undefined, COL);
  let numeric = getOption(opts, "numeric", "boolean", undefined, undefined, COL);
  let caseFirst = getOption(opts, "caseFirst", "string", ["upper", "lower", "false"], undefined, COL);
  // Collation comes from x/text, which knows more languages than the
  // formatting tables: negotiate against it.
  let r = null;
  for (const t of canonicalizeLocaleList(locales)) {
    const { base, keys } = splitExt(t);
    const m = collationLocale(base);
    if (m !== null) { r = { locale: m, data: m, keys }; break; }
  }
  if (r === null) {
    const m = collationLocale(splitExt(DEFAULT_LOCALE).base);
    r = m !== null ? { locale: m, data: m, keys: Object.create(null) } : { locale: "en-US", data: "en", keys: Object.create(null) };
  }
  let ext = "";
  if (numeric === undefined && (r.keys.kn === "true" || r.keys.kn === "false")) ext += r.keys.kn === "true" ? "-kn" : "-kn-false";
  if (caseFirst === undefined && ["upper", "lower", "false"].includes(r.keys.kf)) ext += "-kf-" + r.keys.kf;
  if (numeric === undefined) numeric = r.keys.kn === "true";
  if (caseFirst === undefined) caseFirst = ["upper", "lower"].includes(r.keys.kf) ? r.keys.kf : "false";
  let sensitivity = getOption(opts, "sensitivity", "string", ["base", "accent", "case", "variant"], undefined, COL);
  if (sensitivity === undefined) sensitivity = "variant";
  const ignorePunctuation = getOption(opts, "ignorePunctuation", "boolean", undefined, false, COL);
  if (usage === "search") throw notSupported("Collator option usage search");
  void collation;
  // ICU has no en-GB collation; Node reports the "en" it falls back to.
  const s = { locale: r.locale + (ext ? "-u" + ext : ""), usage, sensitivity, ignorePunctuation, collation: "default", numeric, caseFirst };
  s.cmp = host.collator(r.data, sensitivity, numeric, ignorePunctuation, caseFirst);
  colSlots.set(this, s);
}
defineCtor("Collator", Collator, {
  get compare() {
    const s = slotsOf(colSlots, this, "Intl.Collator.prototype.compare");
    if (!s.bound) s.bound = (a, b) => s.cmp(String(a), String(b));
    return s.bound;
  },
  resolvedOptions() {
    const s = slotsOf(colSlots, this, "Intl.Collator.prototype.resolvedOptions");
    return { locale: s.locale, usage: s.usage, sensitivity: s.sensitivity, ignorePunctuation: s.ignorePunctuation, collation: s.collation, numeric: s.numeric, caseFirst: s.caseFirst };
  },
});

// ---- RelativeTimeFormat -----------------------------------------------
const rtfSlots = new WeakMap();
const RTF = "Intl.RelativeTimeFormat";
const RT_UNITS = ["year", "quarter", "month", "week", "day", "hour", "minute", "second"];
function RelativeTimeFormat(locales, options) {
  if (!new.target) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
  const opts = coerceOptions(options);
  const r = resolveLocale(locales);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", RTF);
  const nu = getOption(opts, "numberingSystem", "string", undefined, undefined, RTF);
  if (nu !== undefined && nu !== "latn") throw notSupported("RelativeTimeFormat numberingSystem " + nu);
  const style = getOption(opts, "style", "string", ["long", "short", "narrow"], "long", RTF);
  const numeric = getOption(opts, "numeric", "string", ["always", "auto"], "always", RTF);
  const s = { locale: r.locale, data: r.data, style, numeric, numberingSystem: "latn" };
  s.nf = new NumberFormat(r.locale);
  rtfSlots.set(this, s);
}
function rtfParts(s, value, unit) {
  value = Number(value);
  unit = String(unit);
  if (!isFinite(value)) throw new RangeError("Value need to be finite number for Intl.RelativeTimeFormat.prototype.format()");
  const u = unit.endsWith("s") && RT_UNITS.includes(unit.slice(0, -1)) ? unit.slice(0, -1) : unit;
  if (!RT_UNITS.includes(u)) throw new RangeError("Invalid unit argument for Intl.RelativeTimeFormat.prototype.format() '" + unit + "'");
  const e = data(s.data, "rel")[s.style][u];
  if (s.numeric === "auto") {
    const k = Object.is(value, -0) ? "-0" : String(value);
    if (e.auto[k] !== undefined) return [{ type: "literal", value: e.auto[k] }];
  }
  const past = value < 0 || Object.is(value, -0);
  const ns = nfSlots.get(s.nf);
  const numParts = nfFormatToParts(ns, Math.abs(value)).map((p) => ({ type: p.type, value: p.value, unit: u }));
  const lay = layout(roundDec(toDec(Math.abs(value)), ns.rounding), 1, false);
  const cat = pluralCategory(langOf(s.data), "cardinal", lay.int, lay.frac);
  const t = (past ? e.past : e.future)[cat] || (past ? e.past : e.future).other;
  return t.flatMap((x) => (x === "#" ? numParts : [{ type: x[0], value: x[1] }]));
}
defineCtor("RelativeTimeFormat", RelativeTimeFormat, {
  format(value, unit) {
    return rtfParts(slotsOf(rtfSlots, this, "Intl.RelativeTimeFormat.prototype.format"), value, unit).map((p) => p.value).join("");
  },
  formatToParts(value, unit) {
    return rtfParts(slotsOf(rtfSlots, this, "Intl.RelativeTimeFormat.prototype.formatToParts"), value, unit);
  },
  resolvedOptions() {
    const s = slotsOf(rtfSlots, this, "Intl.RelativeTimeFormat.prototype.resolvedOptions");
    return { locale: s.locale, style: s.style, numeric: s.numeric, numberingSystem: s.numberingSystem };
  },
});

// ---- ListFormat -------------------------------------------------------
const lfSlots = new WeakMap();
const LF = "Intl.ListFormat";
function ListFormat(locales, options) {
  if (!new.target) throw new TypeError("Constructor Intl.ListFormat requires 'new'");
  const opts = coerceOptions(options);
  const r = resolveLocale(locales);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", LF);
  const type = getOption(opts, "type", "string", ["conjunction", "disjunction", "unit"], "conjunction", LF);
  const style = getOption(opts, "style", "string", ["long", "short", "narrow"], "long", LF);
  lfSlots.set(this, { locale: r.locale, data: r.data, type, style });
}
function stringList(list) {
  if (list === undefined) return [];
  const out = [];
  for (const v of list) {
    if (typeof v !== "string") throw new TypeError("Iterable yielded " + String(v) + " which is not a string");
    out.push(v);
  }
  return out;
}
function lfParts(s, list) {
  const items = stringList(list);
  const p = data(s.data, "list")[s.type + "|" + s.style];
  const out = [];
  const el = (v) => out.push({ type: "element", value: v });
  // Spanish "y"/"o" become "e"/"u" before words starting with those
  // sounds; ICU applies the same rule.
  const lit = (sep, next) => {
    if (langOf(s.data) === "es") {
      if (sep === " y " && /^(i|hi)(?!a|e)/i.test(next)) sep = " e ";
      if (sep === " o " && /^(o|ho|8|11(?!\d))/i.test(next)) sep = " u ";
    }
    out.push({ type: "literal", value: sep });
  };
  if (items.length === 0) return out;
  if (items.length === 1) { el(items[0]); return out; }
  if (items.length === 2) { el(items[0]); lit(p.pair, items[1]); el(items[1]); return out; }
  el(items[0]);
  lit(p.start, items[1]);
  for (let i = 1; i < items.length - 1; i++) {
    el(items[i]);
    lit(i === items.length - 2 ? p.end : p.middle, items[i + 1]);
  }
  el(items[items.length - 1]);
  return out;
}
defineCtor("ListFormat", ListFormat, {
  format(list) { return lfParts(slotsOf(lfSlots, this, "Intl.ListFormat.prototype.format"), list).map((p) => p.value).join(""); },
  formatToParts(list) { return lfParts(slotsOf(lfSlots, this, "Intl.ListFormat.prototype.formatToParts"), list); },
  resolvedOptions() {
    const s = slotsOf(lfSlots, this, "Intl.ListFormat.prototype.resolvedOptions");
    return { locale: s.locale, type: s.type, style: s.style };
  },
});

// ---- DisplayNames -----------------------------------------------------
const dnSlots = new WeakMap();
const DN = "Intl.DisplayNames";
function DisplayNames(locales, options) {
  if (!new.target) throw new TypeError("Constructor Intl.DisplayNames requires 'new'");
  const r = resolveLocale(locales);
  if (options === undefined) throw new TypeError("invalid_argument");
  const opts = toObject(options);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", DN);
  const style = getOption(opts, "style", "string", ["narrow", "short", "long"], "long", DN);
  const type = getOption(opts, "type", "string", ["language", "region", "script", "currency", "calendar", "dateTimeField"], undefined, DN);
  if (type === undefined) throw new TypeError("invalid_argument");
  const fallback = getOption(opts, "fallback", "string", ["code", "none"], "code", DN);
  const languageDisplay = getOption(opts, "languageDisplay", "string", ["dialect", "standard"], "dialect", DN);
  const s = { locale: r.locale, data: r.data, style, type, fallback };
  if (type === "language") s.languageDisplay = languageDisplay;
  dnSlots.set(this, s);
}
defineCtor("DisplayNames", DisplayNames, {
  of(code) {
    const s = slotsOf(dnSlots, this, "Intl.DisplayNames.prototype.of");
    if (code === undefined) throw new TypeError("invalid_argument");
    code = String(code);
    let key = code;
    switch (s.type) {
      case "language": {
        const c = host.canonicalize(code);
        if (c === null || /-u-|-x-/.test(c)) throw new RangeError("invalid_argument");
        key = c;
        break;
      }
      case "region":
        if (!/^([a-zA-Z]{2}|\d{3})$/.test(code)) throw new RangeError("invalid_argument");
        key = code.toUpperCase();
        break;
      case "script":
        if (!/^[a-zA-Z]{4}$/.test(code)) throw new RangeError("invalid_argument");
        key = code[0].toUpperCase() + code.slice(1).toLowerCase();
        break;
      case "currency":
        if (!/^[a-zA-Z]{3}$/.test(code)) throw new RangeError("invalid_argument");
        key = code.toUpperCase();
        break;
      case "calendar":
        if (!/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(code)) throw new RangeError("invalid_argument");
        break;
      case "dateTimeField":
        if (!["era", "year", "quarter", "month", "weekOfYear", "weekday", "day", "dayPeriod", "hour", "minute", "second", "timeZoneName"].includes(code)) throw new RangeError("invalid_argument");
        break;
    }
    const tbl = data(s.data, "display");
    let v;
    if (s.type === "language") v = languageName(tbl, s, key);
    else v = tbl[s.type + "|" + s.style][key];
    if (v !== undefined) return v;
    return s.fallback === "code" ? key : undefined;
  },
  resolvedOptions() {
    const s = slotsOf(dnSlots, this, "Intl.DisplayNames.prototype.resolvedOptions");
    const o = { locale: s.locale, style: s.style, type: s.type, fallback: s.fallback };
    if (s.languageDisplay) o.languageDisplay = s.languageDisplay;
    return o;
  },
});

// languageName names a language tag: a stored name for the tag (dialects
// such as "American English"), else the language's name with its script and
// region in the locale's "{0} ({1})" pattern, as ICU composes it.
function languageName(tbl, s, tag) {
  const ex = tbl["language|" + s.style + "|" + s.languageDisplay][tag];
  if (ex !== undefined) return ex;
  const parts = tag.split("-");
  let i = 1, script, region;
  if (/^[A-Z][a-z]{3}$/.test(parts[i] || "")) script = parts[i++];
  if (/^([A-Z]{2}|\d{3})$/.test(parts[i] || "")) region = parts[i++];
  if (i < parts.length) throw notSupported("DisplayNames language name with variants (" + tag + ")");
  const base = tbl["language|" + s.style][parts[0]];
  if (base === undefined) return undefined;
  if (!script && !region) return base;
  const names = [];
  if (script) names.push(tbl["script|" + s.style][script] || script);
  if (region) names.push(tbl["region|" + s.style][region] || region);
  // ICU swaps parentheses inside the parts for brackets.
  const br = (x) => x.replace(/\(/g, "[").replace(/\)/g, "]").replace(/（/g, "［").replace(/）/g, "］");
  return tbl.pattern.replace("{0}", br(base)).replace("{1}", names.map(br).join(tbl.separator));
}

// ---- Segmenter --------------------------------------------------------
const segSlots = new WeakMap();
const SEG = "Intl.Segmenter";
function Segmenter(locales, options) {
  if (!new.target) throw new TypeError("Constructor Intl.Segmenter requires 'new'");
  const r = resolveLocale(locales);
  const opts = coerceOptions(options);
  getOption(opts, "localeMatcher", "string", ["lookup", "best fit"], "best fit", SEG);
  const granularity = getOption(opts, "granularity", "string", ["grapheme", "word", "sentence"], "grapheme", SEG);
  segSlots.set(this, { locale: r.locale, granularity });
}
const segmentsProto = {};
const segmentsSlots = new WeakMap();
function segData(ss) {
  if (!ss.bounds) {
    ss.bounds = host.segment(ss.granularity, ss.input);
    if (ss.bounds === null) throw notSupported("Segmenter word granularity for Chinese, Japanese, Thai, Lao, Khmer or Myanmar text (ICU splits these with dictionaries)");
  }
  return ss.bounds;
}
function segRecord(ss, b) {
  const o = { segment: ss.input.slice(b[0], b[1]), index: b[0], input: ss.input };
  if (ss.granularity === "word") o.isWordLike = b[2] === 1;
  return o;
}
defineMethods(segmentsProto, {
  containing(index) {
    const ss = slotsOf(segmentsSlots, this, "%Segments.prototype%.containing");
    let n = Math.trunc(Number(index)) || 0;
    if (n < 0 || n >= ss.input.length) return undefined;
    for (const b of segData(ss)) if (n >= b[0] && n < b[1]) return segRecord(ss, b);
    return undefined;
  },
  *[Symbol.iterator]() {
    const ss = slotsOf(segmentsSlots, this, "%Segments.prototype%[@@iterator]");
    for (const b of segData(ss)) yield segRecord(ss, b);
  },
}, "Segments");
delete segmentsProto[Symbol.toStringTag];
defineCtor("Segmenter", Segmenter, {
  segment(str) {
    const s = slotsOf(segSlots, this, "Intl.Segmenter.prototype.segment");
    const o = Object.create(segmentsProto);
    segmentsSlots.set(o, { input: String(str), granularity: s.granularity });
    return o;
  },
  resolvedOptions() {
    const s = slotsOf(segSlots, this, "Intl.Segmenter.prototype.resolvedOptions");
    return { locale: s.locale, granularity: s.granularity };
  },
});

// ---- Locale -----------------------------------------------------------
const localeSlots = new WeakMap();
const LOC = "locale";
// Unicode extension keys the Locale options set, in canonical (sorted) order.
const LOCALE_KEYS = [["calendar", "ca"], ["collation", "co"], ["hourCycle", "hc"], ["caseFirst", "kf"], ["numeric", "kn"], ["numberingSystem", "nu"]];
// parseTag splits a canonical tag into its base subtags, its -u- keywords
// and whatever other extensions follow.
function parseTag(tag) {
  const parts = tag.split("-");
  let i = 1;
  const r = { language: parts[0], script: undefined, region: undefined, variants: [], keys: {}, keyOrder: [], other: "" };
  if (/^[A-Za-z]{4}$/.test(parts[i] || "")) r.script = parts[i++];
  if (/^([A-Za-z]{2}|\d{3})$/.test(parts[i] || "")) r.region = parts[i++];
  while (i < parts.length && parts[i].length > 1) r.variants.push(parts[i++]);
  const rest = parts.slice(i);
  let j = 0;
  const other = [];
  while (j < rest.length) {
    if (rest[j] === "u") {
      j++;
      while (j < rest.length && rest[j].length > 2) j++; // attributes
      while (j < rest.length && rest[j].length === 2) {
        const k = rest[j++];
        const vals = [];
        while (j < rest.length && rest[j].length > 2) vals.push(rest[j++]);
        r.keys[k] = vals.join("-") || "true";
        r.keyOrder.push(k);
      }
    } else {
      other.push(rest[j++]);
      while (j < rest.length && rest[j].length > 1) other.push(rest[j++]);
    }
  }
  r.other = other.join("-");
  return r;
}
function buildTag(r) {
  let t = [r.language, r.script, r.region, ...r.variants].filter(Boolean).join("-");
  const keys = Object.keys(r.keys).sort();
  if (keys.length) t += "-u-" + keys.map((k) => (r.keys[k] === "true" ? k : k + "-" + r.keys[k])).join("-");
  if (r.other) t += "-" + r.other;
  return t;
}
function Locale(tag, options) {
  if (!new.target) throw new TypeError("Constructor Intl.Locale requires 'new'");
  if (typeof tag !== "string" && !(typeof tag === "object" && tag !== null)) throw new TypeError("First argument to Intl.Locale constructor can't be empty or missing");
  let c = host.canonicalize(tag instanceof Locale ? localeSlots.get(tag).tag : String(tag));
  if (c === null) throw new RangeError("Incorrect locale information provided");
  const opts = coerceOptions(options);
  const r = parseTag(c);
  const lang = getOption(opts, "language", "string", undefined, undefined, LOC);
  if (lang !== undefined) { if (!/^([a-zA-Z]{2,3}|[a-zA-Z]{5,8})$/.test(lang)) throw new RangeError("Incorrect locale information provided"); r.language = lang.toLowerCase(); }
  const script = getOption(opts, "script", "string", undefined, undefined, LOC);
  if (script !== undefined) { if (!/^[a-zA-Z]{4}$/.test(script)) throw new RangeError("Incorrect locale information provided"); r.script = script[0].toUpperCase() + script.slice(1).toLowerCase(); }
  const region = getOption(opts, "region", "string", undefined, undefined, LOC);
  if (region !== undefined) { if (!/^([a-zA-Z]{2}|\d{3})$/.test(region)) throw new RangeError("Incorrect locale information provided"); r.region = region.toUpperCase(); }
  for (const [opt, key] of LOCALE_KEYS) {
    let v = opt === "numeric" ? getOption(opts, opt, "boolean", undefined, undefined, LOC) : getOption(opts, opt, "string", opt === "hourCycle" ? ["h11", "h12", "h23", "h24"] : opt === "caseFirst" ? ["upper", "lower", "false"] : undefined, undefined, LOC);
    if (v === undefined) continue;
    v = String(v);
    if (!/^[a-zA-Z0-9]{3,8}(-[a-zA-Z0-9]{3,8})*$/.test(v) && opt !== "numeric") throw new RangeError("Incorrect locale information provided");
    r.keys[key] = v;
  }
  c = host.canonicalize(buildTag(r));
  if (c === null) throw new RangeError("Incorrect locale information provided");
  localeSlots.set(this, { tag: c, parts: parseTag(c) });
}
function localeOf(obj, name) {
  return slotsOf(localeSlots, obj, "Intl.Locale.prototype." + name);
}
// likely applies CLDR likely subtags (x/text) to language, script and region.
function likely(r) {
  const m = host.maximize([r.language, r.script, r.region].filter(Boolean).join("-"));
  return m === null ? null : parseTag(m);
}
defineMethods(Locale.prototype, {
  toString() { return localeOf(this, "toString").tag; },
  maximize() {
    const r = { ...localeOf(this, "maximize").parts };
    const m = likely(r);
    if (m) { r.language = m.language; r.script = m.script; r.region = m.region; }
    return new Locale(buildTag(r));
  },
  minimize() {
    const r = { ...localeOf(this, "minimize").parts };
    const max = likely(r);
    if (max) {
      const same = (t) => { const x = likely(t); return x && x.language === max.language && x.script === max.script && x.region === max.region; };
      const lang = max.language;
      const tries = [{ language: lang }, { language: lang, region: max.region }, { language: lang, script: max.script }];
      const hit = tries.find(same) || { language: lang, script: max.script, region: max.region };
      r.language = hit.language; r.script = hit.script; r.region = hit.region;
    }
    return new Locale(buildTag(r));
  },
  get baseName() { const p = localeOf(this, "baseName").parts; return [p.language, p.script, p.region, ...p.variants].filter(Boolean).join("-"); },
  get language() { const l = localeOf(this, "language").parts.language; return l === "und" ? undefined : l; },
  get script() { return localeOf(this, "script").parts.script; },
  get region() { return localeOf(this, "region").parts.region; },
  get calendar() { return localeOf(this, "calendar").parts.keys.ca; },
  get caseFirst() { return localeOf(this, "caseFirst").parts.keys.kf; },
  get collation() { return localeOf(this, "collation").parts.keys.co; },
  get hourCycle() { return localeOf(this, "hourCycle").parts.keys.hc; },
  get numeric() { const k = localeOf(this, "numeric").parts.keys.kn; return k === "true"; },
  get numberingSystem() { return localeOf(this, "numberingSystem").parts.keys.nu; },
}, "Intl.Locale");

// ---- Intl -------------------------------------------------------------
const Intl = {};
for (const [name, ctor] of [["DateTimeFormat", DateTimeFormat], ["NumberFormat", NumberFormat], ["Collator", Collator], ["PluralRules", PluralRules], ["RelativeTimeFormat", RelativeTimeFormat], ["ListFormat", ListFormat], ["Locale", Locale], ["DisplayNames", DisplayNames], ["Segmenter", Segmenter]]) {
  Object.defineProperty(Intl, name, { value: ctor, writable: true, configurable: true });
}
Object.defineProperty(Intl, "getCanonicalLocales", {
  value: function getCanonicalLocales(locales) { return canonicalizeLocaleList(locales); },
  writable: true, configurable: true,
});
const SUPPORTED = {
  calendar: ["gregory"],
  collation: ["default"],
  numberingSystem: ["latn"],
  unit: SIMPLE_UNITS,
};
Object.defineProperty(Intl, "supportedValuesOf", {
  value: function supportedValuesOf(key) {
    key = String(key);
    if (key === "currency") return Object.keys(data("en", "number").currency).sort();
    if (key === "timeZone") return data("_shared", "timeZones").slice();
    if (!SUPPORTED[key]) throw new RangeError("Invalid key : " + key);
    return SUPPORTED[key].slice();
  },
  writable: true, configurable: true,
});
Object.defineProperty(Intl, Symbol.toStringTag, { value: "Intl", configurable: true });

// ---- prototype hooks --------------------------------------------------
// Formatters for toLocaleString and friends without options are cached per
// locale argument, as V8 does: building one is the expensive part.
const hookCache = new Map();
function cached(kind, locales, options, make) {
  if (options !== undefined || (locales !== undefined && typeof locales !== "string")) return make();
  const k = kind + "\u0000" + (locales === undefined ? "" : locales);
  let v = hookCache.get(k);
  if (v === undefined) {
    v = make();
    if (hookCache.size > 64) hookCache.clear();
    hookCache.set(k, v);
  }
  return v;
}
function dateHook(kind, required, defaults) {
  return function (locales, options) {
    const t = Date.prototype.getTime.call(this);
    if (isNaN(t)) return "Invalid Date";
    const s = cached(kind, locales, options, () => {
      const o = {};
      initDTF(o, locales, options, required, defaults);
      return dtfSlots.get(o);
    });
    return dtfFormat(s, t);
  };
}
const hooks = {
  numberToLocaleString(locales, options) {
    const x = typeof this === "bigint" || typeof this === "number" ? this : this instanceof Number || this instanceof BigInt ? this.valueOf() : undefined;
    if (x === undefined) throw new TypeError("toLocaleString requires that 'this' be a Number or BigInt");
    const s = cached("n", locales, options, () => nfSlots.get(new NumberFormat(locales, options)));
    return nfFormatToParts(s, x).map((p) => p.value).join("");
  },
  dateToLocaleString: dateHook("d", "any", "all"),
  dateToLocaleDateString: dateHook("dd", "date", "date"),
  dateToLocaleTimeString: dateHook("dt", "time", "time"),
  stringLocaleCompare(that, locales, options) {
    if (this === undefined || this === null) throw new TypeError("String.prototype.localeCompare called on null or undefined");
    const c = cached("c", locales, options, () => colSlots.get(new Collator(locales, options)));
    return c.cmp(String(this), String(that));
  },
  arrayToLocaleString(locales, options) {
    const a = toObject(this);
    const len = Number(a.length) || 0;
    const out = [];
    for (let i = 0; i < len; i++) {
      const v = a[i];
      out.push(v === undefined || v === null ? "" : String(toObject(v).toLocaleString(locales, options)));
    }
    return out.join(",");
  },
};

return { Intl, hooks };
})
