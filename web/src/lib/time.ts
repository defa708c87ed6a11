/** Times shown in the workspace's time zone with Intl; the service sends ISO 8601 in UTC. */
import { useMemo } from 'react';
import { useSession } from './session';

export interface TimeFormat {
  /** 24 Nov 2026, 14:03 */
  dateTime(iso: string | null | undefined): string;
  /** 24 Nov 2026, 14:03:07 */
  precise(iso: string | null | undefined): string;
  zone: string;
}

export function timeFormat(zone: string): TimeFormat {
  const options = { timeZone: zone, hourCycle: 'h23' } as const;
  const short = new Intl.DateTimeFormat(undefined, {
    ...options,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const long = new Intl.DateTimeFormat(undefined, {
    ...options,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const format = (formatter: Intl.DateTimeFormat, iso: string | null | undefined) => {
    if (!iso) return '—';
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
  };
  return { dateTime: (iso) => format(short, iso), precise: (iso) => format(long, iso), zone };
}

export function useTimeFormat(): TimeFormat {
  const zone = useSession().workspace.timezone;
  return useMemo(() => timeFormat(zone), [zone]);
}

/** The UTC instant at which a calendar day (YYYY-MM-DD) begins in a time zone. */
export function startOfDayIn(day: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const utcGuess = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Two passes settle days on which the offset changes.
  let instant = utcGuess - offsetMs(utcGuess, zone);
  instant = utcGuess - offsetMs(instant, zone);
  return new Date(instant).toISOString();
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function offsetMs(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** 1:05 or 1:02:05 from milliseconds. */
export function clock(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
