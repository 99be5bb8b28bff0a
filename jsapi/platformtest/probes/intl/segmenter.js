// Intl.Segmenter: graphemes, words (isWordLike), sentences, containing().
function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    return String(e);
  }
}

export default async function () {
  const out = {};
  const seg = (l, g, s) => [...new Intl.Segmenter(l, { granularity: g }).segment(s)].map((x) => (g === "word" ? [x.segment, x.index, x.isWordLike] : [x.segment, x.index]));
  out["graphemes emoji"] = attempt(() => seg("en", "grapheme", "e\u0301👍🏽🇩🇪👨‍👩‍👧a"));
  out["graphemes hangul"] = attempt(() => seg("en", "grapheme", "\u1100\u1161\u11a8 한국"));
  out["words en"] = attempt(() => seg("en", "word", "The quick (\"brown\") fox can't jump 32.3 feet, right?"));
  out["words de"] = attempt(() => seg("de", "word", "Straße, 1.000,5 Äpfel!"));
  out["words fr"] = attempt(() => seg("fr", "word", "l'été dernier — c'est ça."));
  out["sentences"] = attempt(() => seg("en", "sentence", "Hello there. How are you? Fine! Mr. Smith said so."));
  out["containing"] = attempt(() => new Intl.Segmenter("en", { granularity: "word" }).segment("hello world").containing(7));
  out["containing out of range"] = attempt(() => new Intl.Segmenter("en").segment("abc").containing(5) === undefined);
  out["resolved"] = attempt(() => new Intl.Segmenter("fr", { granularity: "sentence" }).resolvedOptions());
  out["bad granularity"] = attempt(() => new Intl.Segmenter("en", { granularity: "line" }));
  return out;
}
