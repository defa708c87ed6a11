/**
 * What kind of work a tool call does, for resolution.ts: read from the words of its name, and the statuses that say
 * a call has not finished.
 */
import { type ConversationEvent, isBookingToolCall } from '../../domain/conversation.js';

/**
 * What a tool call does, read from its name's words: a booking, a hand-on (a callback, a message taken, a waitlist
 * place: someone else will deal with it later), a record (a ticket or a case: it may be the request or a way of
 * putting it off, so the words decide), a read (a lookup or a check: it changes nothing), or other work (a refund,
 * a reset, a cancellation, a note added to an order).
 */
export type ToolKind = 'booking' | 'handOn' | 'record' | 'read' | 'work';

const HAND_ON_WORDS = new Set([
  'callback',
  'voicemail',
  'waitlist',
  'waitinglist',
  'escalate',
  'escalation',
  'referral',
]);
// A complaint or dispute logged puts the matter on record for someone else ("log_complaint", "log_dispute"). Not
// "issue": "issue_refund" does the work.
const RECORD_WORDS = new Set(['ticket', 'case', 'complaint', 'dispute', 'grievance', 'incident', 'feedback']);
const READ_WORDS = new Set([
  'lookup',
  'check',
  'get',
  'find',
  'search',
  'fetch',
  'list',
  'view',
  'track',
  'verify',
  'validate',
  'locate',
  'status',
  'availability',
  'quote',
  'read',
]);
/** A status that says the call has not finished: the booking is neither made nor refused. */
export const UNFINISHED_STATUSES = new Set([
  'pending',
  'queued',
  'processing',
  'in_progress',
  'in progress',
  'submitted',
  'running',
  'waiting',
]);

/** The words of a tool's name, however it is written: "sendSms", "send_sms" and "send-SMS" all read send, sms. */
function nameWords(event: ConversationEvent): string[] {
  return (event.name ?? '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

export function toolKind(event: ConversationEvent): ToolKind {
  const words = nameWords(event);
  const joined = words.join('');
  // "request_callback", "schedule_call_back", "add_to_wait_list", "take_message": handed on, whatever the verb.
  // A message taken or left for someone is handed on; a gift message or a message sent to the caller is not.
  if (
    words.some((word) => HAND_ON_WORDS.has(word)) ||
    /callback|waitlist|waitinglist/.test(joined) ||
    (words.includes('message') && (words.includes('take') || words.includes('leave')))
  )
    return 'handOn';
  if (isBookingToolCall(event)) return 'booking';
  // "create_ticket", "open_case"; "book_ticket" is a booking, read above.
  if (words.some((word) => RECORD_WORDS.has(word))) return 'record';
  // "check_in_guest" checks a guest in: work, not a read.
  const reads = words.some(
    (word, index) => READ_WORDS.has(word) && !(word === 'check' && /^(?:in|out)$/.test(words[index + 1] ?? '')),
  );
  return reads ? 'read' : 'work';
}

const MESSAGE_WORDS = new Set(['send', 'sms', 'text', 'email', 'notify', 'notification']);

/**
 * A call that only sends the caller something ("send_sms", "email_details", "send_confirmation_text"): work, for
 * resolution, but it books nothing, so a booking claimed with only this behind it is unbacked.
 */
export function onlySendsAMessage(event: ConversationEvent): boolean {
  if (event.type !== 'tool_call' || toolKind(event) !== 'work') return false;
  return nameWords(event).some((word) => MESSAGE_WORDS.has(word));
}

const ORDER_WORDS = /order|purchase/i;

/** A call that places, changes or cancels an order ("create_trade_order", "place_order"): work a customer gets done. */
export function handlesAnOrder(event: ConversationEvent): boolean {
  return event.type === 'tool_call' && ORDER_WORDS.test(event.name ?? '') && toolKind(event) === 'work';
}
