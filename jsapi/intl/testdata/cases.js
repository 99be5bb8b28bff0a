// Expressions checked against Node 22. Evaluated by both Node
// (internal/gen/golden.mjs) and the Go test; each must be a JS expression.
(function () {
  const L = ["en-US", "en-GB", "de", "fr", "es", "ja", "zh-CN", "it", "pt-BR", "ko", "nl", "ru", "pl"];
  const c = [];
  const q = JSON.stringify;
  const T = "Date.UTC(2024,0,5,3,4,5)", T2 = "Date.UTC(2023,10,23,15,30,9)";
  for (const l of L) {
    // NumberFormat
    for (const n of [0, -0, 1, -1, 1234.5, -1234567.891, 0.000123, 1.005, 1e21, 123456789012, 999.9995]) c.push(`new Intl.NumberFormat(${q(l)}).format(${Object.is(n, -0) ? "-0" : n})`);
    for (const o of [{ style: "percent" }, { style: "percent", minimumFractionDigits: 1 }, { maximumFractionDigits: 0 }, { minimumFractionDigits: 2 }, { minimumIntegerDigits: 3 }, { maximumSignificantDigits: 3 }, { minimumSignificantDigits: 5 }, { useGrouping: false }, { useGrouping: "always" }, { signDisplay: "always" }, { signDisplay: "exceptZero" }, { signDisplay: "never" }, { signDisplay: "negative" }, { notation: "scientific" }, { notation: "engineering" }, { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { trailingZeroDisplay: "stripIfInteger", minimumFractionDigits: 2 }, { roundingPriority: "lessPrecision", maximumSignificantDigits: 2, maximumFractionDigits: 2 }]) {
      for (const n of [0, 1234.5678, -0.5, 1234567, 0.012345, 42, 1500, 999999]) c.push(`new Intl.NumberFormat(${q(l)},${q(o)}).format(${n})`);
    }
    for (const cur of ["USD", "EUR", "JPY", "GBP", "CNY"]) for (const disp of ["symbol", "narrowSymbol", "code", "name"]) for (const n of [1, -1234.5, 0.5]) c.push(`new Intl.NumberFormat(${q(l)},{style:"currency",currency:${q(cur)},currencyDisplay:${q(disp)}}).format(${n})`);
    c.push(`new Intl.NumberFormat(${q(l)},{style:"currency",currency:"USD",currencySign:"accounting"}).format(-5)`);
    c.push(`new Intl.NumberFormat(${q(l)},{style:"currency",currency:"EUR",notation:"compact"}).format(1234567)`);
    for (const u of ["kilometer", "byte", "megabyte", "second", "percent", "celsius", "kilometer-per-hour", "liter"]) for (const d of ["short", "long", "narrow"]) for (const n of [1, 2.5, -3]) c.push(`new Intl.NumberFormat(${q(l)},{style:"unit",unit:${q(u)},unitDisplay:${q(d)}}).format(${n})`);
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{style:"currency",currency:"JPY"}).formatToParts(-1234.5))`);
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{notation:"scientific"}).formatToParts(-0.00012))`);
    c.push(`new Intl.NumberFormat(${q(l)}).formatRange(3, 5)`);
    c.push(`(1234567.891).toLocaleString(${q(l)})`);
    c.push(`(12345678901234567890n).toLocaleString(${q(l)})`);
    c.push(`[1234.5, new Date(${T})].toLocaleString(${q(l)}, {timeZone: "UTC"})`);
    // DateTimeFormat
    for (const o of [{}, { dateStyle: "full" }, { dateStyle: "long" }, { dateStyle: "medium" }, { dateStyle: "short" }, { timeStyle: "full" }, { timeStyle: "long" }, { timeStyle: "medium" }, { timeStyle: "short" }, { dateStyle: "full", timeStyle: "long" }, { dateStyle: "medium", timeStyle: "short" }, { dateStyle: "short", timeStyle: "short", hour12: true }, { timeStyle: "short", hourCycle: "h23" },
      { year: "numeric", month: "long", day: "numeric" }, { year: "numeric", month: "short", day: "numeric", weekday: "short" }, { weekday: "long", year: "numeric", month: "long", day: "numeric" }, { month: "long" }, { month: "short", day: "numeric" }, { year: "2-digit", month: "2-digit", day: "2-digit" }, { weekday: "narrow" }, { year: "numeric", month: "numeric" },
      { hour: "numeric", minute: "numeric" }, { hour: "2-digit", minute: "2-digit", second: "2-digit" }, { hour: "numeric", hour12: false }, { hour: "numeric", minute: "2-digit", hour12: true }, { hour: "numeric", minute: "numeric", timeZoneName: "short" }, { hour: "numeric", minute: "numeric", timeZoneName: "long" }, { timeZoneName: "shortOffset" }, { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "numeric" }, { month: "short", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }, { weekday: "long", hour: "numeric" }]) {
      for (const tz of ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "Asia/Kolkata"]) {
        if (tz !== "UTC" && tz !== "America/New_York" && Object.keys(o).length > 2) continue;
        for (const t of [T, T2]) c.push(`new Intl.DateTimeFormat(${q(l)},${q({ ...o, timeZone: tz })}).format(${t})`);
      }
      c.push(`JSON.stringify(new Intl.DateTimeFormat(${q(l)},${q({ ...o, timeZone: "UTC" })}).resolvedOptions())`);
    }
    c.push(`JSON.stringify(new Intl.DateTimeFormat(${q(l)},{dateStyle:"long",timeStyle:"short",timeZone:"UTC"}).formatToParts(${T}))`);
    c.push(`new Date(${T}).toLocaleString(${q(l)})`);
    c.push(`new Date(${T}).toLocaleDateString(${q(l)})`);
    c.push(`new Date(${T}).toLocaleTimeString(${q(l)})`);
    c.push(`new Date(${T2}).toLocaleDateString(${q(l)}, {month:"long", day:"numeric", timeZone:"America/Los_Angeles"})`);
    c.push(`new Intl.DateTimeFormat(${q(l)},{timeZone:"UTC"}).formatRange(${T}, Date.UTC(2025,5,1))`);
    c.push(`new Intl.DateTimeFormat(${q(l)},{timeZone:"UTC"}).formatRange(${T}, Date.UTC(2024,5,1))`);
    // PluralRules
    for (const type of ["cardinal", "ordinal"]) {
      c.push(`[0,1,2,3,4,5,11,12,13,21,22,23,101,1000000,1.5,0.5].map(n=>new Intl.PluralRules(${q(l)},{type:${q(type)}}).select(n)).join()`);
      c.push(`JSON.stringify(new Intl.PluralRules(${q(l)},{type:${q(type)}}).resolvedOptions())`);
    }
    c.push(`new Intl.PluralRules(${q(l)},{minimumFractionDigits:1}).select(1)`);
    // Collator
    c.push(`["z","a","Z","ä","b","B","10","9","é","e","E"].sort(new Intl.Collator(${q(l)}).compare).join()`);
    c.push(`["item10","item9","Item1","item1"].sort(new Intl.Collator(${q(l)},{numeric:true}).compare).join()`);
    for (const s of ["base", "accent", "case", "variant"]) c.push(`[["a","A"],["a","á"],["a","b"],["résumé","Resume"]].map(([x,y])=>new Intl.Collator(${q(l)},{sensitivity:${q(s)}}).compare(x,y)).join()`);
    c.push(`["b","a","B","A"].sort(new Intl.Collator(${q(l)},{caseFirst:"upper"}).compare).join()`);
    c.push(`"a".localeCompare("B", ${q(l)})`);
    c.push(`JSON.stringify(new Intl.Collator(${q(l)}).resolvedOptions())`);
    // RelativeTimeFormat
    for (const style of ["long", "short", "narrow"]) for (const numeric of ["always", "auto"]) {
      c.push(`[-2,-1,0,1,2,5].map(v=>["year","quarter","month","week","day","hour","minute","second"].map(u=>new Intl.RelativeTimeFormat(${q(l)},{style:${q(style)},numeric:${q(numeric)}}).format(v,u)).join("|")).join("\\n")`);
    }
    c.push(`new Intl.RelativeTimeFormat(${q(l)}).format(-1.5, "days")`);
    c.push(`JSON.stringify(new Intl.RelativeTimeFormat(${q(l)}).formatToParts(1234, "day"))`);
    // ListFormat
    for (const type of ["conjunction", "disjunction", "unit"]) for (const style of ["long", "short", "narrow"]) c.push(`[[],["A"],["A","B"],["A","B","C"],["A","B","C","D"]].map(x=>new Intl.ListFormat(${q(l)},{type:${q(type)},style:${q(style)}}).format(x)).join("|")`);
    c.push(`JSON.stringify(new Intl.ListFormat(${q(l)}).formatToParts(["x","y","z"]))`);
    // DisplayNames
    for (const [type, codes] of [["language", ["en", "en-US", "de", "fr-CA", "zh-Hant", "ja"]], ["region", ["US", "DE", "JP", "419"]], ["script", ["Latn", "Cyrl", "Hans"]], ["currency", ["USD", "EUR", "JPY"]]]) c.push(`${q(codes)}.map(x=>new Intl.DisplayNames(${q(l)},{type:${q(type)}}).of(x)).join("|")`);
    c.push(`new Intl.DisplayNames(${q(l)},{type:"language",languageDisplay:"standard"}).of("en-GB")`);
    // Segmenter
    c.push(`JSON.stringify([...new Intl.Segmenter(${q(l)},{granularity:"word"}).segment("The quick (\\"brown\\") fox can't jump 32.3 feet, right?")].map(s=>[s.segment,s.index,s.isWordLike]))`);
    c.push(`JSON.stringify([...new Intl.Segmenter(${q(l)}).segment("e\\u0301👍🏽🇩🇪a")].map(s=>s.segment))`);
    c.push(`JSON.stringify([...new Intl.Segmenter(${q(l)},{granularity:"sentence"}).segment("Hello there. How are you? Fine!")].map(s=>s.segment))`);
    c.push(`JSON.stringify(new Intl.Segmenter(${q(l)},{granularity:"word"}).segment("hello world").containing(7))`);
    // resolved options and locales
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{style:"currency",currency:"EUR"}).resolvedOptions())`);
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{notation:"compact"}).resolvedOptions())`);
  }
  // Less common date options.
  for (const l of L) {
    for (const o of [{ year: "numeric", era: "short" }, { year: "numeric", month: "long", day: "numeric", era: "long" }, { weekday: "long", year: "numeric", month: "short", day: "numeric", era: "narrow" },
      { hour: "numeric", dayPeriod: "short" }, { hour: "numeric", minute: "numeric", dayPeriod: "long" }, { dayPeriod: "narrow" }, { hour: "numeric", minute: "numeric", dayPeriod: "short", hour12: false },
      { minute: "numeric", second: "numeric", fractionalSecondDigits: 3 }, { hour: "numeric", minute: "numeric", second: "numeric", fractionalSecondDigits: 1 }, { second: "numeric", fractionalSecondDigits: 2 },
      { hour: "numeric", hourCycle: "h11" }, { hour: "numeric", minute: "numeric", hourCycle: "h24" }, { timeStyle: "short", hourCycle: "h11" },
      { year: "numeric", month: "short", day: "numeric", timeZoneName: "short" }, { weekday: "short", hour: "numeric", minute: "numeric" }, { month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "longOffset" }]) {
      for (const t of [T, T2, "Date.UTC(2024,5,15,12,0,0)", "Date.UTC(2024,5,15,0,0,0,7)"]) c.push(`new Intl.DateTimeFormat(${q(l)},${q({ ...o, timeZone: "UTC" })}).format(${t})`);
      c.push(`JSON.stringify(new Intl.DateTimeFormat(${q(l)},${q({ ...o, timeZone: "UTC" })}).resolvedOptions())`);
    }
    for (const tz of ["Australia/Sydney", "America/Los_Angeles", "Europe/London", "America/Sao_Paulo", "Pacific/Chatham"]) for (const st of ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]) c.push(`new Intl.DateTimeFormat(${q(l)},{hour:"numeric",timeZoneName:${q(st)},timeZone:${q(tz)}}).format(${T2})`);
    for (const [a, b] of [["Date.UTC(2024,0,5)", "Date.UTC(2024,0,9)"], ["Date.UTC(2024,0,5)", "Date.UTC(2024,3,9)"], ["Date.UTC(2023,11,31)", "Date.UTC(2024,0,1)"]]) for (const o of [{ dateStyle: "short" }, { dateStyle: "long" }, { year: "numeric", month: "2-digit", day: "2-digit" }]) c.push(`new Intl.DateTimeFormat(${q(l)},${q({ ...o, timeZone: "UTC" })}).formatRange(${a}, ${b})`);
    // More number edge cases.
    for (const [o, n] of [[{}, "12345678901234567890n"], [{ style: "percent" }, "-0.000001"], [{ maximumFractionDigits: 2 }, '"1.005"'], [{ notation: "compact" }, "1e15"], [{ notation: "compact" }, "-999.5"], [{ notation: "compact", compactDisplay: "long" }, 1000], [{ notation: "compact", compactDisplay: "long" }, 1e6],
      [{ style: "currency", currency: "EUR", signDisplay: "always" }, 0], [{ style: "currency", currency: "USD", currencySign: "accounting", signDisplay: "exceptZero" }, 5], [{ style: "unit", unit: "percent" }, 50], [{ style: "unit", unit: "gigabyte", notation: "compact" }, 12345],
      [{ minimumIntegerDigits: 5, useGrouping: false }, 42], [{ maximumSignificantDigits: 1 }, 0.000951], [{ minimumFractionDigits: 20 }, 0.1], [{ notation: "scientific", maximumSignificantDigits: 2 }, 987654], [{ notation: "engineering" }, -12345678], [{ useGrouping: "min2" }, 1234], [{ useGrouping: "min2" }, 12345],
      [{ roundingPriority: "morePrecision", maximumSignificantDigits: 2, maximumFractionDigits: 2 }, 1.2345], [{}, "Infinity"], [{}, "-Infinity"], [{ signDisplay: "always" }, "NaN"], [{}, "5e-7"], [{ maximumFractionDigits: 0 }, 2.5], [{ maximumFractionDigits: 0 }, -2.5]]) {
      c.push(`new Intl.NumberFormat(${q(l)},${q(o)}).format(${n})`);
    }
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{notation:"compact",compactDisplay:"long"}).formatToParts(-1234567))`);
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{style:"unit",unit:"kilometer-per-hour",unitDisplay:"long"}).formatToParts(1))`);
    c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},{style:"percent",signDisplay:"always"}).formatToParts(0.25))`);
    c.push(`new Intl.NumberFormat(${q(l)},{maximumFractionDigits:1}).formatRange(1.23, 1.26)`);
    for (const o of [{}, { style: "percent" }, { style: "currency", currency: "EUR" }, { style: "currency", currency: "USD" }, { style: "currency", currency: "JPY", currencyDisplay: "code" }, { style: "currency", currency: "USD", currencyDisplay: "name" }, { style: "unit", unit: "kilometer" }, { style: "unit", unit: "kilometer", unitDisplay: "long" }, { style: "unit", unit: "percent" }, { style: "unit", unit: "day", unitDisplay: "long" }, { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { notation: "scientific" }, { signDisplay: "always" }, { maximumFractionDigits: 0 }]) {
      // Strings: V8 attributes sources oddly once a prefix collapses.
      for (const [a, b] of [[3, 5], [-5, -3], [-3, 5], [3, -5], [1, 2], [1000, 5000000], [0.5, 0.55], [2.9, 3.1], [0, 0]]) c.push(`new Intl.NumberFormat(${q(l)},${q(o)}).formatRange(${a}, ${b})`);
    }
    for (const o of [{}, { style: "percent" }, { style: "unit", unit: "kilometer" }, { notation: "compact" }]) c.push(`JSON.stringify(new Intl.NumberFormat(${q(l)},${q(o)}).formatRangeToParts(-3, 5))`);
    c.push(`[1,2,3,5,10,100,1000000,1.5,"1.0"].map(n=>new Intl.NumberFormat(${q(l)},{style:"unit",unit:"day",unitDisplay:"long"}).format(n)).join("|")`);
    c.push(`new Intl.DisplayNames(${q(l)},{type:"region",fallback:"none"}).of("US")`);
    c.push(`["a-b","ab","a b","a.b"].sort(new Intl.Collator(${q(l)},{ignorePunctuation:true}).compare).join("|")`);
  }
  // Date ranges on other dates and patterns than the generator sampled.
  for (const l of L) {
    for (const o of [{ dateStyle: "full" }, { dateStyle: "medium" }, { weekday: "short", month: "short", day: "numeric" }, { month: "long", day: "numeric" }, { year: "numeric", month: "long" }, { year: "numeric", month: "short", day: "numeric" }, { month: "numeric", day: "numeric" }, { year: "2-digit", month: "2-digit", day: "2-digit" }]) {
      for (const [a, b] of [["Date.UTC(2025,10,12)", "Date.UTC(2025,10,28)"], ["Date.UTC(2025,1,27)", "Date.UTC(2025,11,3)"], ["Date.UTC(1999,11,31)", "Date.UTC(2000,0,1)"], ["Date.UTC(2025,6,4,10)", "Date.UTC(2025,6,4,18)"]]) {
        c.push(`new Intl.DateTimeFormat(${q(l)},${q({ ...o, timeZone: "UTC" })}).formatRange(${a}, ${b})`);
      }
    }
    c.push(`JSON.stringify(new Intl.DateTimeFormat(${q(l)},{dateStyle:"long",timeZone:"UTC"}).formatRangeToParts(Date.UTC(2025,2,3), Date.UTC(2025,2,17)))`);
  }
  // Pseudo-random numbers and option mixes (a fixed LCG, so the list is stable).
  {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = (a) => a[Math.floor(rnd() * a.length)];
    const OPTS = [{}, { maximumFractionDigits: 2 }, { minimumFractionDigits: 1, maximumFractionDigits: 4 }, { maximumSignificantDigits: 4 }, { style: "percent", maximumFractionDigits: 2 }, { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { notation: "scientific", maximumFractionDigits: 2 }, { notation: "engineering" }, { style: "currency", currency: "USD" }, { style: "currency", currency: "EUR", currencyDisplay: "code" }, { style: "currency", currency: "JPY", currencyDisplay: "name" }, { style: "unit", unit: "kilobyte", unitDisplay: "long" }, { style: "unit", unit: "hour", unitDisplay: "narrow" }, { signDisplay: "exceptZero", maximumFractionDigits: 1 }, { useGrouping: false, minimumIntegerDigits: 4 }];
    for (let i = 0; i < 600; i++) {
      const mag = Math.floor(rnd() * 24) - 8;
      let n = (rnd() - 0.3) * Math.pow(10, mag);
      if (rnd() < 0.3) n = Math.round(n);
      if (rnd() < 0.1) n = Math.round(n * 100) / 100 + 0.005;
      c.push(`new Intl.NumberFormat(${q(pick(L))},${q(pick(OPTS))}).format(${n})`);
    }
    for (let i = 0; i < 150; i++) {
      const n = rnd() < 0.5 ? Math.floor(rnd() * 2000000) : Math.round(rnd() * 1000) / 100;
      const l = pick(L);
      c.push(`[new Intl.PluralRules(${q(l)}).select(${n}), new Intl.PluralRules(${q(l)},{type:"ordinal"}).select(${n}), new Intl.RelativeTimeFormat(${q(l)},{numeric:"auto",style:${q(pick(["long", "short", "narrow"]))}}).format(${rnd() < 0.5 ? -n : n}, ${q(pick(["years", "quarter", "month", "weeks", "day", "hours", "minute", "seconds"]))})].join("|")`);
    }
    for (let i = 0; i < 150; i++) {
      const t = Math.floor(rnd() * 4e12) - 1e12;
      const o = pick([{ dateStyle: "full", timeStyle: "long" }, { dateStyle: "medium", timeStyle: "medium" }, { weekday: "long", hour: "numeric", minute: "numeric" }, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false }, { month: "long", day: "numeric", hour: "numeric", dayPeriod: "short" }, {}]);
      c.push(`new Intl.DateTimeFormat(${q(pick(L))},${q({ ...o, timeZone: pick(["UTC", "America/New_York", "Europe/Paris", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo", "Asia/Kolkata"]) })}).format(${t})`);
    }
  }
  // DisplayNames and currencies over many codes.
  {
    const langs = ["af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "eo", "es", "et", "eu", "fa", "fi", "fil", "fr", "ga", "gl", "gu", "ha", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "km", "kn", "ko", "ky", "lo", "lt", "lv", "mk", "ml", "mn", "mr", "ms", "my", "nb", "ne", "nl", "pa", "pl", "ps", "pt", "ro", "ru", "si", "sk", "sl", "sq", "sr", "sv", "sw", "ta", "te", "th", "tr", "uk", "ur", "uz", "vi", "yue", "zh", "zu", "haw", "tlh", "qaa"];
    const tags = ["en-US", "en-GB", "en-AU", "en-CA", "en-IN", "fr-CA", "fr-CH", "es-MX", "es-419", "pt-BR", "pt-PT", "zh-Hans", "zh-Hant", "zh-Hant-HK", "zh-TW", "sr-Latn", "sr-Cyrl-RS", "de-AT", "de-CH", "nl-BE", "ar-EG", "ko-KR", "ja-JP", "ru-UA", "sw-KE", "uz-Arab", "az-Cyrl-AZ", "pa-Arab-PK", "en-150", "es-US", "it-SM", "de-JP", "fr-Latn-JP"];
    for (const l of L) {
      for (const style of ["long", "short", "narrow"]) {
        c.push(`${q(langs)}.map(x=>new Intl.DisplayNames(${q(l)},{type:"language",style:${q(style)}}).of(x)).join("|")`);
        for (const ld of ["dialect", "standard"]) c.push(`${q(tags)}.map(x=>{try{return new Intl.DisplayNames(${q(l)},{type:"language",style:${q(style)},languageDisplay:${q(ld)}}).of(x)}catch(e){return String(e)}}).join("|")`);
        c.push(`["AD","AQ","BQ","CW","EH","GB","HK","MO","PS","SX","XK","ZZ","QO","EZ","UN","001","002","003","005","013","019","021","029","030","034","035","039","053","142","150","151","154","155","419","999"].map(x=>new Intl.DisplayNames(${q(l)},{type:"region",style:${q(style)}}).of(x)).join("|")`);
        c.push(`["Adlm","Arab","Armn","Beng","Brai","Cher","Copt","Cyrl","Deva","Ethi","Geor","Goth","Grek","Gujr","Hang","Hani","Hans","Hant","Hebr","Hira","Hrkt","Jpan","Kana","Khmr","Kore","Latn","Mong","Runr","Sinh","Taml","Thai","Tibt","Zmth","Zsym","Zxxx","Zyyy","Zzzz","Qaaa"].map(x=>new Intl.DisplayNames(${q(l)},{type:"script",style:${q(style)}}).of(x)).join("|")`);
      }
      c.push(`Intl.supportedValuesOf("currency").map(x=>new Intl.DisplayNames(${q(l)},{type:"currency"}).of(x)).join("|")`);
      c.push(`Intl.supportedValuesOf("currency").map(x=>new Intl.NumberFormat(${q(l)},{style:"currency",currency:x}).format(-1234.567)).join("|")`);
      c.push(`Intl.supportedValuesOf("currency").filter((x,i)=>i%7===0).map(x=>new Intl.NumberFormat(${q(l)},{style:"currency",currency:x,currencyDisplay:"name"}).format(1)).join("|")`);
      c.push(`["XYZ","QQQ"].map(x=>new Intl.DisplayNames(${q(l)},{type:"currency",fallback:"none"}).of(x)).join("|")`);
    }
    c.push(`new Intl.DisplayNames("en",{type:"language"}).of("en-Latn-US-posix")`);
    for (const l of L) for (const style of ["long", "short", "narrow"]) {
      c.push(`["gregory","buddhist","japanese","islamic-civil","iso8601","roc","abcde","GREGORY"].map(x=>new Intl.DisplayNames(${q(l)},{type:"calendar",style:${q(style)}}).of(x)).join("|")`);
      c.push(`["era","year","quarter","month","weekOfYear","weekday","day","dayPeriod","hour","minute","second","timeZoneName"].map(x=>new Intl.DisplayNames(${q(l)},{type:"dateTimeField",style:${q(style)}}).of(x)).join("|")`);
    }
    c.push(`new Intl.DisplayNames("en",{type:"calendar"}).of("xx")`, `new Intl.DisplayNames("en",{type:"dateTimeField"}).of("foo")`);
    c.push(`Intl.supportedValuesOf("timeZone").length`);
    c.push(`Intl.supportedValuesOf("timeZone").slice(0, 20).join()`);
  }
  // Segmentation of assorted text.
  for (const str of ["Hello, world! It's 3.14 o'clock.", "日本語のテキストです。", "e\u0301 👨‍👩‍👧 🇯🇵", "foo_bar baz-qux 1,000.5 $20", "Mr. Smith went to Washington. He arrived at 5 p.m. Then he left!", "“Quoted.” Next sentence?! Yes.", "a\r\nb\nc", "user@example.com http://x.y/z?q=1", "can't won’t", "한국어 문장입니다.", "🙂🙂 text", "tab\there", "Ünïcödé façade naïve", "x = (y + 2) * 3;"]) {
    for (const g of ["grapheme", "word", "sentence"]) c.push(`JSON.stringify([...new Intl.Segmenter("en",{granularity:${q(g)}}).segment(${q(str)})].map(x=>[x.segment,x.index,x.isWordLike]))`);
  }
  // What extensions tend to write.
  for (const l of ["en-US", "de", "ja"]) {
    for (const z of ["+01:00", "-0530", "+05", "+14:00"]) for (const st of ["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"]) c.push(`new Intl.DateTimeFormat(${q(l)},{timeZone:${q(z)},hour:"numeric",timeZoneName:${q(st)}}).format(0)`);
    c.push(`new Intl.DateTimeFormat(${q(l)},{timeZone:"+01:00"}).resolvedOptions().timeZone`);
  }
  c.push(
    `new Date(${T}).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", timeZone: "UTC"})`,
    `new Date(${T}).toLocaleString("en-US", {month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC"})`,
    `new Date(${T}).toLocaleDateString(undefined, {weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC"})`,
    `new Date(${T}).toLocaleString(undefined, {timeZoneName: "short"})`,
    `new Date(${T}).toLocaleTimeString("en-US", {hour12: false, timeZone: "UTC"})`,
    `new Date(${T}).toLocaleTimeString("en-GB", {hour: "numeric", minute: "2-digit", hour12: true, timeZone: "UTC"})`,
    `Intl.DateTimeFormat().resolvedOptions().timeZone`,
    `new Intl.NumberFormat("en-US", {style: "unit", unit: "byte", notation: "compact", unitDisplay: "narrow"}).format(123456789)`,
    `new Intl.NumberFormat("en-US", {style: "unit", unit: "megabyte", maximumFractionDigits: 1}).format(12.345)`,
    `(0.123).toLocaleString(undefined, {style: "percent", minimumFractionDigits: 1})`,
    `(1234.5).toLocaleString(undefined, {style: "currency", currency: "USD"})`,
    `(42).toLocaleString("en-US", {minimumIntegerDigits: 2})`,
    `new Intl.NumberFormat().format(0.1 + 0.2)`,
    `new Intl.NumberFormat("en", {notation: "compact", maximumFractionDigits: 1}).format(1550)`,
    `new Intl.NumberFormat("en", {style: "unit", unit: "millisecond", unitDisplay: "narrow"}).format(250)`,
    `new Intl.NumberFormat("en", {style: "unit", unit: "second", unitDisplay: "long"}).format(1)`,
    `new Intl.RelativeTimeFormat("en", {numeric: "auto"}).format(-3, "hour")`,
    `new Intl.RelativeTimeFormat(undefined, {style: "narrow"}).format(5, "minutes")`,
    `new Intl.ListFormat("en", {style: "long", type: "conjunction"}).format(["read", "write", "edit", "bash"])`,
    `new Intl.PluralRules("en-US").select(0)`,
    `[..."👍🏽 ok"].length + ":" + [...new Intl.Segmenter().segment("👍🏽 ok")].length`,
    `new Intl.Collator(undefined, {numeric: true, sensitivity: "base"}).compare("File10.txt", "file9.TXT")`,
    `["b", "a", "C"].sort(Intl.Collator().compare).join()`,
    `new Intl.DateTimeFormat("en", {era: "long", dateStyle: "long"})`,
    `new Date(8.64e15).toLocaleString("en-US", {timeZone: "UTC"})`,
    `new Date(-8.64e15).toLocaleDateString("en-US", {timeZone: "UTC"})`,
    `new Intl.NumberFormat("en",{maximumFractionDigits:20}).format("1234.5678901234567890123")`,
    `new Intl.NumberFormat("de",{maximumFractionDigits:3}).format("-0.00012345678901234567890")`,
    `new Intl.NumberFormat("en").format("12345678901234567890.5")`,
    `new Intl.NumberFormat("en",{notation:"compact"}).format("98765432109876543210")`,
    `new Intl.NumberFormat("en").format("1e3")`,
    `new Intl.NumberFormat("en").format(" 42 ")`,
    `new Intl.NumberFormat("en").format("abc")`,
    `new Intl.NumberFormat("en").format("")`,
    `new Intl.NumberFormat("en").format("0x1F")`,
  );
  // Errors and locale negotiation.
  c.push(
    `new Intl.NumberFormat("en",{style:"bogus"})`,
    `new Intl.NumberFormat("en",{style:"currency"})`,
    `new Intl.NumberFormat("en",{style:"currency",currency:"US"})`,
    `new Intl.NumberFormat("en",{maximumFractionDigits:200})`,
    `new Intl.NumberFormat("en",{minimumFractionDigits:3,maximumFractionDigits:1})`,
    `Intl.PluralRules()`,
    `new Intl.DateTimeFormat("en",{dateStyle:"long",month:"long"})`,
    `new Intl.DateTimeFormat("en",{timeZone:"Mars/Base"})`,
    `new Intl.NumberFormat("xx-invalid-!!")`,
    `new Intl.NumberFormat("en",{style:"unit",unit:"furlong"})`,
    `new Intl.RelativeTimeFormat("en").format(1,"decade")`,
    `new Intl.DateTimeFormat("en").format(NaN)`,
    `new Intl.ListFormat("en").format([1])`,
    `new Intl.Segmenter("en",{granularity:"line"})`,
    `new Intl.NumberFormat("en",{useGrouping:"x"})`,
    `Intl.getCanonicalLocales(["EN-us","de-de","zh-hans-cn","en-US"]).join()`,
    `Intl.getCanonicalLocales([1])`,
    `Intl.NumberFormat.supportedLocalesOf(["de-DE","en-GB","fr"]).join()`,
    `new Intl.NumberFormat("de-DE").resolvedOptions().locale`,
    `new Intl.NumberFormat(["en-GB","de"]).resolvedOptions().locale`,
    `new Intl.NumberFormat().resolvedOptions().locale`,
    `new Intl.DateTimeFormat("en-US-u-hc-h23",{hour:"numeric",timeZone:"UTC"}).format(0)`,
    `Intl.supportedValuesOf("calendar").includes("gregory")`,
    `typeof Intl`,
    `Object.prototype.toString.call(Intl)`,
    `Object.prototype.toString.call(new Intl.NumberFormat())`,
    `(1234.5).toLocaleString()`,
    `(0.1+0.2).toLocaleString("en",{maximumFractionDigits:20})`,
    `new Intl.NumberFormat("en",{maximumFractionDigits:2}).format("1234.565")`,
    `new Intl.NumberFormat("en",{notation:"compact"}).format(999999)`,
    `new Intl.NumberFormat("en",{notation:"compact"}).format(-0.000123)`,
    `new Intl.NumberFormat("ja",{notation:"compact"}).format(123456789)`,
    `new Intl.NumberFormat("de",{notation:"compact",compactDisplay:"long"}).format(2500000)`,
    `new Intl.NumberFormat("fr",{notation:"compact",compactDisplay:"long"}).format(1000000)`,
    `new Intl.NumberFormat("en").format(NaN)`,
    `new Intl.NumberFormat("de",{style:"percent"}).format(-Infinity)`,
    `new Intl.NumberFormat("en",{roundingPriority:"bogus"})`,
    `new Intl.NumberFormat("en",{minimumIntegerDigits:0})`,
    `new Intl.NumberFormat("en",{currency:"EUR"}).resolvedOptions().currency`,
    `new Intl.NumberFormat("en",{style:"unit"})`,
    `new Intl.NumberFormat("en",{style:"currency",currency:"eur"}).resolvedOptions().currency`,
    `new Intl.DateTimeFormat("en",{hour:"bogus"})`,
    `new Intl.DateTimeFormat("en",{timeZone:"america/new_york"}).resolvedOptions().timeZone`,
    `new Intl.DateTimeFormat("en",{timeZone:"Etc/UTC"}).resolvedOptions().timeZone`,
    `new Intl.DateTimeFormat("en",{fractionalSecondDigits:4})`,
    `new Intl.PluralRules("en",{type:"bogus"})`,
    `new Intl.Collator("en",{sensitivity:"bogus"})`,
    `new Intl.RelativeTimeFormat("en",{style:"bogus"})`,
    `new Intl.ListFormat("en",{type:"bogus"})`,
    `new Intl.DisplayNames("en",{type:"region"}).of("USA")`,
    `new Intl.DisplayNames("en",{})`,
    `Intl.DisplayNames("en",{type:"region"})`,
    `Intl.Segmenter()`,
    `Intl.ListFormat()`,
    `Intl.RelativeTimeFormat()`,
    `Intl.NumberFormat("de").format(1234.5)`,
    `Intl.DateTimeFormat("de",{timeZone:"UTC"}).format(0)`,
    `Intl.Collator("de").compare("ä","b")`,
    `Intl.getCanonicalLocales("en-u-ca-gregory-hc-h12")`,
    `Intl.getCanonicalLocales("")`,
    `Intl.getCanonicalLocales(["en_US"])`,
    `Intl.getCanonicalLocales("iw")`,
    `Intl.getCanonicalLocales(["de","DE","de-de"]).join()`,
    `Intl.supportedValuesOf("bogus")`,
    `Intl.supportedValuesOf("unit").length`,
    `new Intl.NumberFormat("en").resolvedOptions === new Intl.NumberFormat("de").resolvedOptions`,
    `typeof new Intl.NumberFormat("en").format`,
    `new Intl.NumberFormat("en").format.name`,
    `Intl.NumberFormat.name + Intl.NumberFormat.length`,
    `Intl.DateTimeFormat.length + Intl.Collator.length + Intl.PluralRules.length`,
    `Object.keys(Intl).length`,
    `JSON.stringify(Object.getOwnPropertyNames(Intl).sort())`,
    `(123.456).toLocaleString("de-DE", {style:"currency", currency:"EUR"})`,
    `(5).toLocaleString("en", {style:"unit", unit:"megabyte"})`,
    `(1e21).toLocaleString("en")`,
    `(-1234.5).toLocaleString(undefined, {minimumFractionDigits: 2})`,
    `["ä","a","z"].sort((x,y)=>x.localeCompare(y)).join()`,
    `["ä","a","z"].sort((x,y)=>x.localeCompare(y,"sv")).join()`,
    `new Date(0).toLocaleString("en-US", {timeZone: "UTC"})`,
    `new Date(NaN).toLocaleString()`,
    `new Date(NaN).toLocaleDateString("de")`,
    `new Date(Date.UTC(2024,1,29)).toLocaleDateString("en-US", {timeZone:"UTC", weekday:"long"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleTimeString("en-US", {timeZone:"UTC", hour:"2-digit", minute:"2-digit"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleDateString("en-US", {timeZone:"UTC", timeStyle:"short"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleTimeString("en-US", {timeZone:"UTC", dateStyle:"short"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("en-US", {timeZone:"UTC", dateStyle:"short"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("ja-JP", {timeZone:"Asia/Tokyo"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("zh-Hans-CN", {timeZone:"Asia/Shanghai"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("fr-FR", {timeZone:"Europe/Paris"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("es-ES", {timeZone:"Europe/Madrid"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("de-DE", {timeZone:"Europe/Berlin"})`,
    `new Date(Date.UTC(2024,1,29)).toLocaleString("en-GB", {timeZone:"Europe/London"})`,
    `new Date(Date.UTC(-50,1,29)).toLocaleString("en-US", {timeZone:"UTC"})`,
    `new Intl.DateTimeFormat("en",{timeZone:"UTC"}).format(new Date(Date.UTC(2024,0,1)))`,
    `new Intl.DateTimeFormat("en",{timeZone:"UTC"}).format("2024-01-01")`,
    `JSON.stringify(new Intl.DateTimeFormat("en-US-u-hc-h23",{hour:"numeric",timeZone:"UTC"}).resolvedOptions())`,
    `JSON.stringify(Intl.DateTimeFormat.supportedLocalesOf(["ja-JP","zh-TW","xx-YY"]))`,
    `new Intl.RelativeTimeFormat("en").format(-0, "second")`,
    `new Intl.RelativeTimeFormat("en",{numeric:"auto"}).format(-0, "second")`,
    `new Intl.RelativeTimeFormat("en").format(1e6, "year")`,
    `new Intl.RelativeTimeFormat("es",{numeric:"auto"}).format(2, "day")`,
    `new Intl.ListFormat("es",{type:"disjunction"}).format(["uno","ocho"])`,
    `new Intl.ListFormat("es").format(["Ana","Ignacio"])`,
    `new Intl.ListFormat("es").format(["Ana","hielo"])`,
    `new Intl.ListFormat("en").format(new Set(["a","b"]))`,
    `new Intl.PluralRules("en").selectRange(1, 2)`,
    `new Intl.Segmenter("ja",{granularity:"grapheme"}).segment("日本語").containing(1).segment`,
    `[...new Intl.Segmenter("en",{granularity:"word"}).segment("")].length`,
    `new Intl.Locale("en-Latn-US").baseName`,
    `new Intl.Locale("zh-Hant-TW").script + new Intl.Locale("zh-Hant-TW").region`,
    `String(new Intl.Locale("EN-us"))`,
    `JSON.stringify(["en","zh","zh-TW","zh-HK","sr","und","en-GB","ja-JP","de-Latn-DE","es-419","pt","pt-PT","ar","hi","ko-KR","ru","he","uz-Arab","en-u-hc-h23-ca-buddhist","EN-us-u-kn","de-DE-1996","fr-CA-x-private"].map(t=>{const l=new Intl.Locale(t);return [String(l),l.baseName,String(l.maximize()),String(l.minimize()),l.language,l.script,l.region,l.calendar,l.hourCycle,l.numeric,l.caseFirst,l.collation,l.numberingSystem]}))`,
    `String(new Intl.Locale("en",{region:"GB",calendar:"gregory",hourCycle:"h12",numeric:true,caseFirst:"upper",numberingSystem:"latn",collation:"phonebk"}))`,
    `String(new Intl.Locale("en-US",{language:"fr",script:"Latn"}))`,
    `new Intl.Locale("en",{hourCycle:"h25"})`,
    `new Intl.Locale("en",{region:"USA"})`,
    `new Intl.NumberFormat(new Intl.Locale("de-DE")).format(1234.5)`,
    `Intl.getCanonicalLocales(new Intl.Locale("EN-gb")).join()`,
  );
  return c;
})()
