/** A plain-language check's whole life, the daily cap and the cache, on real stores with a local judge. */
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogueError } from '../../src/checks/catalogue.js';
import { statusHistory } from '../../src/checks/promotion-gate.js';
import { rerunConversation } from '../../src/jobs/rerun.js';
import { createJudgeSettingsRepo } from '../../src/storage/judge-settings-repo.js';
import { bearer } from '../harness/app.js';
import { backends } from '../harness/backends.js';
import { conversationBody } from '../harness/fixtures.js';
import type { Form } from '../harness/judge-server.js';
import { type JudgeWorld, resultOf, startJudgeWorld } from './world.js';

const DOB_CHECK = {
  key: 'dob_verified',
  name: 'Date of birth verified',
  description: '',
  category: 'compliance' as const,
  severity: 'high' as const,
  status: 'shadow' as const,
  judge: {
    question: "Did the agent verify the caller's date of birth before discussing lab results?",
    answer: 'pass_fail' as const,
  },
};

/** A call in which the agent does, or does not, ask for the date of birth first. */
function labCall(verified: boolean, caller = 'I am calling about my lab results.'): Record<string, unknown> {
  return conversationBody({
    events: [],
    transcript: [
      { speaker: 'agent', text: 'Thanks for calling the clinic, this is an AI assistant. How can I help?' },
      { speaker: 'user', text: caller },
      verified
        ? { speaker: 'agent', text: 'Before we go on, can you confirm your date of birth? DOB-CHECKED' }
        : { speaker: 'agent', text: 'Sure, your results came back normal.' },
      { speaker: 'user', text: 'Thank you, goodbye.' },
    ],
  });
}

/** The judge answers pass when the agent asked for the date of birth. */
function dobJudge(world: JudgeWorld): void {
  world.judge.script((call) => {
    const verified = call.body.messages.some((m) => m.content.includes('DOB-CHECKED'));
    return {
      answer: {
        reasoning: verified ? 'Turn 3 asks for the date of birth first.' : 'Turn 3 discusses results without it.',
        verdict: verified ? 'pass' : 'fail',
        confidence: 0.9,
        evidence_turns: [3],
      },
    };
  });
}

