/** GET /v1/checks: the project's checks by key, paged with cursors bound to project and environment. */
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHECK_KEYS } from '../../src/domain/checks.js';
import { checkCatalogue } from '../../src/main/background.js';
import { bearer, type TestApp } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { expectError, expectValidationError, useTestApp } from '../harness/http.js';

interface Check {
  key: string;
  name: string;
  description: string;
  category: string;
  severity: string;
  status: string;
  enabled: boolean;
  version: number;
  built_in: boolean;
  kind: string;
  options: string[] | null;
  scope: Record<string, unknown> | null;
}
interface Page {
  data: Check[];
  next_cursor: string | null;
}

function list(t: TestApp, query: Record<string, string | number> = {}, key = t.keys.testFull) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return t.app.inject({ method: 'GET', url: `/v1/checks${qs ? `?${qs}` : ''}`, headers: bearer(key) });
}

async function page(t: TestApp, query: Record<string, string | number> = {}, key?: string): Promise<Page> {
  const response: LightMyRequestResponse = await list(t, query, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

async function listAll(t: TestApp, limit: number, key?: string): Promise<{ checks: Check[]; pages: number }> {
  const checks: Check[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const current: Page = await page(t, cursor === null ? { limit } : { limit, cursor }, key);
    checks.push(...current.data);
    cursor = current.next_cursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor !== null);
  return { checks, pages };
}

describe.each(backends)('GET /v1/checks on $name', (backend) => {
  const app = useTestApp(backend);

  it.skipIf(!backend.available)('lists the built-in checks by key, every field, instead of a 501', async () => {
    const t = app();
    const { data, next_cursor } = await page(t);
    expect(next_cursor).toBeNull();
    const keys = data.map((check) => check.key);
    expect(keys).toEqual([...keys].sort());
    for (const key of BUILTIN_CHECK_KEYS) expect(keys).toContain(key);
    const outcome = data.find((check) => check.key === 'outcome');
    expect(outcome).toEqual({
      key: 'outcome',
      name: 'Outcome',
      description: expect.any(String),
      category: 'outcome',
      severity: 'medium',
      status: 'active',
      enabled: true,
      version: 1,
      built_in: true,
      kind: 'multiple_choice',
      options: expect.arrayContaining(['resolved', 'escalated']),
      scope: null,
    });
    expect(data.find((check) => check.key === 'frustration')).toMatchObject({ kind: 'score', options: null });
  });

  it.skipIf(!backend.available)('shows custom checks, versions and what was turned off', async () => {
    const t = app();
    const catalogue = checkCatalogue(t.store);
    await catalogue.create(t.projectId, {
      key: 'recording_notice',
      name: 'Recording notice',
      description: 'Says the call is recorded.',
      category: 'compliance',
      severity: 'high',
      status: 'draft',
      rule: { type: 'phrase', speaker: 'agent', mode: 'must_say', phrases: ['recorded'], within: 'first_turn' },
    });
    await catalogue.update(t.projectId, 'recording_notice', {
      name: 'Recording notice (v2)',
      scope: { channels: ['voice'], metadata: { line: 'sales' } },
    });
    await catalogue.setEnabled(t.projectId, 'ai_disclosure', false);

    const { checks } = await listAll(t, 100);
    expect(checks.find((check) => check.key === 'recording_notice')).toEqual({
      key: 'recording_notice',
      name: 'Recording notice (v2)',
      description: 'Says the call is recorded.',
      category: 'compliance',
      severity: 'high',
      status: 'draft',
      enabled: true,
      version: 2,
      built_in: false,
      kind: 'pass_fail',
      options: null,
      scope: { channels: ['voice'], metadata: { line: 'sales' } },
    });
    expect(checks.find((check) => check.key === 'ai_disclosure')?.enabled).toBe(false);
    // The project's checks: the live key lists the same, another project does not see this one.
    expect((await listAll(t, 100, t.keys.liveFull)).checks).toEqual(checks);
    const other = (await listAll(t, 100, t.keys.otherProject)).checks;
    expect(other.map((check) => check.key)).not.toContain('recording_notice');
    expect(other.find((check) => check.key === 'ai_disclosure')?.enabled).toBe(true);
  });

  it.skipIf(!backend.available)('pages by limit and next_cursor, each check once', async () => {
    const t = app();
    const whole = (await page(t, { limit: 100 })).data;
    const { checks, pages } = await listAll(t, 2);
    expect(checks).toEqual(whole);
    expect(pages).toBe(Math.ceil(whole.length / 2));
    expect((await page(t, { limit: whole.length })).next_cursor).toBeNull();
  });

  it.skipIf(!backend.available)('refuses a cursor of another environment, project or list', async () => {
    const t = app();
    const cursorOf = async (key: string) => (await page(t, { limit: 1 }, key)).next_cursor as string;
    const testCursor = await cursorOf(t.keys.testFull);
    expect((await list(t, { cursor: testCursor })).statusCode).toBe(200);
    const refused = async (cursor: string, key?: string) => {
      expect(Object.keys(expectValidationError(await list(t, { cursor }, key)))).toEqual(['cursor']);
    };
    await refused(testCursor, t.keys.liveFull);
    await refused(testCursor, t.keys.otherProject);
    await refused(await cursorOf(t.keys.liveFull));
    await refused(await cursorOf(t.keys.otherProject));
    await refused('bm90IGEgY3Vyc29y');
  });

  it.skipIf(!backend.available)('answers bad query values with 422 and the field in error', async () => {
    const t = app();
    for (const [query, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ status: 'active' }, 'status'],
    ] as const) {
      expect(Object.keys(expectValidationError(await list(t, query)))).toEqual([field]);
    }
  });

  it.skipIf(!backend.available)('is for read and full keys: an ingest key gets 403, no key 401', async () => {
    const t = app();
    expect((await list(t, {}, t.keys.testRead)).statusCode).toBe(200);
    expectError(await list(t, {}, t.keys.testIngest), 403, 'permission_denied');
    expectError(await t.app.inject({ method: 'GET', url: '/v1/checks' }), 401, 'authentication_error');
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(document.paths['/v1/checks'].get.responses).toHaveProperty('200');
    expect(document.components.schemas.Check.required).toEqual(
      expect.arrayContaining(['key', 'name', 'kind', 'built_in', 'enabled', 'version', 'status']),
    );
  });
});
