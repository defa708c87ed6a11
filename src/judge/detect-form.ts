/**
 * "Test connection": which structured-output form an endpoint answers in. Each form is tried, best first, with
 * a small question whose answer we know the shape of; a form the endpoint refuses (a 4xx) or ignores (an answer
 * that does not parse) is passed over; a connection problem ends the test, since no form can then be judged.
 */
import { STRUCTURED_OUTPUT_FORMS, type StructuredOutputForm } from '../domain/judge.js';
import { buildJudgeRequest } from '../scoring/judge/prompt.js';
import { createJudgeClient, type JudgeClient, type JudgeConnection } from './client.js';

export type FormDetection =
  | { ok: true; form: StructuredOutputForm; tried: Array<{ form: StructuredOutputForm; problem: string }> }
  | { ok: false; reason: string; tried: Array<{ form: StructuredOutputForm; problem: string }> };

const PROBE_CONVERSATION = {
  channel: 'chat' as const,
  ended_by: 'user' as const,
  transcript: [
    { speaker: 'agent' as const, text: 'Hello, this is the clinic assistant. How can I help?' },
    { speaker: 'user' as const, text: 'Can I move my cleaning to Tuesday?' },
    { speaker: 'agent' as const, text: 'Done: you are booked for Tuesday at 3 pm.' },
  ],
  events: [{ type: 'tool_call', name: 'reschedule_appointment', status: 'success' }],
  metadata: {},
};

const PROBE_CHECK = {
  key: 'connection_test',
  name: 'Connection test',
  description: '',
  kind: 'pass_fail' as const,
  judge: { question: 'Did the agent greet the caller?', answer: 'pass_fail' as const },
};

export async function detectForm(client: JudgeClient, timeoutMs: number): Promise<FormDetection> {
  const request = buildJudgeRequest(PROBE_CONVERSATION, PROBE_CHECK);
  const tried: Array<{ form: StructuredOutputForm; problem: string }> = [];
  for (const form of STRUCTURED_OUTPUT_FORMS) {
    const outcome = await client.ask(request, {
      form,
      deadline: Date.now() + timeoutMs,
      timeoutMs,
      turnCount: PROBE_CONVERSATION.transcript.length,
    });
    if (outcome.ok) return { ok: true, form, tried };
    tried.push({ form, problem: outcome.reason });
    if (outcome.failure !== 'rejected' && outcome.failure !== 'unparseable') {
      return { ok: false, reason: outcome.reason, tried };
    }
  }
  return {
    ok: false,
    reason: 'the endpoint answered, but in none of the structured-output forms (JSON schema, JSON mode, tool calling)',
    tried,
  };
}

/** What "Test connection" reports, to the application and to `cqm judge test` alike. */
export interface ConnectionTestReport {
  ok: boolean;
  model: string;
  base_url: string;
  structured_output: StructuredOutputForm | null;
  problem: string | null;
  tried: Array<{ form: StructuredOutputForm; problem: string }>;
}

/**
 * Tests a resolved connection and, when a form works, has it remembered for exactly that connection (by its
 * fingerprint), so that second reviews use it without asking again.
 */
export async function testConnection(
  judge: { connection: JudgeConnection; fingerprint: string },
  timeoutMs: number,
  rememberForm: (form: StructuredOutputForm, fingerprint: string) => Promise<void>,
): Promise<ConnectionTestReport> {
  const detection = await detectForm(createJudgeClient(judge.connection), timeoutMs);
  if (detection.ok) await rememberForm(detection.form, judge.fingerprint);
  return {
    ok: detection.ok,
    model: judge.connection.model,
    base_url: judge.connection.baseUrl,
    structured_output: detection.ok ? detection.form : null,
    problem: detection.ok ? null : detection.reason,
    tried: detection.tried,
  };
}
