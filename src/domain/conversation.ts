/** The shapes of a conversation as the service understands it, independent of HTTP and storage. */

export const SPEAKERS = ['agent', 'user', 'human_agent'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export const CHANNELS = ['voice', 'chat'] as const;
export type Channel = (typeof CHANNELS)[number];

export const ENDED_BY = ['agent', 'caller', 'user', 'human_agent', 'timeout', 'system'] as const;
export type EndedBy = (typeof ENDED_BY)[number];

export const ENVIRONMENTS = ['test', 'live'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const SCORING_STATUSES = ['queued', 'evaluating', 'done', 'failed'] as const;
export type ScoringStatus = (typeof SCORING_STATUSES)[number];

/** All six strings: the planned renames are listed so clients can accept both forms. */
export const OUTCOMES = [
  'resolved',
  'unresolved',
  'escalated',
  'not_real_inquiry',
  'handed_to_person',
  'not_customer_call',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface Turn {
  speaker: Speaker;
  text: string;
  start_ms?: number;
  end_ms?: number;
  /** 0..1; below MISHEARD_BELOW the turn may have been misheard by speech recognition. */
  asr_confidence?: number;
}

export const MISHEARD_BELOW = 0.8;

/** What the agent did. Extra properties beyond those named are kept as sent. */
export interface ConversationEvent {
  type: string;
  name?: string;
  status?: string;
  target?: string;
  at_ms?: number;
  [extra: string]: unknown;
}

/** The part of a conversation that scoring reads. */
export interface ScorableConversation {
  channel: Channel;
  ended_by: EndedBy | null;
  transcript: Turn[];
  events: ConversationEvent[];
  metadata: Record<string, unknown>;
  /** Who handled it and the group it was filed under, for checks limited to some agents or groups. */
  agent_id?: string;
  group_id?: string | null;
}

const SUCCESS_STATUSES = new Set(['success', 'succeeded', 'ok', 'completed', 'done']);
const FAILURE_STATUSES = new Set(['error', 'failed', 'failure', 'timeout', 'cancelled', 'canceled']);

/** How an event's free-form `status` reads: DESIGN.md fixes the words, in any case. */
export function eventOutcome(event: Pick<ConversationEvent, 'status'>): 'success' | 'failure' | 'unknown' {
  const status = event.status?.trim().toLowerCase();
  if (status === undefined) return 'unknown';
  if (SUCCESS_STATUSES.has(status)) return 'success';
  if (FAILURE_STATUSES.has(status)) return 'failure';
  return 'unknown';
}

/** A `tool_call` whose name mentions booking or scheduling switches the booking checks on. */
export function isBookingToolCall(event: Pick<ConversationEvent, 'type' | 'name'>): boolean {
  if (event.type !== 'tool_call' || event.name === undefined) return false;
  const name = event.name.toLowerCase();
  return name.includes('book') || name.includes('schedul');
}

/** A `transfer` or `handoff` event hands the conversation to a person. */
export function isHandoffEvent(event: Pick<ConversationEvent, 'type'>): boolean {
  return event.type === 'transfer' || event.type === 'handoff';
}
