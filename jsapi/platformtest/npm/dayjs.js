// dayjs: parse, format, manipulate, plugins (utc, relativeTime, duration, customParseFormat), locales.
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import relativeTime from "dayjs/plugin/relativeTime.js";
import duration from "dayjs/plugin/duration.js";
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import "dayjs/locale/de.js";

dayjs.extend(utc);
dayjs.extend(relativeTime);
dayjs.extend(duration);
dayjs.extend(customParseFormat);

export default async function () {
  const d = dayjs.utc("2024-02-28T13:45:30Z");
  return {
    format: d.format("YYYY-MM-DD HH:mm:ss dddd MMM A"),
    add: d.add(2, "day").add(1, "month").toISOString(),
    startOf: d.startOf("month").format(),
    diff: dayjs.utc("2024-03-10").diff(d, "day"),
    from: d.from(d.add(3, "hour")),
    to: d.to(d.add(2, "year")),
    de: d.locale("de").format("dddd, D. MMMM"),
    duration: dayjs.duration(93784000).format("D[d] HH:mm:ss"),
    humanize: dayjs.duration(2, "minutes").humanize(),
    custom: dayjs.utc("05/06/2023 07:08", "DD/MM/YYYY HH:mm").toISOString(),
    invalid: [dayjs("nope").isValid(), String(dayjs("nope").toDate())],
    compare: [d.isBefore(d.add(1, "ms")), d.isSame(d.clone()), d.daysInMonth(), d.day(), d.unix()],
    local: dayjs(0).format("YYYY-MM-DDTHH:mm:ssZ"),
  };
}
