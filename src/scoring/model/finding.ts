/** What a scoring stage (rule or model) concludes for one check, and helpers to explain it in plain words. */
import type { Verdict } from '../../domain/checks.js';
import type { ReadTurn } from './reading.js';

export interface Finding {
  verdict: Verdict;
  /** Calibrated likelihood (0..1) that the problem the check looks for occurred; null when it does not apply. */
  score: number | null;
  /** Chosen option of a multiple-choice check. */
  choice?: string;
  reason: string;
  evidence_turns: number[];
}

const QUOTE_LIMIT = 70;

/** A short quotation of what was said, for reasons people read. */
function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > QUOTE_LIMIT ? `${flat.slice(0, QUOTE_LIMIT).replace(/\s+\S*$/, '')}…` : flat;
  return `"${cut}"`;
}

/**
 * Names turns the way people count them (the first turn is turn 1), while `evidence_turns`
 * carries the zero-based indexes.
 */
export function turnNames(indexes: readonly number[]): string {
  const names = indexes.map((index) => String(index + 1));
  if (names.length <= 1) return `turn ${names.join('')}`;
  return `turns ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "turn 4 ("can I talk to a real person")". */
export function citeTurn(turn: ReadTurn, said: string = turn.text): string {
  return `${turnNames([turn.index])} (${quote(said)})`;
}

/** A verdict that rests only on possibly misheard turns is for a person to look at. */
export function restsOnlyOnMisheard(turns: readonly ReadTurn[]): boolean {
  return turns.length > 0 && turns.every((turn) => turn.misheard);
}

export function uniqueSorted(indexes: Iterable<number>): number[] {
  return [...new Set(indexes)].sort((a, b) => a - b);
}

/** A reason quoted inside another ("Unresolved: the caller asked ..."): its first letter in lower case. */
export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