describe.each(backends)('plain-language checks on $name', (backend) => {
  let world: JudgeWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it.skipIf(!backend.available)('create, score, label, agreement, promotion refused then allowed', async () => {
    world = await startJudgeWorld(backend);
    const w = world;
    dobJudge(w);
    await w.catalogue.create(w.t.projectId, DOB_CHECK);

    const conversations = await Promise.all(Array.from({ length: 20 }, (_, i) => w.score(labCall(i % 2 === 0))));
    for (const [i, conversation] of conversations.entries()) {
      expect(resultOf(conversation, 'dob_verified')).toMatchObject({
        decided_by: 'llm_judge',
        verdict: i % 2 === 0 ? 'pass' : 'fail',
        evidence_turns: [2],
      });
    }
    await expect(w.catalogue.update(w.t.projectId, 'dob_verified', { status: 'active' })).rejects.toThrow(
      /0 labelled results; at least 20/,
    );

    // People agree with 18 of 20: one pass they call fail, one fail they call pass.
    const label = (id: string, verdict: string) =>
      w.t.app.inject({
        method: 'POST',
        url: `/v1/conversations/${id}/feedback`,
        headers: bearer(w.t.keys.testFull),
        payload: { check_key: 'dob_verified', verdict },
      });
    for (const [i, conversation] of conversations.entries()) {
      const judged = i % 2 === 0 ? 'pass' : 'fail';
      const verdict = i === 0 ? 'fail' : i === 1 ? 'pass' : judged;
      if (i === 19) {
        await expect(w.catalogue.update(w.t.projectId, 'dob_verified', { status: 'active' })).rejects.toThrow(
          CatalogueError,
        );
      }
      expect((await label(conversation.id, verdict)).statusCode).toBe(201);
    }

    const agreement = await w.t.app.inject({
      method: 'GET',
      url: '/v1/checks/dob_verified/agreement',
      headers: bearer(w.t.keys.testFull),
    });
    expect(agreement.statusCode).toBe(200);
    // po = 0.9; pe = 0.5 * 0.5 + 0.5 * 0.5 = 0.5; kappa = 0.4 / 0.5 = 0.8.
    expect(agreement.json()).toMatchObject({
      check_key: 'dob_verified',
      environment: 'test',
      meets_bar: true,
      current_version: {
        labelled: 20,
        agreed: 18,
        accuracy: 0.9,
        kappa: 0.8,
        confusion: {
          values: ['fail', 'pass'],
          matrix: [
            [9, 1],
            [1, 9],
          ],
        },
        by_decided_by: { llm_judge: { labelled: 20, kappa: 0.8 } },
      },
    });
    const renamed = await w.t.app.inject({
      method: 'GET',
      url: '/v1/checks/dob_verified/agreement',
      headers: { ...bearer(w.t.keys.testFull), 'service-opt-in': 'second_review' },
    });
    expect(Object.keys(renamed.json().current_version.by_decided_by)).toEqual(['second_review']);

    const promoted = await w.catalogue.update(w.t.projectId, 'dob_verified', { status: 'active' });
    expect(promoted.status).toBe('active');
    const history = await statusHistory(w.t.store.db, w.t.projectId, 'dob_verified');
    expect(history[0]).toMatchObject({ from: 'shadow', to: 'active', override_reason: null });
    expect(history[0]?.agreement).toMatchObject({ labelled: 20, kappa: 0.8, meets_bar: true });

    // An owner may promote a check short of the bar with a written reason, kept in its history.
    await w.catalogue.create(w.t.projectId, { ...DOB_CHECK, key: 'tone_ok', name: 'Tone' });
    await w.catalogue.update(w.t.projectId, 'tone_ok', {
      status: 'active',
      overrideReason: 'Reviewed 50 calls by hand with legal.',
    });
    const toneHistory = await statusHistory(w.t.store.db, w.t.projectId, 'tone_ok');
    expect(toneHistory.find((change) => change.to === 'active')).toMatchObject({
      override_reason: 'Reviewed 50 calls by hand with legal.',
    });

    // Labels, by check (paged) and by conversation.
    const page = await w.t.app.inject({
      method: 'GET',
      url: '/v1/labels?check_key=dob_verified&limit=15',
      headers: bearer(w.t.keys.testFull),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(15);
    const rest = await w.t.app.inject({
      method: 'GET',
      url: `/v1/labels?check_key=dob_verified&limit=15&cursor=${page.json().next_cursor}`,
      headers: bearer(w.t.keys.testFull),
    });
    expect(rest.json().data).toHaveLength(5);
    expect(rest.json().next_cursor).toBeNull();
    const one = await w.t.app.inject({
      method: 'GET',
      url: `/v1/labels?conversation_id=${conversations[0]?.id}`,
      headers: bearer(w.t.keys.testFull),
    });
    expect(one.json().data).toEqual([
      expect.objectContaining({
        conversation_id: conversations[0]?.id,
        check_key: 'dob_verified',
        verdict: 'fail',
        source: 'api',
      }),
    ]);
    const live = await w.t.app.inject({ method: 'GET', url: '/v1/labels', headers: bearer(w.t.keys.liveFull) });
    expect(live.json().data).toEqual([]);

    const checks = await w.t.app.inject({
      method: 'GET',
      url: '/v1/checks?limit=100',
      headers: bearer(w.t.keys.testFull),
    });
    const dob = checks.json().data.find((c: { key: string }) => c.key === 'dob_verified');
    expect(dob).toMatchObject({ status: 'active', kind: 'pass_fail', judge: DOB_CHECK.judge });
    expect(dob.judge_unavailable_reason).toBeUndefined();
  });

  it.skipIf(!backend.available)('flags an active check whose agreement drops, and announces it once', async () => {
    world = await startJudgeWorld(backend);
    const w = world;
    dobJudge(w);
    const endpoint = await w.t.app.inject({
      method: 'POST',
      url: '/v1/webhook_endpoints',
      headers: bearer(w.t.keys.testFull),
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['check.agreement_dropped'] },
    });
    expect(endpoint.statusCode).toBe(201);
    await w.catalogue.create(w.t.projectId, DOB_CHECK);
    await w.catalogue.update(w.t.projectId, 'dob_verified', { status: 'active', overrideReason: 'Pilot with legal.' });
    const conversations = await Promise.all(
      Array.from({ length: 20 }, (_, i) => w.score(labCall(i % 2 === 0, `Lab results, ticket ${i}.`))),
    );
    // People disagree with every answer: kappa -1.
    for (const [i, conversation] of conversations.entries()) {
      const response = await w.t.app.inject({
        method: 'POST',
        url: `/v1/conversations/${conversation.id}/feedback`,
        headers: bearer(w.t.keys.testFull),
        payload: { check_key: 'dob_verified', verdict: i % 2 === 0 ? 'fail' : 'pass' },
      });
      expect(response.statusCode).toBe(201);
    }
    await w.review.watch.sweep();
    await w.review.watch.sweep();
    const messages = await w.t.store.db
      .selectFrom('webhook_messages')
      .select(['event_type', 'payload'])
      .where('project_id', '=', w.t.projectId)
      .execute();
    expect(messages.map((m) => m.event_type)).toEqual(['check.agreement_dropped']);
    expect(JSON.parse(messages[0]?.payload ?? '{}')).toMatchObject({
      type: 'check.agreement_dropped',
      environment: 'test',
      data: { check: { key: 'dob_verified' }, labelled: 20, kappa: -1, accuracy: 0 },
    });
    const checks = await w.t.app.inject({
      method: 'GET',
      url: '/v1/checks?limit=100',
      headers: bearer(w.t.keys.testFull),
    });
    const dob = checks.json().data.find((c: { key: string }) => c.key === 'dob_verified');
    expect(dob.agreement_dropped_at).toEqual(expect.any(String));
  });

  it.skipIf(!backend.available)('stops at the daily cap, and the checks list and /metrics say so', async () => {
    world = await startJudgeWorld(backend, { controls: { dailyCap: 2 } });
    dobJudge(world);
    await world.catalogue.create(world.t.projectId, DOB_CHECK);
    const first = await world.score(labCall(true));
    const second = await world.score(labCall(false));
    // Another conversation (the same one again would be answered from the cache, at no cost).
    const third = await world.score(labCall(true, 'Hi, my blood test results please.'));
    expect(resultOf(first, 'dob_verified')?.decided_by).toBe('llm_judge');
    expect(resultOf(second, 'dob_verified')?.decided_by).toBe('llm_judge');
    expect(third.status).toBe('done');
    expect(resultOf(third, 'dob_verified')).toBeUndefined();
    expect(world.judge.calls).toHaveLength(2);

    const checks = await world.t.app.inject({
      method: 'GET',
      url: '/v1/checks?limit=100',
      headers: bearer(world.t.keys.testFull),
    });
    const dob = checks.json().data.find((c: { key: string }) => c.key === 'dob_verified');
    expect(dob.judge_unavailable_reason).toMatch(/daily cap of 2 judge calls is reached/);
    const metrics = await world.t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`cqm_judge_capped{project="${world.t.projectId}"} 1`);
    expect(metrics.body).toContain(`cqm_judge_calls_today{project="${world.t.projectId}"} 2`);
  });

  it.skipIf(!backend.available)('does not pay twice when a conversation is scored again', async () => {
    world = await startJudgeWorld(backend);
    dobJudge(world);
    await world.catalogue.create(world.t.projectId, DOB_CHECK);
    const scored = await world.score(labCall(true));
    expect(world.judge.calls).toHaveLength(1);
    expect(await rerunConversation(world.t.store, scored.id)).toBe(true);
    const again = await world.waitDone(scored.id);
    expect(resultOf(again, 'dob_verified')).toMatchObject({ decided_by: 'llm_judge', verdict: 'pass' });
    expect(world.judge.calls).toHaveLength(1);
  });

  it.skipIf(!backend.available)('yields no result without a judge', async () => {
    world = await startJudgeWorld(backend);
    await createJudgeSettingsRepo(world.t.store).update(world.t.projectId, { baseUrl: null, model: null });
    await world.catalogue.create(world.t.projectId, DOB_CHECK);
    // The reviewer reads settings at most a second old.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const scored = await world.score(labCall(true));
    expect(resultOf(scored, 'dob_verified')).toBeUndefined();
    expect(world.judge.calls).toHaveLength(0);
    const checks = await world.t.app.inject({
      method: 'GET',
      url: '/v1/checks?limit=100',
      headers: bearer(world.t.keys.testFull),
    });
    const dob = checks.json().data.find((c: { key: string }) => c.key === 'dob_verified');
    expect(dob.judge_unavailable_reason).toMatch(/No judge is connected/);
  });

  for (const form of ['json_schema', 'json_object', 'tools'] as Form[]) {
    it.skipIf(!backend.available)(
      `answers through an endpoint that only speaks ${form}, and remembers it`,
      async () => {
        world = await startJudgeWorld(backend);
        world.judge.supportForms([form]);
        dobJudge(world);
        await world.catalogue.create(world.t.projectId, DOB_CHECK);
        const scored = await world.score(labCall(true));
        expect(resultOf(scored, 'dob_verified')).toMatchObject({ decided_by: 'llm_judge', verdict: 'pass' });
        expect(world.judge.calls.at(-1)?.form).toBe(form);
        const settings = await createJudgeSettingsRepo(world.t.store).get(world.t.projectId);
        expect(settings.structuredOutput).toBe(form);
        // Once known, the form is asked for at once.
        const before = world.judge.calls.length;
        await world.score(labCall(false));
        expect(world.judge.calls.slice(before).map((call) => call.form)).toEqual([form]);
      },
    );
  }
});
