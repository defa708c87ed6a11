/** @cqm/client: a typed client for the Conversation Quality Monitor API. */
export { CqmClient, type CqmClientOptions, type OperationOptions, PLANNED_RENAMES } from './client.js';
export * from './errors.js';
export type { components, paths, webhooks } from './generated/openapi.js';
export type { RetryInfo } from './http.js';
export { iterateItems, iteratePages, type PageFetcher } from './pagination.js';
export {
  isHandedToPerson,
  isNotCustomerCall,
  isSecondReview,
  normaliseConversation,
  normaliseDecidedBy,
  normaliseOutcome,
  normaliseResult,
} from './renames.js';
export type { RequestOptions } from './request.js';
export type { CreateConversationOptions, IngestResult, WaitOptions } from './resources/conversations.js';
export { WaitTimeoutError } from './resources/conversations.js';
export { backoffMs, isRetryableStatus, isSafeToRetry, MAX_RETRIES } from './retry.js';
export type { Fetch, Sleep } from './runtime.js';
export type * from './types.js';
export {
  createWebhookVerifier,
  DEFAULT_TOLERANCE_SECONDS,
  isEventType,
  isKnownEvent,
  isUnknownEvent,
  KNOWN_EVENT_TYPES,
  type VerifiedDelivery,
  verifyWebhook,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationFailure,
  type WebhookVerifier,
  type WebhookVerifierOptions,
} from './webhooks.js';
