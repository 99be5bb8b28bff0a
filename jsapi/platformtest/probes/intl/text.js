// PluralRules, Collator, RelativeTimeFormat, ListFormat, DisplayNames,
// getCanonicalLocales and supportedLocalesOf.
const LOCALES = ["en-US", "en-GB", "de", "fr", "es", "ja", "zh-CN", "it", "pt-BR", "ko", "nl", "ru", "pl"];

function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    return String(e);
  }
}

export default async function () {
  const out = {};
  const nums = [0, 1, 2, 3, 11, 21, 22, 103, 1000000, 1.5];
  for (const l of LOCALES) {
    out[`plural cardinal ${l}`] = attempt(() => nums.map((n) => new Intl.PluralRules(l).select(n)));
    out[`plural ordinal ${l}`] = attempt(() => nums.map((n) => new Intl.PluralRules(l, { type: "ordinal" }).select(n)));
    out[`plural categories ${l}`] = attempt(() => new Intl.PluralRules(l).resolvedOptions().pluralCategories);
    out[`collator sort ${l}`] = attempt(() => ["zebra", "Äpfel", "apple", "Zoo", "éclair", "eclair", "10", "9"].sort(new Intl.Collator(l).compare));
    out[`collator numeric ${l}`] = attempt(() => ["file10", "file9", "file1"].sort(new Intl.Collator(l, { numeric: true }).compare));
    out[`collator base ${l}`] = attempt(() => new Intl.Collator(l, { sensitivity: "base" }).compare("résumé", "RESUME"));
    out[`localeCompare ${l}`] = attempt(() => "a".localeCompare("B", l));
    out[`relative ${l}`] = attempt(() => [-1, 0, 1, 3].map((v) => new Intl.RelativeTimeFormat(l, { numeric: "auto" }).format(v, "day")));
    out[`relative short ${l}`] = attempt(() => new Intl.RelativeTimeFormat(l, { style: "short" }).format(-5, "minutes"));
    out[`relative parts ${l}`] = attempt(() => new Intl.RelativeTimeFormat(l).formatToParts(1234, "hour"));
    out[`list ${l}`] = attempt(() => ["conjunction", "disjunction", "unit"].map((type) => new Intl.ListFormat(l, { type }).format(["Ana", "Ivo", "Olga"])));
    out[`list narrow ${l}`] = attempt(() => new Intl.ListFormat(l, { style: "narrow", type: "unit" }).format(["1", "2"]));
    out[`display names ${l}`] = attempt(() => [
      new Intl.DisplayNames(l, { type: "language" }).of("en-US"),
      new Intl.DisplayNames(l, { type: "region" }).of("DE"),
      new Intl.DisplayNames(l, { type: "currency" }).of("JPY"),
      new Intl.DisplayNames(l, { type: "script" }).of("Cyrl"),
    ]);
  }
  out["canonical"] = attempt(() => Intl.getCanonicalLocales(["EN-us", "zh-hans-cn", "de-de"]));
  out["canonical error"] = attempt(() => Intl.getCanonicalLocales(["en_US"]));
  out["supported"] = attempt(() => Intl.NumberFormat.supportedLocalesOf(["de-DE", "en-GB", "fr"]));
  out["fallback locale"] = attempt(() => new Intl.NumberFormat(["xx", "de-DE"]).resolvedOptions().locale);
  out["relative bad unit"] = attempt(() => new Intl.RelativeTimeFormat("en").format(1, "decade"));
  out["toStringTag"] = attempt(() => Object.prototype.toString.call(Intl));
  return out;
}
