/**
 * The client's public types, derived from the generated OpenAPI types (src/generated/openapi.ts) so they
 * follow the service. Responses are widened: the specification's Versioning rule says new enum values
 * can appear within /v1, so every string enum of a response also accepts any other string. Requests keep
 * the closed enums, so a typo in what you send is a compile error.
 */
import type { paths, webhooks } from './generated/openapi.js';

/** A string enum that also accepts values added later (autocompletion still offers the known ones). */
export type Open<T extends string> = T | (string & {});

/** Widens every string literal union in a type to accept unknown values; other types are kept. */
export type Widen<T> = T extends string
  ? string extends T
    ? T
    : T | (string & {})
  : T extends readonly (infer U)[]
    ? Widen<U>[]
    : T extends object
      ? { [K in keyof T]: Widen<T[K]> }
      : T;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type Path = keyof paths;

/** The methods a path supports (its operations that are not `never`). */
export type MethodsOf<P extends Path> = {
  [M in HttpMethod]: paths[P] extends { [K in M]: infer O } ? ([O] extends [never | undefined] ? never : M) : never;
}[HttpMethod];

export type Operation<P extends Path, M extends MethodsOf<P>> = NonNullable<paths[P][M]>;

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON body an operation takes. */
export type RequestBody<P extends Path, M extends MethodsOf<P>> =
  Operation<P, M> extends { requestBody?: infer R } ? JsonContent<NonNullable<R>> : never;

type SuccessStatus = 200 | 201 | 202 | 204;
/** The JSON body of an operation's successful answers (widened; `undefined` for 204). */
export type ResponseBody<P extends Path, M extends MethodsOf<P>> =
  Operation<P, M> extends { responses: infer R }
    ? {
        [S in keyof R & SuccessStatus]: S extends 204 ? undefined : Widen<JsonContent<R[S]>>;
      }[keyof R & SuccessStatus]
    : never;

type ParametersOf<P extends Path, M extends MethodsOf<P>> = Operation<P, M> extends { parameters: infer X } ? X : never;
export type PathParams<P extends Path, M extends MethodsOf<P>> =
  ParametersOf<P, M> extends { path: infer X } ? X : never;
export type QueryParams<P extends Path, M extends MethodsOf<P>> =
  ParametersOf<P, M> extends { query?: infer X } ? NonNullable<X> : never;

// Resources, by the operations that return them.
export type ConversationRequest = RequestBody<'/v1/conversations', 'post'>;
export type IngestResponse = ResponseBody<'/v1/conversations', 'post'>;
export type Conversation = ResponseBody<'/v1/conversations/{id}', 'get'>;
export type CheckResult = Conversation['results'][number];
export type Turn = Conversation['transcript'][number];
export type FeedbackRequest = RequestBody<'/v1/conversations/{id}/feedback', 'post'>;
export type FeedbackLabel = ResponseBody<'/v1/conversations/{id}/feedback', 'post'>;
export type AgentHealth = ResponseBody<'/v1/agents/{agent_id}/health', 'get'>;
export type GroupHealth = ResponseBody<'/v1/groups/{group_id}/health', 'get'>;
export type HealthWindow = AgentHealth['last_7_days'];
export type HealthStatus = AgentHealth['health_status'];
export type ScoringStatus = Conversation['status'];
export type Outcome = Conversation['outcome'];
export type DecidedBy = CheckResult['decided_by'];

export type WebhookEndpoint = ResponseBody<'/v1/webhook_endpoints/{id}', 'get'>;
export type WebhookEndpointWithSecret = ResponseBody<'/v1/webhook_endpoints', 'post'>;
export type WebhookEndpointCreate = RequestBody<'/v1/webhook_endpoints', 'post'>;
export type WebhookEndpointUpdate = RequestBody<'/v1/webhook_endpoints/{id}', 'patch'>;
export type WebhookMessage = ResponseBody<'/v1/webhook_endpoints/{id}/messages/{message_id}', 'get'>;
export type WebhookMessageQueued = ResponseBody<'/v1/webhook_endpoints/{id}/test', 'post'>;

/** One page of a cursor-paginated list: stop when `next_cursor` is null. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** What every list takes: at most `limit` items after `cursor` (opaque; from the previous page). */
export interface PageParams {
  limit?: number;
  cursor?: string;
}

/**
 * The list endpoints the specification plans (`GET /v1/conversations`, `GET /v1/checks`). Until the
 * generated types have them, these shapes stand in; once the service documents them (regenerate with
 * `npm run client:generate`), the generated ones are used.
 */
