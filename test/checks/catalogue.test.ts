/** The checks catalogue on real stores: built-ins, custom checks, versions, status and the booking switch. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError, createCheckCatalogue } from '../../src/checks/catalogue.js';
import type { ScorableConversation } from '../../src/domain/conversation.js';
import { BUILTIN_CHECKS } from '../../src/scoring/builtin-checks.js';
import { validateCustomRule } from '../../src/scoring/custom-rules.js';
import type { OpenedStore } from '../../src/storage/open.js';
import { createTenancyRepo } from '../../src/storage/tenancy-repo.js';
import { backends } from '../harness/backends.js';

const plainCall: ScorableConversation = {
  channel: 'chat',
  ended_by: 'user',
  transcript: [{ speaker: 'user', text: 'What time do you open?' }],
  events: [],
  metadata: {},
};
const bookingCall: ScorableConversation = {
  ...plainCall,
  events: [{ type: 'tool_call', name: 'schedule_visit', status: 'success' }],
};
const disclosureRule = {
  type: 'phrase' as const,
  speaker: 'agent' as const,
  mode: 'must_say' as const,
  phrases: ['this call is recorded'],
  within: 'first_turn' as const,
};

describe.each(backends)('checks catalogue on $name', (backend) => {
  let store: OpenedStore;
  let dispose: () => Promise<void>;
  let projectId: string;
  let otherProjectId: string;
  const catalogue = () => createCheckCatalogue({ store, builtins: BUILTIN_CHECKS, validateRule: validateCustomRule });
  const keys = (checks: { key: string }[]) => checks.map((check) => check.key).sort();

  beforeAll(async () => {
    if (!backend.available) return;
    ({ store, dispose } = await backend.open());
    const tenancy = createTenancyRepo(store);
    const workspace = await tenancy.createWorkspace('W', 'UTC');
    projectId = (await tenancy.createProject(workspace.id, 'P')).id;
    otherProjectId = (await tenancy.createProject(workspace.id, 'Q')).id;
  });
  afterAll(async () => {
    if (backend.available) await dispose();
  });

  it.skipIf(!backend.available)('lists the built-in checks, on, at version 1', async () => {
    const entries = await catalogue().list(projectId);
    expect(keys(entries.map((e) => e.check))).toEqual(keys([...BUILTIN_CHECKS]));
    expect(entries.every((e) => e.enabled && e.check.version === 1 && e.check.builtin)).toBe(true);
  });

  it.skipIf(!backend.available)('creates a custom check and refuses bad keys, duplicates and bad rules', async () => {
    const created = await catalogue().create(projectId, {
      key: 'recording_disclosure',
      name: 'Recording disclosure',
      description: 'The agent says the call is recorded in its first turn.',
      category: 'compliance',
      severity: 'high',
      status: 'active',
      rule: disclosureRule,
    });
    expect(created).toMatchObject({ key: 'recording_disclosure', version: 1, builtin: false, kind: 'pass_fail' });
    await expect(catalogue().create(projectId, { ...created, rule: disclosureRule })).rejects.toThrow(CatalogueError);
    await expect(catalogue().create(projectId, { ...created, key: 'Bad Key', rule: disclosureRule })).rejects.toThrow(
      CatalogueError,
    );
    await expect(catalogue().create(projectId, { ...created, key: 'outcome', rule: disclosureRule })).rejects.toThrow(
      /built-in/,
    );
    await expect(
      catalogue().create(projectId, {
        ...created,
        key: 'bad_pattern',
        rule: { ...disclosureRule, phrases: undefined, pattern: '(a+)+' },
      }),
    ).rejects.toThrow(/Invalid rule/);
    // Another project does not see it.
    expect(keys((await catalogue().list(otherProjectId)).map((e) => e.check))).not.toContain('recording_disclosure');
  });

  it.skipIf(!backend.available)(
    'writes a new immutable version for each edit and keeps it for a status change',
    async () => {
      const renamed = await catalogue().update(projectId, 'recording_disclosure', { name: 'Recording notice' });
      expect(renamed.version).toBe(2);
      const shadowed = await catalogue().update(projectId, 'recording_disclosure', { status: 'shadow' });
      expect(shadowed).toMatchObject({ version: 2, status: 'shadow', name: 'Recording notice' });
      const versions = await store.db
        .selectFrom('check_versions')
        .select(['version', 'name'])
        .where('project_id', '=', projectId)
        .where('key', '=', 'recording_disclosure')
        .orderBy('version')
        .execute();
      expect(versions).toEqual([
        { version: 1, name: 'Recording disclosure' },
        { version: 2, name: 'Recording notice' },
      ]);
      const builtin = await catalogue().update(projectId, 'frustration', { severity: 'high' });
      expect(builtin).toMatchObject({ key: 'frustration', version: 2, severity: 'high', builtin: true });
      await expect(catalogue().update(projectId, 'frustration', { rule: disclosureRule })).rejects.toThrow(/built-in/);
    },
  );

  it.skipIf(!backend.available)('scores drafts on test traffic only, and leaves disabled checks out', async () => {
    await catalogue().update(projectId, 'recording_disclosure', { status: 'draft' });
    const test = await catalogue().applicable(projectId, 'test', plainCall);
    const live = await catalogue().applicable(projectId, 'live', plainCall);
    expect(keys(test.checks)).toContain('recording_disclosure');
    expect(keys(live.checks)).not.toContain('recording_disclosure');

    await catalogue().setEnabled(projectId, 'ai_disclosure', false);
    expect(keys((await catalogue().applicable(projectId, 'live', plainCall)).checks)).not.toContain('ai_disclosure');
    await catalogue().setEnabled(projectId, 'ai_disclosure', true);
    expect(keys((await catalogue().applicable(projectId, 'live', plainCall)).checks)).toContain('ai_disclosure');
  });

  it.skipIf(!backend.available)(
    'switches the booking checks on with the first booking tool call, unless turned off',
    async () => {
      const before = await catalogue().applicable(otherProjectId, 'live', plainCall);
      expect(keys(before.checks)).not.toContain('booking_confirmation_accurate');
      expect(before.switchesBookingOn).toBe(false);

      await catalogue().setEnabled(otherProjectId, 'booking_failure_disclosed', false);
      const first = await catalogue().applicable(otherProjectId, 'live', bookingCall);
      expect(first.switchesBookingOn).toBe(true);
      expect(keys(first.checks)).toContain('booking_confirmation_accurate');
      expect(keys(first.checks)).not.toContain('booking_failure_disclosed');
      await store.write((tx) => catalogue().recordBookingSwitch(tx, otherProjectId));

      // From then on every conversation of the project gets them, and the switch is recorded once.
      const later = await catalogue().applicable(otherProjectId, 'live', plainCall);
      expect(later.switchesBookingOn).toBe(false);
      expect(keys(later.checks)).toContain('booking_confirmation_accurate');
      expect(keys(later.checks)).not.toContain('booking_failure_disclosed');
    },
  );
});
