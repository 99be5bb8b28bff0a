// Intl.Locale, supportedValuesOf, ranges, and option errors.
function attempt(fn) {
  try {
    return fn();
  } catch (e) {
    return String(e);
  }
}

export default async function () {
  const out = {};
  for (const t of ["en", "zh-TW", "und", "ja-JP", "sr", "en-u-hc-h23-ca-gregory", "EN-us-u-kn"]) {
    out[`locale ${t}`] = attempt(() => {
      const l = new Intl.Locale(t);
      return [String(l), l.baseName, String(l.maximize()), String(l.minimize()), l.language ?? null, l.script ?? null, l.region ?? null, l.hourCycle ?? null, l.numeric];
    });
  }
  out["locale options"] = attempt(() => String(new Intl.Locale("en", { region: "GB", hourCycle: "h12", numeric: true })));
  out["supportedValuesOf unit"] = attempt(() => Intl.supportedValuesOf("unit"));
  out["supportedValuesOf timeZone count"] = attempt(() => Intl.supportedValuesOf("timeZone").length);
  out["supportedValuesOf bogus"] = attempt(() => Intl.supportedValuesOf("bogus"));
  for (const l of ["en-US", "de", "fr", "ja"]) {
    out[`number range ${l}`] = attempt(() => [
      new Intl.NumberFormat(l).formatRange(3, 5),
      new Intl.NumberFormat(l, { style: "currency", currency: "EUR" }).formatRange(3, 5),
      new Intl.NumberFormat(l, { style: "percent" }).formatRange(-0.05, 0.03),
      new Intl.NumberFormat(l, { style: "unit", unit: "kilometer", unitDisplay: "long" }).formatRange(1, 5),
      new Intl.NumberFormat(l, { maximumFractionDigits: 0 }).formatRange(2.9, 3.1),
    ]);
    out[`date range ${l}`] = attempt(() => [
      new Intl.DateTimeFormat(l, { dateStyle: "long", timeZone: "UTC" }).formatRange(Date.UTC(2025, 2, 3), Date.UTC(2025, 2, 17)),
      new Intl.DateTimeFormat(l, { dateStyle: "medium", timeZone: "UTC" }).formatRange(Date.UTC(2025, 0, 30), Date.UTC(2025, 1, 2)),
      new Intl.DateTimeFormat(l, { month: "short", day: "numeric", timeZone: "UTC" }).formatRange(Date.UTC(2025, 2, 3), Date.UTC(2025, 3, 17)),
    ]);
    out[`display names ${l}`] = attempt(() => [
      new Intl.DisplayNames(l, { type: "calendar" }).of("gregory"),
      new Intl.DisplayNames(l, { type: "dateTimeField" }).of("weekOfYear"),
      new Intl.DisplayNames(l, { type: "language", languageDisplay: "standard" }).of("pt-BR"),
    ]);
  }
  out["offset zone"] = attempt(() => new Intl.DateTimeFormat("en-US", { timeZone: "+05:30", timeStyle: "long" }).format(0));
  out["zone alias"] = attempt(() => new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata" }).resolvedOptions().timeZone);
  out["exact decimal string"] = attempt(() => new Intl.NumberFormat("en", { maximumFractionDigits: 20 }).format("1234.5678901234567890123"));
  out["plural rules error"] = attempt(() => Intl.PluralRules());
  out["bad option"] = attempt(() => new Intl.NumberFormat("en", { notation: "bogus" }));
  return out;
}
