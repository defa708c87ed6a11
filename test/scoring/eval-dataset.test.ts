/**
 * The eval harness sends a case as a client would: events that eval files place by turn (`at_turn`) reach the
 * scorer placed by time, as the API places them, in their listed order.
 */
import { describe, expect, it } from 'vitest';
import { type EvalCase, toConversation } from '../../eval/dataset.js';

const item = (events: EvalCase['events'], transcript: EvalCase['transcript']) =>
  ({ id: 'x', domain: 'test', channel: 'chat', transcript, events, expected: {}, file: 'x.json' }) as EvalCase;

describe('eval cases sent as a client would', () => {
  it('place an event named by its turn in the middle of that turn, keeping the listed order', () => {
    const sent = toConversation(
      item(
        [
          { type: 'tool_call', name: 'book_visit', status: 'failure', at_turn: 1 },
          { type: 'tool_call', name: 'book_visit', status: 'success', at_turn: 1 },
        ],
        [
          { speaker: 'user', text: 'Tuesday please.' },
          { speaker: 'agent', text: 'Booking that now.' },
          { speaker: 'agent', text: "You're booked." },
        ],
      ),
    );
    const [start, end] = [sent.transcript[1]?.start_ms as number, sent.transcript[1]?.end_ms as number];
    const [failed, retried] = sent.events.map((event) => event.at_ms as number);
    expect(failed).toBeGreaterThan(start);
    expect(retried).toBeGreaterThan(failed as number);
    expect(retried).toBeLessThan(end);
    expect(sent.transcript[2]?.start_ms).toBeGreaterThan(end);
    expect(sent.events.some((event) => 'at_turn' in event)).toBe(false);
  });

  it('leave a case without turn-placed events as it is', () => {
    const transcript = [{ speaker: 'user' as const, text: 'Hello?' }];
    const events = [{ type: 'tool_call', name: 'book_visit', status: 'success' }];
    expect(toConversation(item(events, transcript))).toMatchObject({ transcript, events });
  });
});
