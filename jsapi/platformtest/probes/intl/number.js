// Intl.NumberFormat and Number/BigInt toLocaleString across locales.
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
  for (const l of LOCALES) {
    out[`decimal ${l}`] = attempt(() => new Intl.NumberFormat(l).format(-1234567.891));
    out[`percent ${l}`] = attempt(() => new Intl.NumberFormat(l, { style: "percent", maximumFractionDigits: 1 }).format(0.4567));
    out[`currency EUR ${l}`] = attempt(() => new Intl.NumberFormat(l, { style: "currency", currency: "EUR" }).format(1234.5));
    out[`currency USD name ${l}`] = attempt(() => new Intl.NumberFormat(l, { style: "currency", currency: "USD", currencyDisplay: "name" }).format(2));
    out[`currency JPY accounting ${l}`] = attempt(() => new Intl.NumberFormat(l, { style: "currency", currency: "JPY", currencySign: "accounting" }).format(-500));
    out[`compact short ${l}`] = attempt(() => [1234, 56789, 1234567, 9.87e9].map((n) => new Intl.NumberFormat(l, { notation: "compact" }).format(n)));
    out[`compact long ${l}`] = attempt(() => new Intl.NumberFormat(l, { notation: "compact", compactDisplay: "long" }).format(2500000));
    out[`unit ${l}`] = attempt(() => ["short", "long", "narrow"].map((d) => new Intl.NumberFormat(l, { style: "unit", unit: "kilometer-per-hour", unitDisplay: d }).format(88)));
    out[`scientific ${l}`] = attempt(() => new Intl.NumberFormat(l, { notation: "scientific" }).format(123456));
    out[`engineering ${l}`] = attempt(() => new Intl.NumberFormat(l, { notation: "engineering" }).format(0.000123));
    out[`significant ${l}`] = attempt(() => new Intl.NumberFormat(l, { maximumSignificantDigits: 3 }).format(98765.4321));
    out[`signDisplay ${l}`] = attempt(() => ["always", "exceptZero", "never", "negative"].map((s) => new Intl.NumberFormat(l, { signDisplay: s }).format(-0)));
    out[`parts ${l}`] = attempt(() => new Intl.NumberFormat(l, { style: "currency", currency: "EUR" }).formatToParts(-1234.56));
    out[`toLocaleString ${l}`] = attempt(() => (1234567.891).toLocaleString(l));
    out[`bigint ${l}`] = attempt(() => (123456789012345678901234567890n).toLocaleString(l));
    out[`resolved ${l}`] = attempt(() => new Intl.NumberFormat(l, { style: "currency", currency: "USD" }).resolvedOptions());
  }
  out["rounding 1.005"] = attempt(() => (1.005).toLocaleString("en", { maximumFractionDigits: 2 }));
  out["error style"] = attempt(() => new Intl.NumberFormat("en", { style: "bogus" }));
  out["error currency"] = attempt(() => new Intl.NumberFormat("en", { style: "currency" }));
  out["error digits"] = attempt(() => new Intl.NumberFormat("en", { maximumFractionDigits: 101 }));
  return out;
}
