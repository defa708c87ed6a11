/**
 * Placing events against turns. Events carry no turn index, so order comes from time: an event's
 * `at_ms` against a turn's `start_ms`/`end_ms` when both sides have them. Without timing each
 * caller states the assumption it makes (see the `whenUntimed` arguments), and events keep their
 * array order among themselves.
 */
import type { ConversationEvent } from '../../domain/conversation.js';
import type { ReadTurn } from './reading.js';

/** Whether the event happened before the turn was over (a tool result the speaker could know about). */
export function happenedBeforeTurnEnded(event: ConversationEvent, turn: ReadTurn, whenUntimed: boolean): boolean {
  const turnEnd = turn.endMs ?? turn.startMs;
  if (event.at_ms === undefined || turnEnd === undefined) return whenUntimed;
  return event.at_ms <= turnEnd;
}

/** Whether the event happened once the turn had begun (a reaction to what was said in it). */
export function happenedAfterTurnStarted(event: ConversationEvent, turn: ReadTurn, whenUntimed: boolean): boolean {
  const turnStart = turn.startMs ?? turn.endMs;
  if (event.at_ms === undefined || turnStart === undefined) return whenUntimed;
  return event.at_ms >= turnStart;
}

/** Whether `later` came after `earlier`: by `at_ms` when both have it, by array position otherwise. */
export function eventCameAfter(
  events: readonly ConversationEvent[],
  later: ConversationEvent,
  earlier: ConversationEvent,
): boolean {
  if (later.at_ms !== undefined && earlier.at_ms !== undefined) return later.at_ms > earlier.at_ms;
  return events.indexOf(later) > events.indexOf(earlier);
}
