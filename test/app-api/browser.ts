/**
 * A browser for /app/api tests: keeps the cookies the service sets (as a browser would, by name) and the
 * CSRF token it was last given, and sends both like the application does.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { UserRole } from '../../src/domain/roles.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { createUsersRepo, type User } from '../../src/storage/users-repo.js';
import type { TestApp } from '../harness/app.js';
import { startTestApp } from '../harness/app.js';
import type { TestBackend } from '../harness/backends.js';

/** Cheap scrypt parameters for the many users tests make; the service verifies whatever a hash names. */
export const TEST_PASSWORD_PARAMS = { logN: 10, r: 8, p: 1 };
export const PASSWORD = 'correct horse battery';

export class Browser {
  readonly cookies = new Map<string, string>();
  csrf: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    body?: unknown,
    options: { headers?: Record<string, string>; csrf?: string | null } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (method !== 'GET' && csrf !== null && csrf !== undefined) headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.app.inject({
      method,
      url: `/app/api${url}`,
      headers,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone =
        cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const json = response.headers['content-type']?.toString().includes('json') ? response.json() : undefined;
    if (json && typeof json === 'object' && 'csrf_token' in json)
      this.csrf = (json as { csrf_token: string }).csrf_token;
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);
  delete = (url: string) => this.request('DELETE', url);

  /** Signs in as the application does: the pre-session CSRF proof first, then the form. */
  async signIn(email: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    await this.get('/csrf');
    return this.post('/sign-in', { email, password });
  }
}

export interface PeopleApp extends TestApp {
  workspaceId: string;
  users: Record<UserRole, User>;
  /** A second workspace with its own project, owner and test key. */
  other: { workspaceId: string; projectId: string; owner: User; key: string };
  makeUser(role: UserRole, workspaceId?: string): Promise<User>;
  /** A browser signed in as a user of the given role (of the first workspace). */
  signedIn(role: UserRole): Promise<Browser>;
  browser(): Browser;
}

let counter = 0;

export async function startPeopleApp(backend: TestBackend): Promise<PeopleApp> {
  const t = await startTestApp(backend, { webhooks: { policy: { allowPrivate: true, allowHttp: true } } });
  const usersRepo = createUsersRepo(t.store, Date.now, TEST_PASSWORD_PARAMS);
  const tenancy = createTenancyRepo(t.store);
  const project = await tenancy.findProject(t.projectId);
  const workspaceId = project?.workspace_id as string;

  async function makeUser(role: UserRole, inWorkspace = workspaceId): Promise<User> {
    counter += 1;
    const user = await usersRepo.create({
      workspaceId: inWorkspace,
      email: `${role}-${counter}-${process.pid}@example.test`,
      name: `${role[0]?.toUpperCase()}${role.slice(1)} ${counter}`,
      role,
      password: PASSWORD,
    });
    if (!user) throw new Error('email taken');
    return user;
  }

  const users = {
    owner: await makeUser('owner'),
    admin: await makeUser('admin'),
    member: await makeUser('member'),
    viewer: await makeUser('viewer'),
  };
  const otherWorkspace = await tenancy.createWorkspace('Other workspace', 'UTC');
  const otherProject = await tenancy.createProject(otherWorkspace.id, 'Other project');
  const otherKey = await tenancy.createKey({
    projectId: otherProject.id,
    environment: 'test',
    role: 'full',
    name: 'other workspace',
  });

  const browser = () => new Browser(t.app);
  return {
    ...t,
    workspaceId,
    users,
    other: {
      workspaceId: otherWorkspace.id,
      projectId: otherProject.id,
      owner: await makeUser('owner', otherWorkspace.id),
      key: otherKey.key,
    },
    makeUser,
    browser,
    async signedIn(role) {
      const b = browser();
      const response = await b.signIn(users[role].email);
      expect(response.statusCode, response.body).toBe(200);
      return b;
    },
  };
}

export function expectEnvelope(response: LightMyRequestResponse, status: number, type: string): void {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { type: string; message: string; request_id: string } };
  expect(body.error.type).toBe(type);
  expect(body.error.request_id).toMatch(/^req_/);
}
