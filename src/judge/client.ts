/**
 * Talking to a judge: any OpenAI-compatible Chat Completions endpoint, through the openai SDK with its own
 * retries off (we decide what is worth another try). Every failure becomes a value with a reason a person can
 * read, never an exception: a judge that is down, slow, rate-limited or talking nonsense must never fail a
 * conversation.
 *
 * - a 429 is tried again after its Retry-After when that fits in the attempt's deadline, else given up;
 * - an answer that does not parse is asked once more; a refusal is not;
 * - a timeout, a 5xx, a refused connection or any other 4xx ends the attempt.
 */
import OpenAI from 'openai';
import type { StructuredOutputForm } from '../domain/judge.js';
import { type JudgeAnswer, readAnswer } from '../scoring/judge/answer.js';
import type { JudgeRequest } from '../scoring/judge/prompt.js';

export type JudgeFailure =
  | 'timeout'
  | 'server_error'
  | 'rate_limited'
  | 'refused'
  | 'unparseable'
  | 'unreachable'
  | 'rejected'
  | 'capped';

export type JudgeOutcome =
  | { ok: true; answer: JudgeAnswer; calls: number }
  | { ok: false; failure: JudgeFailure; reason: string; calls: number };

export interface JudgeConnection {
  baseUrl: string;
  model: string;
  apiKey: string | null;
}

export interface AskOptions {
  form: StructuredOutputForm;
  /** Epoch ms after which no call starts and waiting for Retry-After stops. */
  deadline: number;
  timeoutMs: number;
  turnCount: number;
  /** Called before each HTTP call (retries included): false when the daily cap refuses it. */
  reserveCall?: () => Promise<boolean>;
}

const MAX_RATE_LIMIT_WAITS = 2;

function retryAfterMs(headers: Headers | undefined, now: number): number | null {
  const ms = headers?.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get('retry-after');
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The request body for one structured-output form. */
function bodyFor(model: string, request: JudgeRequest, form: StructuredOutputForm) {
  const schemaText = `The JSON schema of your answer:\n${JSON.stringify(request.schema)}`;
  const messages = request.messages.map((message, index) =>
    // Without a schema the endpoint enforces, the schema goes into the instructions.
    index === 0 && form !== 'json_schema' ? { ...message, content: `${message.content}\n${schemaText}` } : message,
  );
  const base = { model, messages, temperature: 0 };
  if (form === 'json_schema') {
    return {
      ...base,
      response_format: {
        type: 'json_schema' as const,
        json_schema: { name: request.schemaName, schema: request.schema, strict: true },
      },
    };
  }
  if (form === 'json_object') return { ...base, response_format: { type: 'json_object' as const } };
  return {
    ...base,
    tools: [
      {
        type: 'function' as const,
        function: { name: request.schemaName, description: 'Give your answer.', parameters: request.schema },
      },
    ],
    tool_choice: { type: 'function' as const, function: { name: request.schemaName } },
  };
}

type OneCall =
  | { kind: 'answer'; text: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; failure: JudgeFailure; reason: string; retryAfterMs?: number | null; status?: number };

export function createJudgeClient(connection: JudgeConnection, fetchImpl?: typeof fetch) {
  const client = new OpenAI({
    baseURL: connection.baseUrl,
    // Local servers (Ollama, llama.cpp) need no key, but the SDK wants one.
    apiKey: connection.apiKey ?? 'no-key',
    maxRetries: 0,
    logLevel: 'off',
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });

  async function callOnce(request: JudgeRequest, form: StructuredOutputForm, timeoutMs: number): Promise<OneCall> {
    try {
      const completion = await client.chat.completions.create(bodyFor(connection.model, request, form), {
        timeout: Math.max(1, timeoutMs),
        maxRetries: 0,
      });
      const choice = completion.choices?.[0];
      const message = choice?.message;
      if (message?.refusal) return { kind: 'refused', reason: `the judge refused: ${message.refusal.slice(0, 200)}` };
      if (choice?.finish_reason === 'content_filter')
        return { kind: 'refused', reason: "the judge's content filter stopped the answer" };
      const text =
        form === 'tools'
          ? (message?.tool_calls?.[0] as { function?: { arguments?: string } } | undefined)?.function?.arguments
          : message?.content;
      return { kind: 'answer', text: text ?? '' };
    } catch (error) {
      if (error instanceof OpenAI.APIConnectionTimeoutError)
        return { kind: 'failed', failure: 'timeout', reason: `the judge did not answer within ${timeoutMs} ms` };
      if (error instanceof OpenAI.APIConnectionError)
        return { kind: 'failed', failure: 'unreachable', reason: 'the judge could not be reached (connection failed)' };
      if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
        const status = error.status;
        if (status === 429)
          return {
            kind: 'failed',
            failure: 'rate_limited',
            reason: 'the judge is rate-limiting us (429)',
            retryAfterMs: retryAfterMs(error.headers, Date.now()),
            status,
          };
        if (status >= 500)
          return { kind: 'failed', failure: 'server_error', reason: `the judge answered ${status}`, status };
        return { kind: 'failed', failure: 'rejected', reason: `the judge refused the request (${status})`, status };
      }
      return { kind: 'failed', failure: 'unreachable', reason: 'the judge could not be reached' };
    }
  }

  return {
    connection,

    /** One answer for one request, with the retries described above; never throws. */
    async ask(request: JudgeRequest, options: AskOptions): Promise<JudgeOutcome & { status?: number }> {
      let calls = 0;
      let rateLimitWaits = 0;
      let parseRetries = 0;
      for (;;) {
        const left = options.deadline - Date.now();
        if (left <= 0) return { ok: false, failure: 'timeout', reason: 'no time was left for the judge', calls };
        if (options.reserveCall && !(await options.reserveCall()))
          return { ok: false, failure: 'capped', reason: "the project's daily cap on judge calls is reached", calls };
        calls += 1;
        const result = await callOnce(request, options.form, Math.min(options.timeoutMs, left));
        if (result.kind === 'refused') return { ok: false, failure: 'refused', reason: result.reason, calls };
        if (result.kind === 'answer') {
          const answer = readAnswer(result.text, request.shape, options.turnCount);
          if (answer) return { ok: true, answer, calls };
          if (parseRetries >= 1)
            return {
              ok: false,
              failure: 'unparseable',
              reason: "the judge's answer did not fit the schema, twice",
              calls,
            };
          parseRetries += 1;
          continue;
        }
        if (result.failure === 'rate_limited' && rateLimitWaits < MAX_RATE_LIMIT_WAITS) {
          const wait = result.retryAfterMs ?? 1_000;
          if (Date.now() + wait < options.deadline - 100) {
            rateLimitWaits += 1;
            await sleep(wait);
            continue;
          }
        }
        return {
          ok: false,
          failure: result.failure,
          reason: result.reason,
          calls,
          ...(result.status === undefined ? {} : { status: result.status }),
        };
      }
    },
  };
}

export type JudgeClient = ReturnType<typeof createJudgeClient>;
