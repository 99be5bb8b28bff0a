// Generates ../../data/<locale>.tsv.gz: the CLDR-derived strings pigo's Intl
// needs that golang.org/x/text does not carry (number symbols and patterns,
// compact and unit patterns, date/time patterns and names, relative-time,
// list patterns, display names). Every string is read back from Node 22's own
// ICU output, never written by hand. Run with Node 22:
//   node jsapi/intl/internal/gen/gen.mjs
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../data");
export const LOCALES = ["en", "en-GB", "de", "fr", "es", "ja", "zh", "it", "pt", "ko", "nl", "ru", "pl"];

const NUMPARTS = new Set(["integer", "group", "decimal", "fraction", "compact", "exponentSeparator", "exponentInteger", "exponentMinusSign"]);
// tmpl turns formatToParts output into a template: the run of number parts
// becomes {t:"num"}, everything else is kept as [type, value].
function tmpl(parts) {
  const r = [];
  for (const p of parts) {
    if (["integer", "group", "decimal", "fraction"].includes(p.type)) {
      if (r.length && r[r.length - 1] === "#") continue;
      r.push("#");
    } else r.push([p.type, p.value]);
  }
  return r;
}

const pluralSamples = { zero: [0], one: [1], two: [2], few: [3], many: [1000000], other: [2, 5, 1.5, 10] };
function samplesFor(loc) {
  const pr = new Intl.PluralRules(loc);
  const res = {};
  for (const n of [1, 2, 3, 5, 10, 11, 21, 100, 1000000, 1.5, 0]) {
    const c = pr.select(n);
    if (!(c in res)) res[c] = n;
  }
  return res;
}

const CURRENCIES = Intl.supportedValuesOf("currency");
const UNITS = Intl.supportedValuesOf("unit").concat(["kilometer-per-hour", "mile-per-hour", "meter-per-second", "liter-per-kilometer", "mile-per-gallon"]).filter((u, i, a) => a.indexOf(u) === i);

