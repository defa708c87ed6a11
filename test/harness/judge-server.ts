/**
 * A local judge for tests: an HTTP server that speaks OpenAI's Chat Completions protocol, scripted per test.
 * It answers in whichever structured-output form the request asks for (json_schema, json_object, tool calling)
 * unless told it does not support that form, and can be slow, fail with 500, rate-limit with Retry-After,
 * talk nonsense, refuse, or be closed (connection refused on its port).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Form = 'json_schema' | 'json_object' | 'tools';

export type JudgeBehaviour =
  | { answer: Record<string, unknown>; delayMs?: number }
  | { status: number; retryAfter?: string; delayMs?: number }
  | { text: string; delayMs?: number }
  | { refusal: string }
  /** Never answers (until the client gives up). */
  | { hang: true };

export interface JudgeCall {
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
    tools?: Array<{ function: { name: string; parameters: Record<string, unknown> } }>;
  };
  form: Form;
  authorization: string | undefined;
  at: number;
}

export interface JudgeServer {
  baseUrl: string;
  calls: JudgeCall[];
  /** What to do with each call: a function of the call (and its number, from 0), or one fixed behaviour. */
  script(behaviour: JudgeBehaviour | ((call: JudgeCall, index: number) => JudgeBehaviour)): void;
  /** Forms the server accepts; a request in another form gets 400 as real servers answer. */
  supportForms(forms: Form[]): void;
  close(): Promise<void>;
}

function formOf(body: JudgeCall['body']): Form {
  if (body.tools && body.tools.length > 0) return 'tools';
  if (body.response_format?.type === 'json_schema') return 'json_schema';
  return 'json_object';
}

function completion(model: string, form: Form, content: string | null, refusal: string | null = null) {
  const message =
    form === 'tools' && content !== null
      ? {
          role: 'assistant',
          content: null,
          refusal,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'check_answer', arguments: content } }],
        }
      : { role: 'assistant', content, refusal };
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: form === 'tools' ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

/** A pass verdict with reasoning, for tests that only need the judge to answer. */
export const PASS_ANSWER = { reasoning: 'Turn 1 shows it.', verdict: 'pass', confidence: 0.9, evidence_turns: [1] };

export async function startJudgeServer(): Promise<JudgeServer> {
  let behaviourFor: (call: JudgeCall, index: number) => JudgeBehaviour = () => ({ answer: PASS_ANSWER });
  let forms: Form[] = ['json_schema', 'json_object', 'tools'];
  const calls: JudgeCall[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JudgeCall['body'];
      const call: JudgeCall = {
        body,
        form: formOf(body),
        authorization: request.headers.authorization,
        at: Date.now(),
      };
      const index = calls.length;
      calls.push(call);
      if (!forms.includes(call.form)) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `${call.form} is not supported`, type: 'invalid_request_error' } }));
        return;
      }
      const behaviour = behaviourFor(call, index);
      if ('hang' in behaviour) {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      const send = () => {
        if ('status' in behaviour) {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (behaviour.retryAfter !== undefined) headers['retry-after'] = behaviour.retryAfter;
          response
            .writeHead(behaviour.status, headers)
            .end(JSON.stringify({ error: { message: `scripted ${behaviour.status}`, type: 'server_error' } }));
          return;
        }
        const payload =
          'refusal' in behaviour
            ? completion(body.model, call.form === 'tools' ? 'json_object' : call.form, null, behaviour.refusal)
            : completion(
                body.model,
                call.form,
                'text' in behaviour ? behaviour.text : JSON.stringify(behaviour.answer),
              );
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      };
      const delay = 'delayMs' in behaviour ? (behaviour.delayMs ?? 0) : 0;
      if (delay > 0) setTimeout(send, delay);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    script(behaviour) {
      behaviourFor = typeof behaviour === 'function' ? behaviour : () => behaviour;
    },
    supportForms(next) {
      forms = next;
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A base URL on which nothing listens: connection refused. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}
