/**
 * Compile-time checks of the client's public types, run by `npm run typecheck` (never executed): responses
 * accept enum values added later, requests keep their closed enums, events narrow by `type`, and the
 * README's examples compile.
 */
import {
  type Conversation,
  type ConversationSummary,
  type CqmClient,
  createWebhookVerifier,
  isEventType,
  isKnownEvent,
  type Outcome,
  type WebhookEvent,
} from '../../packages/client/src/index.js';

export async function readmeExamples(cqm: CqmClient, request: Request): Promise<void> {
  const { id } = await cqm.conversations.create({
    external_id: 'call-8841',
    channel: 'voice',
    agent: { id: 'front-desk', version: '2.4' },
    transcript: [{ speaker: 'agent', text: 'Hello' }],
    events: [{ type: 'tool_call', name: 'reschedule_appointment', status: 'success' }],
  });
  const conversation: Conversation = await cqm.conversations.waitUntilDone(id, { timeoutMs: 60_000 });
  for (const result of conversation.results) void [result.check_key, result.verdict, result.reason];
  for await (const c of cqm.conversations.listAll({ status: 'done', failed_check: 'ai_disclosure', limit: 100 })) {
    const summary: ConversationSummary = c;
    void summary.external_id;
  }
  for await (const check of cqm.checks.listAll()) void check.key;

  const verifier = createWebhookVerifier({ secret: 'whsec_AAAA' });
  const event: WebhookEvent = await verifier.verify(await request.text(), request.headers);
  if (isKnownEvent(event)) {
    switch (event.type) {
      case 'conversation.evaluated':
        void event.data.failed_checks;
        break;
      case 'agent.health_changed':
        void event.data.new_status;
        break;
      default:
        void event.data;
    }
  }
  if (isEventType(event, 'check.failed')) void event.data.check.check_key;
}

export function openResponsesClosedRequests(cqm: CqmClient): void {
  // A value the service may add later is a valid outcome, and the known ones still autocomplete.
  const later: Outcome = 'a_value_added_later';
  const known: Outcome = 'handed_to_person';
  void [later, known];
  // @ts-expect-error a channel the service does not take is a compile error in a request
  void cqm.conversations.create({ external_id: 'x', channel: 'fax', transcript: [] });
  // @ts-expect-error feedback verdicts are pass or fail
  void cqm.conversations.feedback('x', { check_key: 'outcome', verdict: 'maybe' });
}