function numberData(loc) {
  const d = {};
  const nf = new Intl.NumberFormat(loc);
  const ps = nf.formatToParts(-1234567.5);
  d.group = ps.find((p) => p.type === "group").value;
  d.decimal = ps.find((p) => p.type === "decimal").value;
  d.minus = ps.find((p) => p.type === "minusSign").value;
  d.plus = new Intl.NumberFormat(loc, { signDisplay: "always" }).formatToParts(1).find((p) => p.type === "plusSign").value;
  d.minGroup = nf.format(1234).length === 4 ? 2 : 1;
  d.nan = nf.format(NaN);
  d.inf = nf.format(Infinity);
  d.exp = new Intl.NumberFormat(loc, { notation: "scientific" }).formatToParts(1234).find((p) => p.type === "exponentSeparator").value;
  d.range = nf.formatRange(3, 5).replace("3", "{0}").replace("5", "{1}");
  d.approx = nf.formatRange(3, 3).replace("3", "{0}");
  d.decimalNeg = tmpl(nf.formatToParts(-1));
  d.percent = tmpl(new Intl.NumberFormat(loc, { style: "percent" }).formatToParts(0.5));
  d.percentNeg = tmpl(new Intl.NumberFormat(loc, { style: "percent" }).formatToParts(-0.5));
  // Where a plus sign goes is not always where the minus goes (nl).
  d.decimalPlus = tmpl(new Intl.NumberFormat(loc, { signDisplay: "always" }).formatToParts(1));
  d.percentPlus = tmpl(new Intl.NumberFormat(loc, { style: "percent", signDisplay: "always" }).formatToParts(0.5));
  const samples = samplesFor(loc);
  d.pluralSamples = samples;
  d.currency = {};
  for (const c of CURRENCIES) {
    const e = {};
    for (const disp of ["symbol", "narrowSymbol", "code", "name"]) {
      const f = new Intl.NumberFormat(loc, { style: "currency", currency: c, currencyDisplay: disp });
      if (disp === "name") {
        e.name = {};
        const fp = new Intl.NumberFormat(loc, { style: "currency", currency: c, currencyDisplay: disp, signDisplay: "always" });
        for (const [cat, n] of Object.entries(samples)) e.name[cat] = [tmpl(f.formatToParts(n)), tmpl(f.formatToParts(-n)), tmpl(fp.formatToParts(n))];
      } else {
        e[disp] = [tmpl(f.formatToParts(1)), tmpl(f.formatToParts(-1)),
          tmpl(new Intl.NumberFormat(loc, { style: "currency", currency: c, currencyDisplay: disp, currencySign: "accounting" }).formatToParts(-1)),
          tmpl(new Intl.NumberFormat(loc, { style: "currency", currency: c, currencyDisplay: disp, signDisplay: "always" }).formatToParts(1)),
          tmpl(new Intl.NumberFormat(loc, { style: "currency", currency: c, currencyDisplay: disp, currencySign: "accounting", signDisplay: "always" }).formatToParts(1))];
      }
    }
    e.digits = new Intl.NumberFormat(loc, { style: "currency", currency: c }).resolvedOptions().maximumFractionDigits;
    // Each currency is a JSON string of its own, parsed only when used.
    d.currency[c] = JSON.stringify(e);
  }
  d.compact = {};
  for (const disp of ["short", "long"]) {
    const arr = [];
    for (let k = 0; k <= 14; k++) {
      const f = new Intl.NumberFormat(loc, { notation: "compact", compactDisplay: disp });
      // The divisor: how many digits 2×10^k keeps before its suffix.
      const ints = f.formatToParts(2 * Math.pow(10, k)).filter((p) => p.type === "integer").map((p) => p.value).join("");
      const e = { div: k - (ints.length - 1) };
      const pr = new Intl.PluralRules(loc);
      for (const cat of pr.resolvedOptions().pluralCategories) {
        // A sample mantissa of this category, preferring a fraction so an
        // explicit "1" form (French "mille") is not taken for the rule.
        const m = [1.5, 2, 1, 3, 5, 1000000].find((x) => pr.select(x) === cat);
        if (m === undefined || m >= 1000) continue;
        e[cat] = tmpl(f.formatToParts(m * Math.pow(10, e.div)));
      }
      const one = f.formatToParts(Math.pow(10, e.div));
      if (!one.some((p) => p.type === "integer")) e.exact1 = tmpl(one);
      arr.push(e);
    }
    d.compact[disp] = arr;
  }
  d.unit = {};
  for (const u of UNITS) {
    const e = {};
    for (const disp of ["short", "long", "narrow"]) {
      const f = new Intl.NumberFormat(loc, { style: "unit", unit: u, unitDisplay: disp });
      const fp = new Intl.NumberFormat(loc, { style: "unit", unit: u, unitDisplay: disp, signDisplay: "always" });
      const o = {};
      for (const [cat, n] of Object.entries(samples)) o[cat] = [tmpl(f.formatToParts(n)), tmpl(f.formatToParts(-n)), tmpl(fp.formatToParts(n))];
      e[disp] = o;
    }
    d.unit[u] = JSON.stringify(e);
  }
  return d;
}

