/**
 * Second review and plain-language checks: which of a conversation's results go to the judge (route, in the
 * scoring job), and the judge's decisions on them (review, in the second-review job). The judge never fails a
 * conversation: whatever goes wrong, a built-in result keeps the model's decision with a reason saying the
 * second review did not happen, and a plain-language check yields no result.
 */
import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import {
  type CheckCategory,
  type CheckDefinition,
  type CheckResult,
  type Severity,
  scopeIncludes,
} from '../domain/checks.js';
import type { ScorableConversation } from '../domain/conversation.js';
import {
  inSample,
  type JudgeCostControls,
  STRUCTURED_OUTPUT_FORMS,
  type StructuredOutputForm,
} from '../domain/judge.js';
import { answerShapeFor, type JudgeAnswer, resultFromAnswer } from '../scoring/judge/answer.js';
import { buildJudgeRequest, JUDGE_PROMPT_VERSION } from '../scoring/judge/prompt.js';
import { scorerVersion } from '../scoring/scorer-version.js';
import type { JudgeSettingsRepo, ProjectJudgeSettings } from '../storage/judge-settings-repo.js';
import type { JudgeUsageRepo } from '../storage/judge-usage-repo.js';
import { utcDay } from '../storage/judge-usage-repo.js';
import { type Breaker, createBreaker } from './breaker.js';
import { createJudgeClient, type JudgeClient, type JudgeConnection, type JudgeOutcome } from './client.js';
import { type ResolvedJudge, resolveJudge } from './connection.js';
import { Semaphore } from './semaphore.js';

export type StoredResult = CheckResult & { check_category?: CheckCategory | null; check_severity?: Severity | null };

/** What a reviewed check needs to be asked about and stored: its definition at scoring time. */
export type ReviewedCheck = Pick<
  CheckDefinition,
  | 'key'
  | 'name'
  | 'description'
  | 'kind'
  | 'options'
  | 'judge'
  | 'builtin'
  | 'version'
  | 'status'
  | 'category'
  | 'severity'
>;

/** A conversation scored by the model and waiting for the judge (kept as JSON until the review job runs). */
export interface PendingReview {
  outcome: string | null;
  switchesBookingOn: boolean;
  results: StoredResult[];
  /** Built-in results to review (by position in `results`) and plain-language checks to answer. */
  review: Array<{ check: ReviewedCheck; position: number | null }>;
}

export interface RouteInput {
  projectId: string;
  conversationId: string;
  conversation: ScorableConversation;
  checks: readonly CheckDefinition[];
  outcome: string | null;
  results: StoredResult[];
  switchesBookingOn: boolean;
}

/** The judged results, and what the judge cost: written with the results (see second-review.ts). */
export interface ReviewOutcome {
  outcome: string | null;
  results: StoredResult[];
  usage: { calls: number; remember: Array<{ cacheKey: string; answer: string }> };
}

export type Routed = { kind: 'review'; pending: PendingReview } | { kind: 'now'; results: StoredResult[] };

/** The longest a conversation's review may take, under the worker's attempt timeout (60 s). */
export const REVIEW_BUDGET_MS = 45_000;
const SETTINGS_TTL_MS = 1_000;

export interface ReviewerDeps {
  settings: Pick<JudgeSettingsRepo, 'get' | 'rememberForm'>;
  usage: Pick<JudgeUsageRepo, 'today' | 'markCapped' | 'cached'>;
  instance: Config['judge'];
  secretKey: Buffer | null;
  breaker?: Breaker;
  /** Tests and the benchmark may pass their own fetch; the SDK's default otherwise. */
  fetch?: typeof fetch;
  clock?: () => number;
}

function reviewedCheck(check: CheckDefinition): ReviewedCheck {
  const { key, name, description, kind, options, judge, builtin, version, status, category, severity } = check;
  return {
    key,
    name,
    description,
    kind,
    builtin,
    version,
    status,
    category,
    severity,
    ...(options ? { options } : {}),
    ...(judge ? { judge } : {}),
  };
}

function withReason(result: StoredResult, why: string): StoredResult {
  const note = `Second review did not happen: ${why}.`;
  return { ...result, reason: result.reason ? `${result.reason} (${note})` : note };
}

