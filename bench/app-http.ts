/**
 * One keep-alive HTTP connection to the service, as a browser tab or an API client holds one, and the
 * application's sign-in (CSRF proof, then the session cookie). Requests go one at a time: the benchmark
 * measures how long a page takes, not how many the service answers at once.
 */
import http from 'node:http';

export interface Answer {
  status: number;
  ms: number;
  body: string;
}

export class BenchClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  /** Sends a request and reads the whole answer; `ms` runs from sending to the last byte. */
  request(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    const url = new URL(path, this.baseUrl);
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const at = pair?.indexOf('=') ?? -1;
              if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
            }
            resolve({
              status: res.statusCode ?? 0,
              ms: performance.now() - started,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Signs in to the application: the pre-session CSRF proof, then email and password. Throws on refusal. */
  async signIn(email: string, password: string): Promise<void> {
    const csrf = await this.request('GET', '/app/api/csrf');
    if (csrf.status !== 200) throw new Error(`GET /app/api/csrf answered ${csrf.status}: ${csrf.body.slice(0, 200)}`);
    const token = (JSON.parse(csrf.body) as { csrf_token: string }).csrf_token;
    const signedIn = await this.request(
      'POST',
      '/app/api/sign-in',
      { 'x-csrf-token': token },
      JSON.stringify({ email, password }),
    );
    if (signedIn.status !== 200) {
      throw new Error(`POST /app/api/sign-in answered ${signedIn.status}: ${signedIn.body.slice(0, 200)}`);
    }
  }

  close(): void {
    this.agent.destroy();
  }
}
