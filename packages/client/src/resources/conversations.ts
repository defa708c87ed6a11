/** `/v1/conversations`: post, read (and wait until scored), feedback, and the list. */
import { CqmError } from '../errors.js';
import { iterateItems, iteratePages } from '../pagination.js';
import type { Requester, RequestOptions } from '../request.js';
import type { Sleep } from '../runtime.js';
import type {
  Conversation,
  ConversationListParams,
  ConversationRequest,
  ConversationSummary,
  FeedbackLabel,
  FeedbackRequest,
  IngestResponse,
  Page,
} from '../types.js';

export interface CreateConversationOptions extends RequestOptions {
  /** Sent as `Idempotency-Key` (at most 255 characters); a new UUID when omitted. Reuse it to retry later. */
  idempotencyKey?: string;
}

export type IngestResult = IngestResponse & {
  /** The `Idempotency-Key` the conversation was posted with: post the same body with it to retry safely. */
  idempotencyKey: string;
  /** The service answered with the first response to this key (`Idempotent-Replayed: true`). */
  replayed: boolean;
};

export interface WaitOptions extends RequestOptions {
  /** The longest pause between two reads (default 1000 ms; the first reads come sooner). */
  intervalMs?: number;
  /** Give up after this long (default 60 s) with a WaitTimeoutError. */
  timeoutMs?: number;
}

/** Scoring did not finish within `timeoutMs`; `conversation` is what the last read saw. */
export class WaitTimeoutError extends CqmError {
  override name = 'WaitTimeoutError';
  constructor(readonly conversation: Conversation) {
    super(`conversation ${conversation.id} is still ${conversation.status}`);
  }
}

const FINAL_STATUSES = new Set(['done', 'failed']);

export class Conversations {
  constructor(
    private readonly requester: Requester,
    private readonly clock: { now: () => number; sleep: Sleep },
  ) {}

  /**
   * Stores a finished conversation and queues it for scoring. Retried on network errors, 408, 429 and 5xx
   * with the same `Idempotency-Key` and body, so it is stored once. A known `external_id` answers
   * `duplicate: true` with the existing conversation's id.
   */
  async create(conversation: ConversationRequest, options: CreateConversationOptions = {}): Promise<IngestResult> {
    const idempotencyKey = this.requester.idempotencyKeyFor('POST', '/v1/conversations', options.idempotencyKey);
    const result = await this.requester.send<IngestResponse>('POST', '/v1/conversations', {
      ...options,
      body: conversation,
      idempotencyKey,
    });
    return {
      ...result.body,
      idempotencyKey: idempotencyKey as string,
      replayed: result.headers.get('idempotent-replayed') === 'true',
    };
  }

  /** A conversation by the service's id or by your `external_id`; `results` are there once `status` is `done`. */
  async get(id: string, options: RequestOptions = {}): Promise<Conversation> {
    return (
      await this.requester.send<Conversation>('GET', '/v1/conversations/{id}', { ...options, pathParams: { id } })
    ).body;
  }

  /** Reads the conversation until scoring has finished (`done`, or `failed` after the service's retries). */
  async waitUntilDone(id: string, options: WaitOptions = {}): Promise<Conversation> {
    const intervalMs = options.intervalMs ?? 1000;
    const deadline = this.clock.now() + (options.timeoutMs ?? 60_000);
    for (let read = 0; ; read++) {
      const conversation = await this.get(id, options);
      if (FINAL_STATUSES.has(conversation.status)) return conversation;
      const remaining = deadline - this.clock.now();
      if (remaining <= 0) throw new WaitTimeoutError(conversation);
      // 100, 200, 400 ms … up to intervalMs: most conversations are scored within a second.
      await this.clock.sleep(Math.min(intervalMs, 100 * 2 ** read, remaining), options.signal);
    }
  }

  /**
   * Records your team's answer for one check's result (a label with source `api`). Never retried: each call
   * adds a label, so a request that may or may not have arrived is left for you to check.
   */
  async feedback(id: string, feedback: FeedbackRequest, options: RequestOptions = {}): Promise<FeedbackLabel> {
    const result = await this.requester.send<FeedbackLabel>('POST', '/v1/conversations/{id}/feedback', {
      ...options,
      pathParams: { id },
      body: feedback,
    });
    return result.body;
  }

  /** One page of conversations, newest first, without transcript, events and results. */
  async list(params: ConversationListParams = {}, options: RequestOptions = {}): Promise<Page<ConversationSummary>> {
    const result = await this.requester.send<Page<ConversationSummary>>('GET', '/v1/conversations', {
      ...options,
      query: params as Record<string, string | number | undefined>,
    });
    return result.body;
  }

  /** Every conversation that matches, page after page, as they are consumed. */
  listAll(params: ConversationListParams = {}, options: RequestOptions = {}): AsyncGenerator<ConversationSummary> {
    return iterateItems((page) => this.list(page, options), params);
  }

  /** Every page that matches. */
  listPages(
    params: ConversationListParams = {},
    options: RequestOptions = {},
  ): AsyncGenerator<Page<ConversationSummary>> {
    return iteratePages((page) => this.list(page, options), params);
  }
}
