/** Health report shapes (specification: "Health report and window"). */
import { z } from 'zod';
import { ENVIRONMENTS } from '../../domain/conversation.js';
import { HEALTH_STATUSES } from '../../domain/health/status.js';
import { RESOURCE_ID_PATTERN } from './limits.js';

export const healthStatusSchema = z.enum(HEALTH_STATUSES).meta({
  id: 'HealthStatus',
  description: 'healthy, watch, at_risk or not_enough_calls; accept values you do not know.',
});

export const healthWindowSchema = z
  .object({
    conversations: z.number().int().describe('Conversations in the window (counted once scored).'),
    with_outcome: z
      .number()
      .int()
      .describe('Conversations with an outcome, excluding not_real_inquiry; the denominator of the rates.'),
    resolution_rate: z.number().min(0).max(1).nullable().describe('Share resolved; null when none had an outcome.'),
    handed_to_person_rate: z.number().min(0).max(1).describe('Share handed to a person.'),
    requests_for_person_not_honored: z.number().int(),
    avg_frustration: z.number().min(0).max(1).nullable().describe('0 calm, 1 very frustrated; null when unmeasured.'),
    compliance_failures: z.number().int().describe('Compliance checks that failed in the window.'),
  })
  .meta({
    id: 'HealthWindow',
    description: "Whole days in the workspace's time zone, by each conversation's ended_at.",
  });

export const agentHealthParams = z.object({
  agent_id: z.string().regex(RESOURCE_ID_PATTERN).describe('The agent.id sent with conversations, or default.'),
});

export const groupHealthParams = z.object({
  group_id: z.string().regex(RESOURCE_ID_PATTERN).describe('The group.id sent with conversations.'),
});

export const agentHealthSchema = z
  .object({
    agent_id: z.string(),
    name: z.string(),
    environment: z.enum(ENVIRONMENTS),
    health_status: healthStatusSchema,
    reason: z.string().describe('One sentence for people; show it, never parse it.'),
    group: z.object({ id: z.string(), name: z.string() }).nullable().describe('null when the agent is in no group.'),
    last_7_days: healthWindowSchema,
    last_30_days: healthWindowSchema,
  })
  .meta({ id: 'AgentHealth' });

export const groupHealthSchema = z
  .object({
    group_id: z.string(),
    name: z.string(),
    environment: z.enum(ENVIRONMENTS),
    health_status: healthStatusSchema,
    reason: z.string().describe('One sentence for people naming the agent that set the status; never parse it.'),
    agents: z
      .array(z.object({ id: z.string(), name: z.string(), health_status: healthStatusSchema }))
      .describe('The agents currently in the group, archived ones left out.'),
    last_7_days: healthWindowSchema,
    last_30_days: healthWindowSchema,
  })
  .meta({ id: 'GroupHealth' });
