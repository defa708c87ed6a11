/**
 * A small HTTP proxy in front of the real service that misbehaves on cue: it answers a scripted number of
 * requests itself (503, 429 with Retry-After, anything), resets connections, or passes a request on and
 * then loses the service's answer, before passing requests on faithfully. It records every request it
 * receives, so a test can count attempts and compare what each carried.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Answer this instead of passing the request on. */
  | { kind: 'answer'; status: number; headers?: Record<string, string>; body?: string }
  /** Close the connection without an answer (a network error for the client). */
  | { kind: 'reset' }
  /** Never answer (until the client gives up or the proxy closes). */
  | { kind: 'hang' }
  /** Pass the request on, throw the service's answer away and answer this instead (an answer lost on the way). */
  | { kind: 'lose-answer'; status: number; headers?: Record<string, string>; body?: string };

export interface ProxiedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the proxy did with it. */
  handling: Fault['kind'] | 'forwarded';
}

export interface FlakyProxy {
  url: string;
  requests: ProxiedRequest[];
  /** The next requests (that `matches`, default all) get these faults in order; then requests pass. */
  script(faults: Fault[], matches?: (method: string, url: string) => boolean): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

export function errorBody(type: string, message = 'scripted by the test proxy'): string {
  return JSON.stringify({ error: { type, message, request_id: 'req_proxy' } });
}

export async function startFlakyProxy(upstream: string): Promise<FlakyProxy> {
  const requests: ProxiedRequest[] = [];
  let faults: Fault[] = [];
  let matches: (method: string, url: string) => boolean = () => true;

  async function forward(req: http.IncomingMessage, body: Buffer) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const method = req.method ?? 'GET';
    return fetch(`${upstream}${req.url ?? '/'}`, {
      method,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
    });
  }

  function answer(res: http.ServerResponse, status: number, headers: Record<string, string> = {}, body = '') {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? 'GET';
      const url = req.url ?? '/';
      const fault = matches(method, url) ? faults.shift() : undefined;
      requests.push({
        method,
        url,
        headers: req.headers,
        body: body.toString('utf8'),
        handling: fault?.kind ?? 'forwarded',
      });
      void (async () => {
        try {
          if (fault?.kind === 'hang') return;
          if (fault?.kind === 'reset') {
            req.socket.destroy();
            return;
          }
          if (fault?.kind === 'answer') {
            answer(res, fault.status, fault.headers, fault.body);
            return;
          }
          const upstreamAnswer = await forward(req, body);
          const text = await upstreamAnswer.text();
          if (fault?.kind === 'lose-answer') {
            answer(res, fault.status, fault.headers, fault.body);
            return;
          }
          const headers: Record<string, string> = {};
          upstreamAnswer.headers.forEach((value, name) => {
            if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') headers[name] = value;
          });
          res.writeHead(upstreamAnswer.status, headers);
          res.end(text);
        } catch (error) {
          answer(res, 502, {}, errorBody('bad_gateway', String(error)));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(next, only) {
      faults = [...next];
      matches = only ?? (() => true);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
