/** Limits the specification leaves open (DESIGN.md); each is enforced with a clear 413 or 422. */
export const LIMITS = {
  externalIdLength: 200,
  nameLength: 120,
  versionLength: 60,
  idempotencyKeyLength: 255,
  turns: 10_000,
  turnTextLength: 20_000,
  events: 10_000,
  metadataBytes: 64 * 1024,
  feedbackNoteLength: 1_000,
} as const;

/** agent.id and group.id: never needs URL-encoding. */
export const RESOURCE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
