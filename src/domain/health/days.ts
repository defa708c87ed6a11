/**
 * Calendar days in a workspace's time zone. A day is its local date as `YYYY-MM-DD`, which sorts and compares
 * as text; day arithmetic works on the calendar date itself, so daylight-saving changes never shift a day.
 */

export type Day = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The local date of an instant in a time zone. */
export function localDay(instantMs: number, timeZone: string): Day {
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatterFor(timeZone).formatToParts(instantMs)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

function parseDay(day: Day): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** The day `n` days after (or, negative, before) `day`. */
export function addDays(day: Day, n: number): Day {
  const [y, m, d] = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export interface WindowDays {
  today: Day;
  /** First day of `last_7_days`: today and the six days before. */
  from7: Day;
  /** First day of `last_30_days`: today and the 29 days before. */
  from30: Day;
}

export function windowDays(nowMs: number, timeZone: string): WindowDays {
  const today = localDay(nowMs, timeZone);
  return { today, from7: addDays(today, -6), from30: addDays(today, -29) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 18": how a day reads in a reason. */
export function shortDay(day: Day): string {
  const [, m, d] = parseDay(day);
  return `${MONTHS[m - 1]} ${d}`;
}
