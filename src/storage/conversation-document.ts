/** A conversation's document: the body as received, which the ingest unit stores and hashes for idempotency. */
import type { NewConversation } from './types.js';

/** The document stored for a conversation: the body as received, or its fields when there is none. */
export function documentOf(input: NewConversation): string {
  return (
    input.document ?? JSON.stringify({ transcript: input.transcript, events: input.events, metadata: input.metadata })
  );
}
