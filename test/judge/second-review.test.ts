/** Second review by a local judge: an unclear result re-decided, and every way the judge can fail leaving the model's. */
import { afterEach, describe, expect, it } from 'vitest';
import { backends } from '../harness/backends.js';
import { closedPortUrl, type JudgeBehaviour } from '../harness/judge-server.js';
import { type JudgeWorld, resultOf, startJudgeWorld, unclearPersonRequest } from './world.js';

const PERSON_CHECK = 'Request for a person honoured';

describe.each(backends)('second review on $name', (backend) => {
  let world: JudgeWorld | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it.skipIf(!backend.available)('turns an uncertain result into the judge’s decision', async () => {
    world = await startJudgeWorld(backend);
    world.judge.script({
      answer: {
        reasoning: 'In turn 2 the caller asks for a real person; the agent never offers one.',
        verdict: 'fail',
        confidence: 0.8,
        evidence_turns: [2, 3, 99, 0],
      },
    });
    const conversation = await world.score(unclearPersonRequest());
    expect(conversation.status).toBe('done');
    const result = resultOf(conversation, 'person_request_honored');
    expect(result).toMatchObject({
      verdict: 'fail',
      decided_by: 'llm_judge',
      reason: 'In turn 2 the caller asks for a real person; the agent never offers one.',
      // Turns 2 and 3 of the prompt are indexes 1 and 2; turn 99 and turn 0 do not exist.
      evidence_turns: [1, 2],
      score: 0.8,
    });
    expect(result?.scorer_version).toContain('judge-prompt-1');
    expect(result?.scorer_version).toContain('test-judge');
    // Results the model was sure of are its own.
    expect(resultOf(conversation, 'ai_disclosure')?.decided_by).toBe('model');

    // The judge saw the whole conversation: numbered turns, speakers, the misheard turn marked, the model's finding.
    expect(world.judge.calls).toHaveLength(1);
    const prompt = world.judge.calls[0]?.body.messages.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('[turn 2] user (possibly misheard): "I want to talk to a real person please"');
    expect(prompt).toContain('[turn 4] user: "Okay never mind, bye."');
    expect(prompt).toContain(PERSON_CHECK);
    expect(prompt).toContain('verdict uncertain');

    // A client that opted into the planned name reads `second_review`.
    const renamed = await world.read(conversation.id, { 'service-opt-in': 'second_review' });
    expect(resultOf(renamed, 'person_request_honored')?.decided_by).toBe('second_review');
    expect(resultOf(await world.read(conversation.id), 'person_request_honored')?.decided_by).toBe('llm_judge');
  });

  const failures: Array<{
    name: string;
    behaviour?: JudgeBehaviour | ((i: number) => JudgeBehaviour);
    closed?: true;
    reason: RegExp;
  }> = [
    { name: 'a 500', behaviour: { status: 500 }, reason: /answered 500/ },
    {
      name: 'a 429 whose Retry-After does not fit',
      behaviour: { status: 429, retryAfter: '3600' },
      reason: /rate-limiting/,
    },
    { name: 'a timeout', behaviour: { hang: true }, reason: /did not answer within/ },
    {
      name: 'output that does not parse, twice',
      behaviour: { text: 'Sure! The answer is fail.' },
      reason: /did not fit the schema/,
    },
    { name: 'a refusal', behaviour: { refusal: 'I cannot help with that.' }, reason: /refused/ },
    { name: 'a refused connection', closed: true, reason: /could not be reached/ },
  ];

  for (const failure of failures) {
    it.skipIf(!backend.available)(`keeps the model’s result on ${failure.name}`, async () => {
      world = await startJudgeWorld(backend, {
        controls: { timeoutMs: 600 },
        ...(failure.closed ? { baseUrl: await closedPortUrl() } : {}),
      });
      const behaviour = failure.behaviour;
      if (behaviour) world.judge.script(typeof behaviour === 'function' ? (_c, i) => behaviour(i) : behaviour);
      await world.catalogue.create(world.t.projectId, {
        key: 'dob_verified',
        name: 'Date of birth verified',
        description: '',
        category: 'compliance',
        severity: 'high',
        status: 'shadow',
        judge: { question: "Did the agent verify the caller's date of birth?", answer: 'pass_fail' },
      });
      const conversation = await world.score(unclearPersonRequest());
      expect(conversation.status).toBe('done');
      const result = resultOf(conversation, 'person_request_honored');
      expect(result).toMatchObject({ verdict: 'uncertain', decided_by: 'model' });
      expect(result?.reason).toMatch(/Second review did not happen: /);
      expect(result?.reason).toMatch(failure.reason);
      // A plain-language check has no decision without the judge.
      expect(resultOf(conversation, 'dob_verified')).toBeUndefined();
    });
  }

  it.skipIf(!backend.available)('waits out a 429’s Retry-After within the attempt, then takes the answer', async () => {
    world = await startJudgeWorld(backend);
    world.judge.script((_call, index) =>
      index === 0
        ? { status: 429, retryAfter: '1' }
        : {
            answer: { reasoning: 'Turn 3 hands nothing over.', verdict: 'fail', confidence: 0.7, evidence_turns: [3] },
          },
    );
    const conversation = await world.score(unclearPersonRequest());
    expect(resultOf(conversation, 'person_request_honored')).toMatchObject({
      decided_by: 'llm_judge',
      verdict: 'fail',
    });
    expect(world.judge.calls).toHaveLength(2);
  });

  it.skipIf(!backend.available)('asks once more when the answer does not parse', async () => {
    world = await startJudgeWorld(backend);
    world.judge.script((_call, index) =>
      index === 0
        ? { text: '{"verdict": "maybe"' }
        : { answer: { reasoning: 'Turn 2.', verdict: 'pass', confidence: 0.6, evidence_turns: [2] } },
    );
    const conversation = await world.score(unclearPersonRequest());
    expect(resultOf(conversation, 'person_request_honored')).toMatchObject({
      decided_by: 'llm_judge',
      verdict: 'pass',
    });
    expect(world.judge.calls).toHaveLength(2);
  });
});
