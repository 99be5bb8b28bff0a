// Intl.DateTimeFormat and Date toLocale*String with explicit time zones
// (the default zone is the process's, which a harness may not pin).
const LOCALES = ["en-US", "en-GB", "de", "fr", "es", "ja", "zh-CN", "it", "pt-BR", "ko", "nl", "ru", "pl"];
const T = Date.UTC(2024, 0, 5, 3, 4, 5);
const T2 = Date.UTC(2023, 6, 23, 15, 30, 9);

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
    for (const ds of ["full", "long", "medium", "short"]) {
      out[`dateStyle ${ds} ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { dateStyle: ds, timeZone: "UTC" }).format(T));
      out[`timeStyle ${ds} ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { timeStyle: ds, timeZone: "America/New_York" }).format(T2));
    }
    out[`both ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Berlin" }).format(T2));
    out[`components ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "Asia/Tokyo" }).format(T));
    out[`hour12 ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { hour: "numeric", minute: "2-digit", hour12: true, timeZone: "UTC" }).format(T2));
    out[`hour23 ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { hour: "numeric", minute: "2-digit", hour12: false, timeZone: "UTC" }).format(T));
    out[`zone name ${l}`] = attempt(() => ["short", "long", "shortOffset", "longOffset"].map((z) => new Intl.DateTimeFormat(l, { hour: "numeric", timeZoneName: z, timeZone: "America/Los_Angeles" }).format(T2)));
    out[`parts ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).formatToParts(T));
    out[`toLocaleString ${l}`] = attempt(() => new Date(T).toLocaleString(l, { timeZone: "UTC" }));
    out[`toLocaleDateString ${l}`] = attempt(() => new Date(T).toLocaleDateString(l, { timeZone: "UTC" }));
    out[`toLocaleTimeString ${l}`] = attempt(() => new Date(T).toLocaleTimeString(l, { timeZone: "UTC" }));
    out[`range across years ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { dateStyle: "medium", timeZone: "UTC" }).formatRange(T2, T));
    out[`resolved ${l}`] = attempt(() => new Intl.DateTimeFormat(l, { hour: "numeric", minute: "numeric", timeZone: "UTC" }).resolvedOptions());
  }
  out["invalid date"] = attempt(() => new Date(NaN).toLocaleString("en-US"));
  out["format NaN"] = attempt(() => new Intl.DateTimeFormat("en").format(NaN));
  out["bad zone"] = attempt(() => new Intl.DateTimeFormat("en", { timeZone: "Mars/Base" }));
  out["style and component"] = attempt(() => new Intl.DateTimeFormat("en", { dateStyle: "long", month: "long" }));
  return out;
}
