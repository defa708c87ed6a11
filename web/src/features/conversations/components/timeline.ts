/**
 * Turns and events in one sequence. An event goes after the last turn that had begun by its `at_ms`, when
 * both sides carry times; events without a time cannot be placed against turns and follow the transcript,
 * in the order they were sent (DESIGN.md: at_ms against start_ms/end_ms, array order otherwise).
 */
import type { ConversationEvent, Turn } from '../types';

export type TimelineItem =
  | { kind: 'turn'; index: number; turn: Turn }
  | { kind: 'event'; index: number; event: ConversationEvent; timed: boolean };

export function buildTimeline(turns: readonly Turn[], events: readonly ConversationEvent[]): TimelineItem[] {
  const starts = turns.map((turn) => turn.start_ms ?? turn.end_ms);
  const turnsTimed = starts.some((start) => typeof start === 'number');
  const after: TimelineItem[][] = turns.map(() => []);
  const before: TimelineItem[] = [];
  const untimed: TimelineItem[] = [];
  events.forEach((event, index) => {
    const at = typeof event.at_ms === 'number' ? event.at_ms : undefined;
    if (at === undefined || !turnsTimed) {
      untimed.push({ kind: 'event', index, event, timed: false });
      return;
    }
    let last = -1;
    starts.forEach((start, turnIndex) => {
      if (typeof start === 'number' && start <= at) last = turnIndex;
    });
    const item: TimelineItem = { kind: 'event', index, event, timed: true };
    if (last < 0) before.push(item);
    else after[last]?.push(item);
  });
  const items: TimelineItem[] = [...before];
  turns.forEach((turn, index) => {
    items.push({ kind: 'turn', index, turn });
    items.push(...(after[index] ?? []));
  });
  return [...items, ...untimed];
}
