/** The transcript as a timeline. Every string in it came from a caller: rendered as text nodes only. */
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { clock } from '../../../lib/time';
import type { ConversationEvent, Turn } from '../types';
import { buildTimeline } from './timeline';

const MISHEARD_BELOW = 0.8;

function speakerWord(speaker: string, channel: string): string {
  if (speaker === 'agent') return 'Agent';
  if (speaker === 'user') return channel === 'voice' ? 'Caller' : 'User';
  if (speaker === 'human_agent') return 'Person';
  return speaker;
}

const FAILURE = /^(error|failed|failure|timeout|cancelled|canceled)$/i;
const SUCCESS = /^(success|succeeded|ok|completed|done)$/i;

function EventRow({ event, timed }: { event: ConversationEvent; timed: boolean }) {
  const status = typeof event.status === 'string' ? event.status : null;
  const tone = status === null ? 'neutral' : FAILURE.test(status) ? 'bad' : SUCCESS.test(status) ? 'good' : 'neutral';
  const kind = event.type === 'tool_call' ? 'Tool call' : event.type === 'transfer' ? 'Transfer' : event.type;
  return (
    <li className={`event event-${tone}`} data-testid="timeline-event">
      <span className="event-kind">{kind}</span>
      {typeof event.name === 'string' ? <code className="event-name">{event.name}</code> : null}
      {status !== null ? <Badge tone={tone}>{status}</Badge> : null}
      {typeof event.target === 'string' ? <span className="event-target">→ {event.target}</span> : null}
      {timed && typeof event.at_ms === 'number' ? <span className="muted small">{clock(event.at_ms)}</span> : null}
    </li>
  );
}

export function TranscriptTimeline({
  turns,
  events,
  channel,
  highlighted,
}: {
  turns: Turn[];
  events: ConversationEvent[];
  channel: string;
  highlighted: ReadonlySet<number>;
}) {
  const items = buildTimeline(turns, events);
  const firstUntimed = items.findIndex((item) => item.kind === 'event' && !item.timed);
  return (
    <ol className="timeline" aria-label="Transcript">
      {items.map((item, position) => {
        if (item.kind === 'event') {
          return (
            <EventGroup key={`e${item.index}`} showHeading={position === firstUntimed}>
              <EventRow event={item.event} timed={item.timed} />
            </EventGroup>
          );
        }
        const { turn, index } = item;
        const misheard = typeof turn.asr_confidence === 'number' && turn.asr_confidence < MISHEARD_BELOW;
        const classes = [
          'turn',
          `turn-${turn.speaker === 'agent' || turn.speaker === 'user' ? turn.speaker : 'other'}`,
        ];
        if (highlighted.has(index)) classes.push('turn-evidence');
        return (
          <li
            key={`t${index}`}
            id={`turn-${index}`}
            className={classes.join(' ')}
            data-testid="turn"
            data-evidence={highlighted.has(index) || undefined}
          >
            <div className="turn-head">
              <span className="turn-speaker">{speakerWord(turn.speaker, channel)}</span>
              {/* People count turns from 1 (as the results' reasons do); evidence_turns are indexes from 0. */}
              <span className="turn-index">#{index + 1}</span>
              {typeof turn.start_ms === 'number' ? <span className="turn-time">{clock(turn.start_ms)}</span> : null}
              {misheard ? (
                <Badge tone="warn" title={`Speech recognition confidence ${turn.asr_confidence}`}>
                  possibly misheard
                </Badge>
              ) : null}
            </div>
            <p className="turn-text">{turn.text}</p>
          </li>
        );
      })}
    </ol>
  );
}

function EventGroup({ showHeading, children }: { showHeading: boolean; children: ReactNode }) {
  if (!showHeading) return children;
  return (
    <>
      <li className="timeline-divider">Events sent without a time (in the order sent)</li>
      {children}
    </>
  );
}