function needsReview(result: StoredResult, controls: JudgeCostControls): boolean {
  if (controls.reviewChecks !== null && !controls.reviewChecks.includes(result.check_key)) return false;
  if (result.verdict === 'uncertain') return true;
  const band = controls.scoreBand;
  return band !== null && result.score !== null && result.score >= band.low && result.score <= band.high;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The readable part of a judged result's scorer_version: the prompt's version and the model's name. */
export function judgeScorerVersion(check: Pick<CheckDefinition, 'key' | 'version'>, model: string): string {
  const name = model.slice(0, 100);
  return `${scorerVersion(check, `judge:${JUDGE_PROMPT_VERSION}:${name}`)}+judge:${JUDGE_PROMPT_VERSION}:${name}`;
}

export function createReviewer(deps: ReviewerDeps) {
  const clock = deps.clock ?? Date.now;
  const breaker = deps.breaker ?? createBreaker();
  const settingsCache = new Map<string, { settings: ProjectJudgeSettings; expiresAt: number }>();
  const clients = new Map<string, JudgeClient>();
  const semaphores = new Map<string, Semaphore>();
  const learnedForms = new Map<string, StructuredOutputForm>();
  /** Calls made by this process and not yet in the store's count, per project (see withinCap). */
  const unrecorded = new Map<string, number>();

  /**
   * Whether one more call fits in today's cap: the store's count (every process's recorded calls) plus this
   * process's calls not yet recorded. Processes do not see each other's calls in flight, so with several the
   * cap may be passed by as many calls as are in flight when it is reached.
   */
  async function withinCap(projectId: string, cap: number | null): Promise<boolean> {
    if (cap === null) return true;
    const today = await deps.usage.today(projectId);
    if (today.calls + (unrecorded.get(projectId) ?? 0) < cap) return true;
    cappedOn.set(projectId, utcDay(clock()));
    await deps.usage.markCapped(projectId).catch(() => undefined);
    return false;
  }
  const cappedOn = new Map<string, string>();

  async function judgeFor(projectId: string): Promise<ResolvedJudge> {
    let cached = settingsCache.get(projectId);
    if (!cached || cached.expiresAt <= performance.now()) {
      cached = { settings: await deps.settings.get(projectId), expiresAt: performance.now() + SETTINGS_TTL_MS };
      settingsCache.set(projectId, cached);
    }
    return resolveJudge(cached.settings, deps.instance, deps.secretKey);
  }

  function clientFor(connection: JudgeConnection): JudgeClient {
    const id = `${connection.baseUrl}\n${connection.model}\n${connection.apiKey ? sha256(connection.apiKey) : ''}`;
    let client = clients.get(id);
    if (!client) {
      client = createJudgeClient(connection, deps.fetch);
      clients.set(id, client);
    }
    return client;
  }

  function semaphoreFor(projectId: string, limit: number): Semaphore {
    let semaphore = semaphores.get(projectId);
    if (!semaphore) {
      semaphore = new Semaphore(limit);
      semaphores.set(projectId, semaphore);
    }
    semaphore.limit = limit;
    return semaphore;
  }

  /** Why the judge is skipped for this project now (down, or capped for today), or null. */
  function skipReason(projectId: string, judge: ResolvedJudge & { available: true }): string | null {
    const open = breaker.openReason(judge.fingerprint);
    if (open) return `the judge is unavailable (${open})`;
    if (cappedOn.get(projectId) === utcDay(clock())) return "the project's daily cap on judge calls is reached";
    return null;
  }

  /**
   * Asks in the form remembered for this connection; before one is known, in each form best first, passing
   * over a form the endpoint refuses (a 4xx), and remembers the first that answers (as `cqm judge test` does).
   */
  async function askInSomeForm(
    projectId: string,
    judge: ResolvedJudge & { available: true },
    ask: (form: StructuredOutputForm) => Promise<JudgeOutcome>,
  ): Promise<JudgeOutcome> {
    const known = judge.form ?? learnedForms.get(judge.fingerprint) ?? null;
    if (known) return ask(known);
    let outcome: JudgeOutcome = { ok: false, failure: 'rejected', reason: 'no form was tried', calls: 0 };
    for (const form of STRUCTURED_OUTPUT_FORMS) {
      outcome = await ask(form);
      if (outcome.ok) {
        learnedForms.set(judge.fingerprint, form);
        await deps.settings.rememberForm(projectId, form, judge.fingerprint).catch(() => undefined);
        settingsCache.delete(projectId);
        return outcome;
      }
      if (outcome.failure !== 'rejected') return outcome;
    }
    return outcome;
  }

  return {
    /**
     * Decides, right after the model, whether the conversation waits for the judge. Without a judge (or while
     * it is down or capped) the results are written now, exactly as without one.
     */
    async route(input: RouteInput): Promise<Routed> {
      const judge = await judgeFor(input.projectId);
      const plainChecks = input.checks.filter((check) => check.judge && scopeIncludes(check.scope, input.conversation));
      if (!judge.available) return { kind: 'now', results: input.results };
      const builtinPositions = input.results.flatMap((result, position) => {
        const check = input.checks.find((c) => c.key === result.check_key);
        const eligible =
          check?.builtin === true &&
          needsReview(result, judge.controls) &&
          inSample(input.conversationId, result.check_key, judge.controls.sampleRate);
        return eligible ? [position] : [];
      });
      if (plainChecks.length === 0 && builtinPositions.length === 0) return { kind: 'now', results: input.results };
      const skip = skipReason(input.projectId, judge);
      if (skip) {
        const skipped = new Set(builtinPositions);
        return {
          kind: 'now',
          results: input.results.map((result, position) => (skipped.has(position) ? withReason(result, skip) : result)),
        };
      }
      const review: PendingReview['review'] = [];
      for (const position of builtinPositions) {
        const check = input.checks.find((c) => c.key === input.results[position]?.check_key) as CheckDefinition;
        review.push({ check: reviewedCheck(check), position });
      }
      for (const check of plainChecks) review.push({ check: reviewedCheck(check), position: null });
      return {
        kind: 'review',
        pending: {
          outcome: input.outcome,
          switchesBookingOn: input.switchesBookingOn,
          results: input.results,
          review,
        },
      };
    },

    /** The judge's decisions merged into the model's results, and the outcome they make. Never throws for the judge. */
    async review(
      projectId: string,
      conversation: ScorableConversation,
      pending: PendingReview,
    ): Promise<ReviewOutcome> {
      const results = [...pending.results];
      const judged: StoredResult[] = [];
      const judge = await judgeFor(projectId);
      const giveUp = (why: string) => {
        for (const item of pending.review) {
          if (item.position !== null) results[item.position] = withReason(results[item.position] as StoredResult, why);
        }
        return { outcome: pending.outcome, results, usage: { calls: 0, remember: [] } };
      };
      if (!judge.available) return giveUp(judge.reason.replace(/\.$/, ''));
      const skip = skipReason(projectId, judge);
      if (skip) return giveUp(skip);

      const deadline = clock() + REVIEW_BUDGET_MS;
      let calls = 0;
      const remember: Array<{ cacheKey: string; answer: string }> = [];
      const client = clientFor(judge.connection);
      const semaphore = semaphoreFor(projectId, judge.controls.concurrency);
      const outcomes = await Promise.all(
        pending.review.map(async (item) => {
          const finding = item.position === null ? undefined : (results[item.position] as StoredResult);
          const request = buildJudgeRequest(conversation, item.check, finding);
          const cacheKey = sha256(
            JSON.stringify([
              JUDGE_PROMPT_VERSION,
              judge.connection.model,
              item.check.key,
              item.check.version,
              request.messages,
            ]),
          );
          const started = performance.now();
          const hit = await deps.usage.cached(projectId, cacheKey).catch(() => null);
          if (hit)
            return {
              item,
              outcome: { ok: true, answer: JSON.parse(hit) as JudgeAnswer, calls: 0 } as JudgeOutcome,
              started,
            };
          const outcome = await semaphore.run(() =>
            askInSomeForm(projectId, judge, (form) =>
              client.ask(request, {
                form,
                deadline,
                timeoutMs: judge.controls.timeoutMs,
                turnCount: conversation.transcript.length,
                reserveCall: async () => {
                  if (!(await withinCap(projectId, judge.controls.dailyCap))) return false;
                  calls += 1;
                  unrecorded.set(projectId, (unrecorded.get(projectId) ?? 0) + 1);
                  return true;
                },
              }),
            ),
          );
          if (outcome.ok) {
            breaker.succeeded(judge.fingerprint);
            remember.push({ cacheKey, answer: JSON.stringify(outcome.answer) });
          } else if (['unreachable', 'timeout', 'server_error'].includes(outcome.failure)) {
            breaker.failed(judge.fingerprint, outcome.reason);
          } else if (outcome.failure === 'capped') {
            cappedOn.set(projectId, utcDay(clock()));
          }
          return { item, outcome, started };
        }),
      );
      for (const { item, outcome, started } of outcomes) {
        const { check } = item;
        if (!outcome.ok) {
          if (item.position !== null)
            results[item.position] = withReason(results[item.position] as StoredResult, outcome.reason);
          continue;
        }
        const draft = resultFromAnswer(check, answerShapeFor(check), outcome.answer);
        const stored: StoredResult = {
          ...draft,
          latency_ms: Math.max(0, Math.round(performance.now() - started)),
          check_name: check.name,
          check_version: check.version,
          check_status: check.status,
          scorer_version: judgeScorerVersion(check, judge.connection.model),
          check_category: check.category,
          check_severity: check.severity,
        };
        if (item.position !== null) results[item.position] = stored;
        else judged.push(stored);
      }
      const all = [...results, ...judged];
      const outcomeResult = all.find((result) => result.check_key === 'outcome');
      const outcome = outcomeResult?.decided_by === 'llm_judge' ? outcomeResult.choice : pending.outcome;
      return { outcome, results: all, usage: { calls, remember } };
    },

    /** The calls of a review are in the store now (or will never be): stop counting them as in flight. */
    recorded(projectId: string, calls: number): void {
      const left = (unrecorded.get(projectId) ?? 0) - calls;
      if (left > 0) unrecorded.set(projectId, left);
      else unrecorded.delete(projectId);
    },
  };
}

export type Reviewer = ReturnType<typeof createReviewer>;
