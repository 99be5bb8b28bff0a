// date-fns: formatting, parsing, arithmetic, intervals, locales (fixed dates, UTC).
import { format, parseISO, addDays, differenceInCalendarDays, formatDistance, isValid, parse, startOfWeek, eachDayOfInterval, formatISO, intervalToDuration, formatDuration, isBefore, subMonths } from "date-fns";
import { de, fr } from "date-fns/locale";

export default async function () {
  const d = parseISO("2024-02-28T13:45:30Z");
  return {
    format: format(d, "yyyy-MM-dd HH:mm:ss EEEE do MMMM"),
    formatDe: format(d, "EEEE, d. MMMM yyyy", { locale: de }),
    formatFr: format(d, "EEEE d MMMM", { locale: fr }),
    addDays: formatISO(addDays(d, 2)),
    subMonths: formatISO(subMonths(d, 1)),
    diff: differenceInCalendarDays(parseISO("2024-03-10"), d),
    distance: formatDistance(d, addDays(d, 45)),
    distanceDe: formatDistance(d, addDays(d, 3), { locale: de, addSuffix: true }),
    valid: [isValid(d), isValid(parseISO("nope"))],
    parse: formatISO(parse("05/06/2023 07:08", "dd/MM/yyyy HH:mm", new Date(0))),
    startOfWeek: formatISO(startOfWeek(d, { weekStartsOn: 1 })),
    days: eachDayOfInterval({ start: d, end: addDays(d, 2) }).map((x) => format(x, "d")),
    duration: formatDuration(intervalToDuration({ start: 0, end: 93784000 })),
    before: isBefore(d, addDays(d, 1)),
  };
}
