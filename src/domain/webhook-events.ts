/**
 * Webhook event types and payloads. The zod schemas are the documentation (the OpenAPI `webhooks` section is
 * generated from them in src/webhooks/events.ts) and the outbox's builders produce exactly these shapes. In the
 * domain because storage (the outbox, the endpoints' subscriptions) speaks them too, and storage must not
 * import the delivery layer above it.
 */
import { z } from 'zod';

export const EVENT_TYPES = [
  'conversation.evaluated',
  'agent.health_changed',
  'group.health_changed',
  'check.failed',
  'checks.digest',
  'check.agreement_dropped',
  'ping',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const environment = z.enum(['test', 'live']).describe('The environment of the data: `test` or `live`.');
const agentRef = z.object({ id: z.string(), name: z.string(), version: z.string().nullable().optional() });
const groupRef = z.object({ id: z.string(), name: z.string() }).nullable();
const healthStatus = z.enum(['healthy', 'watch', 'at_risk', 'not_enough_calls']);

const failedCheck = z.object({
  check_key: z.string(),
  check_name: z.string(),
  check_version: z.number().int(),
  check_status: z.enum(['draft', 'active']),
  reason: z.string().nullable(),
});

function envelope<T extends string, D extends z.ZodType>(type: T, data: D, description: string, withAgent: boolean) {
  return z
    .object({
      id: z.string().describe('Event id (`evt_…`); the same for every endpoint that receives the event.'),
      type: z.literal(type),
      created_at: z.iso.datetime(),
      environment,
      ...(withAgent ? { agent: agentRef, group: groupRef } : {}),
      data,
    })
    .describe(description);
}

export const conversationEvaluatedPayload = envelope(
  'conversation.evaluated',
  z.object({
    conversation: z.object({
      id: z.string(),
      external_id: z.string(),
      channel: z.enum(['voice', 'chat']),
      status: z.literal('done'),
      outcome: z.string().nullable(),
      ended_at: z.string(),
    }),
    results_summary: z
      .object({
        total: z.number().int(),
        pass: z.number().int(),
        fail: z.number().int(),
        uncertain: z.number().int(),
        not_applicable: z.number().int(),
        met: z.number().int(),
        not_met: z.number().int(),
      })
      .describe('Counts of verdicts among the results of draft and active checks (shadow checks never alert).'),
    failed_checks: z.array(failedCheck),
  }),
  'A conversation has been scored. Read the full results with GET /v1/conversations/{id}.',
  true,
);

const healthData = z.object({
  old_status: healthStatus,
  new_status: healthStatus,
  reason: z.string(),
  transition_id: z.string(),
});

export const agentHealthChangedPayload = envelope(
  'agent.health_changed',
  healthData,
  "An agent's health status changed and `watch` or `at_risk` is the old or new status. `group` is the agent's group at the time.",
  true,
);

export const groupHealthChangedPayload = z
  .object({
    id: z.string(),
    type: z.literal('group.health_changed'),
    created_at: z.iso.datetime(),
    environment,
    group: z.object({ id: z.string(), name: z.string() }),
    data: healthData,
  })
  .describe("A group's health status changed and `watch` or `at_risk` is the old or new status.");

export const checkFailedPayload = envelope(
  'check.failed',
  z.object({
    conversation: z.object({ id: z.string(), external_id: z.string() }),
    check: failedCheck.extend({
      category: z.string().nullable(),
      severity: z.string().nullable(),
      evidence_turns: z.array(z.number().int()),
    }),
  }),
  'An active check failed on a conversation (never sent for draft or shadow checks).',
  true,
);

export const checksDigestPayload = z
  .object({
    id: z.string(),
    type: z.literal('checks.digest'),
    created_at: z.iso.datetime(),
    environment,
    data: z.object({
      period_start: z.iso.datetime(),
      period_end: z.iso.datetime(),
      total_failures: z.number().int(),
      failed_checks: z.array(z.object({ check_key: z.string(), check_name: z.string(), failures: z.number().int() })),
    }),
  })
  .describe('Hourly, one per endpoint: the active checks that failed in the past hour. Not sent when none failed.');

export const checkAgreementDroppedPayload = z
  .object({
    id: z.string(),
    type: z.literal('check.agreement_dropped'),
    created_at: z.iso.datetime(),
    environment,
    data: z.object({
      check: z.object({ key: z.string(), name: z.string(), version: z.number().int() }),
      window: z.number().int().describe('How many of the latest labels were compared (up to 50).'),
      labelled: z.number().int(),
      accuracy: z.number().nullable(),
      kappa: z.number().nullable(),
      bar: z.object({ min_labels: z.number().int(), min_kappa: z.number() }),
    }),
  })
  .describe(
    "An active check's agreement with your team's labels, over its last 50 labelled results, fell below the bar " +
      '(kappa under 0.6). Sent once per drop: again only after agreement recovered and dropped anew.',
  );

export const pingPayload = z
  .object({
    id: z.string(),
    type: z.literal('ping'),
    created_at: z.iso.datetime(),
    environment,
    data: z.object({ endpoint_id: z.string(), message: z.string() }),
  })
  .describe('A test event, sent on request (POST /v1/webhook_endpoints/{id}/test).');

export const PAYLOAD_SCHEMAS: Record<EventType, z.ZodType> = {
  'conversation.evaluated': conversationEvaluatedPayload,
  'agent.health_changed': agentHealthChangedPayload,
  'group.health_changed': groupHealthChangedPayload,
  'check.failed': checkFailedPayload,
  'checks.digest': checksDigestPayload,
  'check.agreement_dropped': checkAgreementDroppedPayload,
  ping: pingPayload,
};

export type ConversationEvaluatedPayload = z.infer<typeof conversationEvaluatedPayload>;
export type AgentHealthChangedPayload = z.infer<typeof agentHealthChangedPayload>;
export type GroupHealthChangedPayload = z.infer<typeof groupHealthChangedPayload>;
export type CheckFailedPayload = z.infer<typeof checkFailedPayload>;
export type ChecksDigestPayload = z.infer<typeof checksDigestPayload>;
export type PingPayload = z.infer<typeof pingPayload>;
export type CheckAgreementDroppedPayload = z.infer<typeof checkAgreementDroppedPayload>;
export type WebhookPayload =
  | ConversationEvaluatedPayload
  | AgentHealthChangedPayload
  | GroupHealthChangedPayload
  | CheckFailedPayload
  | ChecksDigestPayload
  | CheckAgreementDroppedPayload
  | PingPayload;
