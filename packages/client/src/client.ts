/**
 * The client: one object per API key and base URL, with a property per resource and `request` for any
 * documented operation (typed from the OpenAPI document, so endpoints added to the service are reachable
 * as soon as the types are regenerated).
 */
import { type QueryValue, Transport, type TransportOptions } from './http.js';
import { Requester, type RequestOptions } from './request.js';
import { Checks } from './resources/checks.js';
import { Conversations } from './resources/conversations.js';
import { Agents, Groups } from './resources/health.js';
import { Labels } from './resources/labels.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { defaultRandomUUID, defaultSleep } from './runtime.js';
import type { MethodsOf, Path, PathParams, QueryParams, RequestBody, ResponseBody } from './types.js';

export interface CqmClientOptions extends TransportOptions {
  /** The service's address for your environment, such as `https://cqm.example.com` (there is no default). */
  baseUrl: string;
  /** A `cqm_test_…` or `cqm_live_…` key; its environment decides which data every call sees. */
  apiKey: string;
  /** Makes `Idempotency-Key`s for posted conversations (default `crypto.randomUUID`). */
  randomUUID?: () => string;
  /**
   * New names of the planned renames to read before they become the default (sent as `Service-Opt-In`),
   * such as `['second_review']` or `PLANNED_RENAMES`; the service ignores names it does not ship yet.
   */
  optIn?: readonly string[];
}

/** The new names of the specification's planned renames, for `optIn`. */
export const PLANNED_RENAMES = ['handed_to_person', 'not_customer_call', 'second_review'] as const;

export type OperationOptions<P extends Path, M extends MethodsOf<P>> = RequestOptions & {
  params?: {
    path?: PathParams<P, M> extends never ? never : PathParams<P, M>;
    query?: QueryParams<P, M> extends never ? never : QueryParams<P, M>;
  };
  body?: RequestBody<P, M>;
  /** `Idempotency-Key`; made for you on `POST /v1/conversations`. */
  idempotencyKey?: string;
};

export class CqmClient {
  readonly conversations: Conversations;
  readonly checks: Checks;
  readonly labels: Labels;
  readonly agents: Agents;
  readonly groups: Groups;
  readonly webhookEndpoints: WebhookEndpoints;
  private readonly requester: Requester;

  constructor(options: CqmClientOptions) {
    const sleep = options.sleep ?? defaultSleep;
    const now = options.now ?? Date.now;
    const headers: Record<string, string> = options.optIn?.length ? { 'service-opt-in': options.optIn.join(', ') } : {};
    this.requester = new Requester(
      new Transport({ ...options, sleep, now, headers: { ...headers, ...options.headers } }),
      options.randomUUID ?? defaultRandomUUID,
    );
    this.conversations = new Conversations(this.requester, { now, sleep });
    this.checks = new Checks(this.requester);
    this.labels = new Labels(this.requester);
    this.agents = new Agents(this.requester);
    this.groups = new Groups(this.requester);
    this.webhookEndpoints = new WebhookEndpoints(this.requester);
  }

  /**
   * Any operation of the OpenAPI document, by method and path template:
   * `client.request('get', '/v1/conversations/{id}', { params: { path: { id } } })`. The same retry rules
   * apply as everywhere (GETs, and conversation posts with their `Idempotency-Key`).
   */
  async request<P extends Path, M extends MethodsOf<P>>(
    method: M,
    path: P,
    options: OperationOptions<P, M> = {},
  ): Promise<ResponseBody<P, M>> {
    const result = await this.requester.send<ResponseBody<P, M>>(method, path, {
      pathParams: options.params?.path as Record<string, string | number> | undefined,
      query: options.params?.query as Record<string, QueryValue> | undefined,
      body: options.body,
      idempotencyKey: options.idempotencyKey,
      headers: options.headers,
      signal: options.signal,
    });
    return result.body;
  }
}
