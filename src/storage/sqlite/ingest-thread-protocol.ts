/** What the API thread and the ingest thread say to each other (see ingest-thread.ts). */
import type { IdempotencyClaim, IngestOutcome, NewConversation, Scope } from '../conversation-repo.js';

export interface IngestThreadSettings {
  dataDir: string;
  synchronous: 'NORMAL' | 'FULL';
}

export interface IngestRequest {
  id: number;
  scope: Scope;
  input: NewConversation;
  claim: IdempotencyClaim | null;
  keyId: string | undefined;
}

/** An error crosses the thread as its message and driver code, which decide between 500 and 503. */
export interface SerializedError {
  message: string;
  code?: string;
}

export type IngestReply = { id: number; outcome: IngestOutcome } | { id: number; error: SerializedError };

/** Messages to the thread: a batch of requests, or the request to stop. */
export type ToIngestThread = { kind: 'ingest'; requests: IngestRequest[] } | { kind: 'stop' };
/** Messages from the thread: the answers of one batch, or that it has stopped. */
export type FromIngestThread = { kind: 'replies'; replies: IngestReply[] } | { kind: 'stopped' };