// Date samples: 24 instants in UTC, hour i, with months, weekdays and
// single-digit fields all represented.
const SAMPLES = [];
for (let i = 0; i < 24; i++) SAMPLES.push(Date.UTC(2024, i % 12, 1 + ((i * 5) % 28), i, (i * 7) % 60, (i * 11) % 60, (i * 37) % 1000));
// Noon exactly: flexible day periods name it ("noon"), 12:xx is afternoon.
SAMPLES.push(Date.UTC(2024, 5, 15, 12, 0, 0));
function fieldInfo(type, vals, comps) {
  // vals[i] is the string for SAMPLES[i]; comps[i] the numeric component.
  const m = new Map();
  for (let i = 0; i < vals.length; i++) if (vals[i] !== undefined) m.set(comps[i], vals[i]);
  const keys = [...m.keys()];
  const numeric = keys.every((k) => m.get(k) === String(k) || m.get(k) === String(k).padStart(2, "0"));
  if (numeric) {
    const padded = keys.some((k) => k < 10 && m.get(k).length === 2);
    return padded ? "2" : "n";
  }
  return Object.fromEntries(m);
}
function dateTmpl(loc, opts) {
  const f = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...opts });
  const all = SAMPLES.map((t) => f.formatToParts(t));
  const shape = all[0].map((p) => p.type).join(",");
  for (const ps of all) if (ps.map((p) => p.type).join(",") !== shape) return null;
  return all[0].map((p, j) => {
    if (p.type === "literal") {
      if (all.some((ps) => ps[j].value !== p.value)) return ["literal", null];
      return ["literal", p.value];
    }
    const vals = all.map((ps) => ps[j].value);
    const comps = SAMPLES.map((t) => {
      const dd = new Date(t);
      switch (p.type) {
        case "year": return dd.getUTCFullYear();
        case "relatedYear": return dd.getUTCFullYear();
        case "month": return dd.getUTCMonth() + 1;
        case "day": return dd.getUTCDate();
        case "weekday": return dd.getUTCDay();
        case "hour": return dd.getUTCHours();
        case "minute": return dd.getUTCMinutes();
        case "second": return dd.getUTCSeconds();
        case "dayPeriod": return dd.getUTCHours() === 12 && dd.getUTCMinutes() === 0 && dd.getUTCSeconds() === 0 ? "noon" : dd.getUTCHours();
        default: return 0;
      }
    });
    if (p.type === "hour") {
      const m = {};
      SAMPLES.forEach((t, i) => (m[new Date(t).getUTCHours()] = vals[i]));
      return ["hour", m];
    }
    if (p.type === "year") return ["year", vals[0] === "2024" ? "n" : vals[0] === "24" ? "2" : vals[0]];
    if (p.type === "fractionalSecond") return ["fractionalSecond", "f"];
    if (p.type === "era") {
      const bc = f.formatToParts(Date.UTC(-50, 1, 3)).find((q) => q.type === "era");
      return ["era", [vals[0], bc ? bc.value : null]];
    }
    if (p.type === "timeZoneName" || p.type === "yearName") return [p.type, vals[0]];
    return [p.type, fieldInfo(p.type, vals, comps)];
  });
}

// rangeTmpl records, per pattern key and the largest field that differs
// (y, M or d), ICU's range as a template whose fields name the end they come
// from (0 start, 1 end, 2 shared). Text fields reuse a value map of the
// pattern's own template (or any template) that gives the same string.
const RANGE_PAIRS = [["y", Date.UTC(2024, 0, 5), Date.UTC(2025, 5, 1)], ["M", Date.UTC(2024, 0, 5), Date.UTC(2024, 3, 9)], ["d", Date.UTC(2024, 0, 5), Date.UTC(2024, 0, 9)]];
function rangeTmpl(d, key, fd, raw) {
  const findMap = (type, n, value) => {
    const pools = [raw, ...Object.values(d.date), ...Object.values(d.style)];
    for (const t of pools) {
      if (!t) continue;
      for (const [ty, v] of t) if (ty === type && v && typeof v === "object" && v[n] === value) return v;
    }
    return null;
  };
  for (const [lvl, a, b] of RANGE_PAIRS) {
    const out = [];
    let ok = true;
    for (const p of fd.formatRangeToParts(a, b)) {
      const src = p.source === "startRange" ? 0 : p.source === "endRange" ? 1 : 2;
      const dt = new Date(src === 1 ? b : a);
      if (p.type === "literal") { out.push(["literal", p.value, src]); continue; }
      let code = null;
      const num = (n) => (p.value === String(n) ? "n" : p.value === String(n).padStart(2, "0") ? "2" : null);
      switch (p.type) {
        case "year": code = p.value === String(dt.getUTCFullYear()) ? "n" : p.value === String(dt.getUTCFullYear() % 100).padStart(2, "0") ? "2" : null; break;
        case "month": code = num(dt.getUTCMonth() + 1) || findMap("month", dt.getUTCMonth() + 1, p.value); break;
        case "day": code = num(dt.getUTCDate()) || findMap("day", dt.getUTCDate(), p.value); break;
        case "weekday": code = findMap("weekday", dt.getUTCDay(), p.value); break;
      }
      if (code === null) { ok = false; break; }
      out.push([p.type, code, src]);
    }
    if (ok) d.range[lvl + ":" + key] = out;
  }
}

