// The v flag's properties of strings (\p{RGI_Emoji} and its six parts)
// over candidate strings built the way emoji sequences are: every emoji
// code point (and a sample of the others) and emoji + VS16, keycaps, regional indicator pairs, modifier
// sequences, tag sequences and ZWJ sequences joined from emoji elements;
// plus matching inside text (the longest string wins) and set operations.
const props = ["RGI_Emoji", "Basic_Emoji", "Emoji_Keycap_Sequence", "RGI_Emoji_Modifier_Sequence", "RGI_Emoji_Flag_Sequence", "RGI_Emoji_Tag_Sequence", "RGI_Emoji_ZWJ_Sequence"];

function candidates() {
  const out = [];
  const emoji = [];
  const isEmoji = /\p{Emoji}/u;
  const isModifierBase = /\p{Emoji_Modifier_Base}/u;
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const s = String.fromCodePoint(c);
    // every emoji code point, and a sample of the others
    if (c % 499 === 0) out.push(s);
    if (isEmoji.test(s)) {
      out.push(s);
      out.push(s + "\uFE0F");
      emoji.push(s);
    }
    if (isModifierBase.test(s)) for (let m = 0x1f3fb; m <= 0x1f3ff; m++) out.push(s + String.fromCodePoint(m));
  }
  for (const k of "#*0123456789AB") out.push(k + "\uFE0F\u20E3", k + "\u20E3");
  for (let a = 0x1f1e6; a <= 0x1f1ff; a++) for (let b = 0x1f1e6; b <= 0x1f1ff; b++) out.push(String.fromCodePoint(a, b));
  const tag = (s) => [...s].map((ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0))).join("");
  for (const sub of ["gbeng", "gbsct", "gbwls", "gbnir", "usca", "frbre"]) out.push("\u{1F3F4}" + tag(sub) + "\u{E007F}");
  // ZWJ sequences: people, gendered and skin-toned forms joined with the
  // elements RGI sequences use, two and three elements long.
  const zwj = "\u200D";
  const people = ["\u{1F468}", "\u{1F469}", "\u{1F9D1}", "\u{1F466}", "\u{1F467}", "\u{1F9D2}", "\u{1F3C3}", "\u{1F6B6}", "\u{1F46E}", "\u{1F937}", "\u{1F9DD}", "\u{1F408}", "\u{1F415}", "\u{1F43B}", "\u{1F426}", "\u{1F3F3}\uFE0F", "\u{1F3F4}", "\u2764\uFE0F", "\u{1F441}\uFE0F", "\u{1F62E}", "\u{1F635}", "\u{1F642}", "\u26D3\uFE0F", "\u{1F344}", "\u{1F34B}"];
  const tones = ["", "\u{1F3FB}", "\u{1F3FF}"];
  const seconds = ["\u2640\uFE0F", "\u2642\uFE0F", "\u2640", "\u{1F9B0}", "\u{1F9B3}", "\u{1F4BB}", "\u2695\uFE0F", "\u{1F308}", "\u26A7\uFE0F", "\u{1F525}", "\u{1FA79}", "\u2B1B", "\u{1F7E9}", "\u{1F7EB}", "\u{1F4A5}", "\u{1F5E8}\uFE0F", "\u{1F32B}\uFE0F", "\u27A1\uFE0F", "\u{1F9BA}", "\u2620\uFE0F", "\u{1F466}", "\u{1F467}", "\u{1F468}", "\u{1F469}", "\u{1F48B}", "\u{1F91D}", "\u{1F9BD}", "\u2194\uFE0F", "\u2195\uFE0F"];
  for (const p of people) {
    for (const t of tones) {
      for (const s of seconds) {
        out.push(p + t + zwj + s);
        for (const s3 of seconds.slice(20, 24)) out.push(p + t + zwj + s + zwj + s3);
      }
    }
  }
  out.push("\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}", "\u{1F469}\u200D\u2764\uFE0F\u200D\u{1F48B}\u200D\u{1F468}", "\u{1F9D1}\u{1F3FB}\u200D\u{1F91D}\u200D\u{1F9D1}\u{1F3FF}", "\u{1F3C3}\u200D\u2640\uFE0F\u200D\u27A1\uFE0F");
  return out;
}

export default function () {
  const out = {};
  const all = candidates();
  for (const p of props) {
    const re = new RegExp("^\\p{" + p + "}$", "v");
    let n = 0;
    let digest = 0;
    const some = [];
    for (const s of all) {
      if (!re.test(s)) continue;
      n++;
      for (const ch of s) digest = (digest * 31 + ch.codePointAt(0)) % 1000000007;
      if (s.length > 2 && some.length < 5 && n % 97 === 0) some.push(s);
    }
    out[p] = [n, digest, some];
  }
  const text = "a\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}b\u{1F1EB}\u{1F1F7}\u{1F44D}\u{1F3FD}c1\uFE0F\u20E3\u2764\uFE0F\u{1F3F4}\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}#";
  out.inText = text.match(/\p{RGI_Emoji}/gv).map((m) => [...m].length);
  out.replaced = text.replace(/\p{RGI_Emoji}/gv, "E");
  out.setOps = [
    /^[\p{RGI_Emoji}--\p{RGI_Emoji_Flag_Sequence}]$/v.test("\u{1F1EB}\u{1F1F7}"),
    /^[\p{RGI_Emoji}--\p{RGI_Emoji_Flag_Sequence}]$/v.test("\u{1F44D}\u{1F3FD}"),
    /^[\p{RGI_Emoji_Flag_Sequence}&&\q{\u{1F1EB}\u{1F1F7}|\u{1F1FA}\u{1F1F8}|xy}]+$/v.test("\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}"),
    /^[\p{Emoji_Keycap_Sequence}a]{2}$/v.test("a#\uFE0F\u20E3"),
  ];
  out.errors = ["\\p{RGI_Emoji}|u", "\\P{RGI_Emoji}|v", "[^\\p{RGI_Emoji}]|v", "\\p{RGI_Emoji=x}|v"].map((spec) => {
    const [src, flags] = spec.split("|");
    try {
      new RegExp(src, flags);
      return "ok";
    } catch (e) {
      return `${e.name}: ${e.message}`;
    }
  });
  return out;
}