type ListGet<P extends string> = P extends Path
  ? paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer R } } } } }
    ? R
    : null
  : null;
type ListQuery<P extends string> = P extends Path
  ? paths[P] extends { get: { parameters: { query?: infer Q } } }
    ? NonNullable<Q>
    : null
  : null;
type ItemOf<R> = R extends { data: (infer I)[] } ? I : never;

/** A conversation as lists show it: without transcript, events and results (read one for those). */
export type ConversationSummary = [ListGet<'/v1/conversations'>] extends [null]
  ? Omit<Conversation, 'transcript' | 'events' | 'results'> & Record<string, unknown>
  : Widen<ItemOf<ListGet<'/v1/conversations'>>>;

export type ConversationListParams = [ListQuery<'/v1/conversations'>] extends [null]
  ? PageParams & {
      agent_id?: string;
      group_id?: string;
      status?: Open<'queued' | 'evaluating' | 'done' | 'failed'>;
      outcome?: string;
      /** A check key: conversations where this check failed. */
      failed_check?: string;
      ended_after?: string;
      ended_before?: string;
    }
  : ListQuery<'/v1/conversations'>;

/** A check of the project, as `GET /v1/checks` lists it. */
export type CheckSummary = [ListGet<'/v1/checks'>] extends [null]
  ? {
      key: string;
      name: string;
      status: Open<'draft' | 'shadow' | 'active'>;
      version: number;
      [field: string]: unknown;
    }
  : Widen<ItemOf<ListGet<'/v1/checks'>>>;

export type CheckListParams = [ListQuery<'/v1/checks'>] extends [null] ? PageParams : ListQuery<'/v1/checks'>;

/** A person's answer on one result (`source`: `api` from feedback, `app` from the application). */
export type Label = [ListGet<'/v1/labels'>] extends [null]
  ? {
      id: string;
      conversation_id: string;
      check_key: string;
      verdict: string;
      note: string | null;
      source: Open<'api' | 'app'>;
      created_at: string;
      [field: string]: unknown;
    }
  : Widen<ItemOf<ListGet<'/v1/labels'>>>;

export type LabelListParams = [ListQuery<'/v1/labels'>] extends [null]
  ? PageParams & { conversation_id?: string; check_key?: string }
  : ListQuery<'/v1/labels'>;

type AgreementGet = ListGet<'/v1/checks/{key}/agreement'>;
/** How a check's results agree with people's labels: accuracy, Cohen's kappa, confusion matrix, by who decided. */
export type CheckAgreement = [AgreementGet] extends [null]
  ? { check_key: string; meets_bar: boolean; [field: string]: unknown }
  : Widen<AgreementGet>;
export type CheckAgreementParams = [ListQuery<'/v1/checks/{key}/agreement'>] extends [null]
  ? { since?: string; until?: string }
  : ListQuery<'/v1/checks/{key}/agreement'>;

// Webhook events, from the document's `webhooks` section.
type EventPayload<K extends keyof webhooks> = JsonContent<webhooks[K]['post']['requestBody']>;
/** One event type's payload (`WebhookEventOf<'check.failed'>`): every field widened except `type`, the literal that tells the events apart. */
export type WebhookEventOf<K extends keyof webhooks> = {
  [F in keyof EventPayload<K>]: F extends 'type' ? EventPayload<K>[F] : Widen<EventPayload<K>[F]>;
};

export type KnownWebhookEventType = keyof webhooks & string;
export type ConversationEvaluatedEvent = WebhookEventOf<'conversation.evaluated'>;
export type AgentHealthChangedEvent = WebhookEventOf<'agent.health_changed'>;
export type GroupHealthChangedEvent = WebhookEventOf<'group.health_changed'>;
export type CheckFailedEvent = WebhookEventOf<'check.failed'>;
export type ChecksDigestEvent = WebhookEventOf<'checks.digest'>;
export type PingEvent = WebhookEventOf<'ping'>;

/** The events this version of the client knows, told apart by `type`. */
export type KnownWebhookEvent = { [K in KnownWebhookEventType]: WebhookEventOf<K> }[KnownWebhookEventType];

/** An event of a type added after this client was built: the envelope is known, the data is not. */
export interface UnknownWebhookEvent {
  id: string;
  type: string;
  created_at: string;
  environment: Open<'test' | 'live'>;
  data: unknown;
  [field: string]: unknown;
}

/**
 * What webhook verification returns. Narrow with `isKnownEvent(event)` (then `switch (event.type)`
 * discriminates) or `isEventType(event, 'check.failed')`.
 */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;