function dateData(loc) {
  const d = { date: {}, time: {}, glue: {}, style: {}, range: {}, tzSuf: {} };
  const W = [undefined, "long", "short", "narrow"], Y = [undefined, "numeric", "2-digit"], M = [undefined, "numeric", "2-digit", "long", "short", "narrow"], D = [undefined, "numeric", "2-digit"];
  const dateCombos = [];
  for (const weekday of W) for (const year of Y) for (const month of M) for (const day of D) dateCombos.push({ weekday, year, month, day });
  for (const era of ["long", "short", "narrow"]) for (const weekday of [undefined, "long"]) for (const month of [undefined, "numeric", "long", "short"]) for (const day of [undefined, "numeric"]) dateCombos.push({ weekday, era, year: "numeric", month, day });
  for (const o of dateCombos) {
    for (const k in o) if (o[k] === undefined) delete o[k];
    if (!Object.keys(o).length) continue;
    const key = ["weekday", "year", "month", "day", "era"].map((k) => o[k] || "").join("|");
    d.date[key] = dateTmpl(loc, o);
    // glue: how this date part joins a time part; ICU has combined
    // skeletons for some pairs, so it depends on which time fields there are.
    const t0 = Date.UTC(2024, 0, 5, 3, 4, 5);
    const ds = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...o }).format(t0);
    const g = {};
    // B: with a flexible day period, F: with fractional seconds.
    for (const tf of ["h", "hm", "hms", "m", "ms", "s", "hB", "hmB", "hmsB", "msF", "hmsF", "sF"]) {
      const to = {};
      if (tf.includes("h")) to.hour = "numeric";
      if (tf.includes("m")) to.minute = "numeric";
      if (tf.includes("s")) to.second = "numeric";
      if (tf.includes("B")) to.dayPeriod = "short";
      if (tf.includes("F")) to.fractionalSecondDigits = 3;
      const ts = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...to }).format(t0);
      const both = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...o, ...to }).format(t0);
      const i = both.indexOf(ds), j = both.indexOf(ts);
      let glue = null;
      if (i >= 0 && j >= 0 && j < i && j + ts.length <= i) glue = both.slice(0, j) + "{0}" + both.slice(j + ts.length, i) + "{1}" + both.slice(i + ds.length);
      if (i >= 0 && j >= 0 && j > i && i + ds.length <= j) glue = both.slice(0, i) + "{1}" + both.slice(i + ds.length, j) + "{0}" + both.slice(j + ts.length);
      g[tf] = glue;
    }
    d.glue[key] = g;
    // A zone name with date fields only is appended; how depends on the
    // date pattern.
    {
      const plain = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...o }).format(t0);
      const all = new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...o, timeZoneName: "short" }).format(t0);
      d.tzSuf[key] = all.startsWith(plain) ? all.slice(plain.length).replace("UTC", "{0}") : null;
    }
    // Whether a range across years is just "start – end" with the same
    // pattern (ICU's interval formats sometimes use another pattern).
    rangeTmpl(d, key, new Intl.DateTimeFormat(loc, { timeZone: "UTC", ...o }), d.date[key]);
  }
  const H = [undefined, "numeric", "2-digit"];
  const timeCombos = [];
  for (const hc of ["", "h11", "h12", "h23", "h24"]) for (const hour of H) for (const minute of H) for (const second of H) for (const tz of [undefined, "short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]) timeCombos.push({ hour, minute, second, timeZoneName: tz, hourCycle: hc });
  for (const dayPeriod of ["narrow", "short", "long"]) for (const [hour, minute, second] of [[], ["numeric"], ["numeric", "numeric"], ["numeric", "numeric", "numeric"], ["2-digit", "2-digit"]]) for (const hc of ["", "h12", "h23"]) timeCombos.push({ hour, minute, second, dayPeriod, hourCycle: hc });
  for (const fsd of [1, 2, 3]) for (const [hour, minute, second] of [[undefined, undefined, "numeric"], [undefined, "numeric", "numeric"], [undefined, "2-digit", "2-digit"], ["numeric", "numeric", "numeric"], ["2-digit", "2-digit", "2-digit"]]) for (const hc of ["", "h12", "h23"]) timeCombos.push({ hour, minute, second, fractionalSecondDigits: fsd, hourCycle: hc });
  for (const o of timeCombos) {
    if (o.hourCycle && !o.hour) continue;
    for (const k in o) if (o[k] === undefined || o[k] === "") delete o[k];
    if (!Object.keys(o).length) continue;
    const key = [o.hour || "", o.minute || "", o.second || "", o.timeZoneName || "", o.hourCycle || "", o.dayPeriod || "", o.fractionalSecondDigits || ""].join("|");
    d.time[key] = dateTmpl(loc, o);
  }
  const S = [undefined, "full", "long", "medium", "short"];
  for (const ds of S) for (const ts of S) for (const hc of ["", "h11", "h12", "h23", "h24"]) {
    if (!ds && !ts) continue;
    if (hc && !ts) continue;
    const o = { dateStyle: ds, timeStyle: ts, hourCycle: hc || undefined };
    for (const k in o) if (o[k] === undefined) delete o[k];
    d.style[[ds || "", ts || "", hc].join("|")] = dateTmpl(loc, o);
  }
  for (const st of ["full", "long", "medium", "short"]) {
    rangeTmpl(d, st + "||", new Intl.DateTimeFormat(loc, { timeZone: "UTC", dateStyle: st }), d.style[st + "||"]);
  }
  // Value maps (month names, hour numbering...) repeat across templates:
  // keep each once in d.maps and refer to it by index.
  const maps = [], seen = new Map();
  const dedupe = (t) => t && t.map(([ty, v, ...rest]) => {
    if (v === null || typeof v !== "object") return [ty, v, ...rest];
    const k = JSON.stringify(v);
    if (!seen.has(k)) { seen.set(k, maps.length); maps.push(v); }
    return [ty, seen.get(k), ...rest];
  });
  for (const sec of ["date", "time", "style", "range"]) for (const k in d[sec]) d[sec][k] = dedupe(d[sec][k]);
  d.maps = maps;
  d.hourCycle = new Intl.DateTimeFormat(loc, { hour: "numeric" }).resolvedOptions().hourCycle;
  // Zone names in winter and summer for every zone ICU knows, each
  // distinct set of names kept once.
  d.zones = {};
  d.zoneNames = [];
  const seenNames = new Map();
  for (const z of ["UTC", ...Intl.supportedValuesOf("timeZone")]) {
    const e = [];
    for (const t of [Date.UTC(2024, 0, 15), Date.UTC(2024, 6, 15)]) {
      for (const st of ["short", "long", "shortGeneric", "longGeneric"]) {
        e.push(new Intl.DateTimeFormat(loc, { timeZone: z, timeZoneName: st }).formatToParts(t).find((p) => p.type === "timeZoneName").value);
      }
    }
    const k = JSON.stringify(e);
    if (!seenNames.has(k)) { seenNames.set(k, d.zoneNames.length); d.zoneNames.push(e); }
    d.zones[z] = seenNames.get(k);
  }
  // Offset formats ("GMT+5:30", "UTC−03:00") for zones without names.
  const off = (z, st) => new Intl.DateTimeFormat(loc, { timeZone: z, timeZoneName: st }).formatToParts(Date.UTC(2024, 0, 15)).find((p) => p.type === "timeZoneName").value;
  d.gmtFmt = { shortPos: off("Asia/Kolkata", "shortOffset"), shortNeg: off("America/Caracas", "shortOffset"), longPos: off("Asia/Kolkata", "longOffset"), longNeg: off("America/Caracas", "longOffset"), zero: off("UTC", "shortOffset"), longZero: off("UTC", "longOffset") };
  return d;
}

function relData(loc) {
  const d = {};
  for (const style of ["long", "short", "narrow"]) {
    const e = {};
    for (const u of ["year", "quarter", "month", "week", "day", "hour", "minute", "second"]) {
      const f = new Intl.RelativeTimeFormat(loc, { style });
      const fa = new Intl.RelativeTimeFormat(loc, { style, numeric: "auto" });
      const o = { past: {}, future: {}, auto: {} };
      for (const [cat, n] of Object.entries(samplesFor(loc))) {
        o.future[cat] = tmpl(f.formatToParts(n, u));
        o.past[cat] = tmpl(f.formatToParts(-n, u));
      }
      for (let v = -3; v <= 3; v++) {
        const s = fa.format(v, u);
        if (s !== f.format(v, u)) o.auto[v] = s;
      }
      if (fa.format(-0, u) !== f.format(-0, u)) o.auto["-0"] = fa.format(-0, u);
      e[u] = o;
    }
    d[style] = e;
  }
  return d;
}

function listData(loc) {
  const d = {};
  for (const type of ["conjunction", "disjunction", "unit"]) for (const style of ["long", "short", "narrow"]) {
    const f = new Intl.ListFormat(loc, { type, style });
    const two = f.format(["\u0001", "\u0002"]);
    const three = f.format(["\u0001", "\u0002", "\u0003"]);
    const four = f.format(["\u0001", "\u0002", "\u0003", "\u0004"]);
    const cut = (s, a, b) => s.slice(s.indexOf(a) + 1, s.indexOf(b));
    d[type + "|" + style] = {
      pair: cut(two, "\u0001", "\u0002"),
      start: cut(three, "\u0001", "\u0002"),
      middle: cut(four, "\u0002", "\u0003"),
      end: cut(three, "\u0002", "\u0003"),
    };
  }
  return d;
}

// Codes with names, found by asking ICU (fallback "none") about every
// well-formed candidate in English.
function known(type, cands) {
  const f = new Intl.DisplayNames("en", { type, fallback: "none" });
  return cands.filter((c) => f.of(c) !== undefined);
}
const A = "abcdefghijklmnopqrstuvwxyz";
const two = [], three = [], four = [], digits3 = [];
for (const x of A) for (const y of A) { two.push(x + y); for (const z of A) three.push(x + y + z); }
for (const x of A) for (const y of A) for (const z of A) for (const w of A) four.push(x.toUpperCase() + y + z + w);
for (let i = 1; i < 1000; i++) digits3.push(String(i).padStart(3, "0"));
const LANG_CODES = known("language", [...two, ...three]);
const REGION_CODES = known("region", [...two.map((c) => c.toUpperCase()), ...digits3]);
const SCRIPT_CODES = known("script", four);
// Tags checked against the "language (script, region)" composition; names
// that differ (dialects such as "American English") are stored.
const COMBO_REGIONS = ["US", "GB", "DE", "AT", "CH", "FR", "BE", "CA", "ES", "MX", "AR", "CO", "419", "JP", "CN", "TW", "HK", "MO", "SG", "IN", "IT", "AU", "NZ", "IE", "ZA", "BR", "PT", "RU", "KR", "NL", "SE", "NO", "DK", "FI", "PL", "TR", "UA", "IL", "EG", "SA", "AE", "001", "150"];
const COMBO_SCRIPTS = ["Latn", "Cyrl", "Arab", "Hans", "Hant", "Deva", "Grek", "Hebr", "Jpan", "Kore", "Beng", "Thai", "Mong", "Tibt", "Guru"];
function displayData(loc) {
  const d = {};
  const pick = (type, style, codes) => {
    const f = new Intl.DisplayNames(loc, { type, style, fallback: "none" });
    const e = {};
    for (const c of codes) { let v; try { v = f.of(c); } catch { continue; } if (v !== undefined) e[c] = v; }
    return e;
  };
  for (const style of ["long", "short", "narrow"]) {
    for (const [type, codes] of [["region", REGION_CODES], ["script", SCRIPT_CODES], ["currency", CURRENCIES], ["language", LANG_CODES], ["calendar", Intl.supportedValuesOf("calendar").concat(["gregorian", "ethiopic-amete-alem", "islamicc"])], ["dateTimeField", ["era", "year", "quarter", "month", "weekOfYear", "weekday", "day", "dayPeriod", "hour", "minute", "second", "timeZoneName"]]]) {
      d[type + "|" + style] = pick(type, style, codes);
    }
  }
  // The composition pattern and separator: "German (Latin, Japan)".
  const dn = new Intl.DisplayNames(loc, { type: "language" });
  const rn = new Intl.DisplayNames(loc, { type: "region" }).of("JP"), sn = new Intl.DisplayNames(loc, { type: "script" }).of("Latn"), ln = dn.of("de");
  d.pattern = dn.of("de-JP").replace(ln, "{0}").replace(rn, "{1}");
  const both = dn.of("de-Latn-JP");
  d.separator = both.slice(both.indexOf(sn) + sn.length, both.indexOf(rn));
  const br = (x) => x.replace(/\(/g, "[").replace(/\)/g, "]").replace(/（/g, "［").replace(/）/g, "］");
  const compose = (base, names) => d.pattern.replace("{0}", br(base)).replace("{1}", names.map(br).join(d.separator));
  for (const style of ["long", "short", "narrow"]) for (const ld of ["dialect", "standard"]) {
    const f = new Intl.DisplayNames(loc, { type: "language", style, languageDisplay: ld });
    const langs = d["language|" + style], regs = d["region|" + style], scrs = d["script|" + style];
    const ex = {};
    for (const l of LANG_CODES.filter((c) => c.length === 2).concat(["yue", "fil", "haw", "ckb"])) {
      if (langs[l] === undefined) continue;
      const tags = [];
      for (const r of COMBO_REGIONS) tags.push([l + "-" + r, null, r]);
      for (const sc of COMBO_SCRIPTS) { tags.push([l + "-" + sc, sc, null]); tags.push([l + "-" + sc + "-" + (l === "zh" ? "TW" : "US"), sc, l === "zh" ? "TW" : "US"]); }
      if (ld === "standard") tags.push([l, null, null]);
      for (const [tag, sc, r] of tags) {
        const v = f.of(tag);
        const names = [];
        if (sc) names.push(scrs[sc] || sc);
        if (r) names.push(regs[r] || r);
        const c = names.length ? compose(langs[l], names) : langs[l];
        if (v !== c) ex[tag] = v;
      }
    }
    d["language|" + style + "|" + ld] = ex;
  }
  return d;
}

// flatten writes the tables as "key<TAB>JSON" lines, split so that the Go
// side needs no JSON parsing and JavaScript parses only what it reads:
// a section "number" lists its parts as "number/keys" (NUL-separated) and
// holds each as "number.currency"; the big date parts are split once more
// into entries, "date.style/full|short|" or "date.zoneNames/3".
const ITEM_PARTS = new Set(["date.date", "date.time", "date.style", "date.glue", "date.range", "date.tzSuf", "date.zoneNames"]);
function flatten(data) {
  const lines = [];
  const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  for (const [k, v] of Object.entries(data)) {
    if (!isObj(v)) { lines.push(k + "\t" + JSON.stringify(v)); continue; }
    lines.push(k + "/keys\t" + Object.keys(v).sort().join("\u0000"));
    for (const [sk, sv] of Object.entries(v)) {
      const part = k + "." + sk;
      if (!ITEM_PARTS.has(part)) { lines.push(part + "\t" + JSON.stringify(sv)); continue; }
      for (const [ik, iv] of Object.entries(sv)) lines.push(part + "/" + ik + "\t" + JSON.stringify(iv));
    }
  }
  return lines.join("\n") + "\n";
}

// collationLocales records the locale Node reports for a Collator asked for
// each language and language-region ICU has collation data for: "langs"
// lists the languages, "tags" maps kept region tags to themselves and the
// region tags that resolve elsewhere to what they resolve to.
function collationLocales() {
  const langs = [], tags = {};
  const regions = REGION_CODES.filter((r) => /^[A-Z]{2}$/.test(r));
  for (const l of LANG_CODES) {
    const r0 = new Intl.Collator(l).resolvedOptions().locale;
    if (r0 !== l) continue;
    langs.push(l);
    for (const r of regions) {
      const t = l + "-" + r;
      const got = new Intl.Collator(t).resolvedOptions().locale;
      if (got !== l) tags[t] = got;
    }
  }
  for (const t of ["zh-Hans", "zh-Hant", "zh-Hans-CN", "zh-Hant-TW", "zh-Hant-HK", "sr-Latn", "sr-Cyrl"]) tags[t] = new Intl.Collator(t).resolvedOptions().locale;
  return { langs, tags };
}

// zoneAliases maps each zone name in the system tz database that Node
// accepts to the ID Node reports when it differs ("Asia/Kolkata" is
// "Asia/Calcutta" in ICU).
function zoneAliases() {
  const root = "/usr/share/zoneinfo";
  const names = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? dir + "/" + e.name : e.name;
      if (e.isDirectory()) { if (!["posix", "right"].includes(rel)) walk(rel); } else if (/^[A-Z]/.test(e.name) && !e.name.includes(".")) names.push(rel);
    }
  };
  walk("");
  const alias = {};
  for (const z of names.sort()) {
    try {
      const r = new Intl.DateTimeFormat("en", { timeZone: z }).resolvedOptions().timeZone;
      if (r !== z) alias[z] = r;
    } catch { /* not a zone ICU knows */ }
  }
  return alias;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(out, { recursive: true });
  // Locale-independent tables.
  fs.writeFileSync(path.join(out, "_shared.tsv.gz"), zlib.gzipSync(flatten({ alias: zoneAliases(), timeZones: Intl.supportedValuesOf("timeZone"), collation: collationLocales() }), { level: 9 }));
  for (const loc of LOCALES) {
    const plural = { cardinal: new Intl.PluralRules(loc).resolvedOptions().pluralCategories, ordinal: new Intl.PluralRules(loc, { type: "ordinal" }).resolvedOptions().pluralCategories };
    const data = { locale: loc, plural, number: numberData(loc), date: dateData(loc), rel: relData(loc), list: listData(loc), display: displayData(loc) };
    // Gzipped: the tables compress about 15 to 1 and are read once.
    fs.writeFileSync(path.join(out, loc + ".tsv.gz"), zlib.gzipSync(flatten(data), { level: 9 }));
    console.log(loc, JSON.stringify(data).length);
  }
}
