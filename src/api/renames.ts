/**
 * The planned renames, opted into per request with the `Service-Opt-In` header (a comma-separated list of
 * new names; see docs/changelog.md). Until a rename is dated in the changelog, the old name stays the
 * default; a client that names the new one gets it. Only `second_review` (for `decided_by: llm_judge`)
 * ships so far; names the service does not know are ignored, so a client may list future ones early.
 */
import type { FastifyRequest } from 'fastify';

export const OPT_IN_HEADER = 'service-opt-in';

export function optedInto(request: Pick<FastifyRequest, 'headers'>, name: string): boolean {
  const header = request.headers[OPT_IN_HEADER];
  const values = Array.isArray(header) ? header.join(',') : (header ?? '');
  return values
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .includes(name);
}

/** `decided_by` as the client asked to read it. */
export function decidedByFor<T extends string | null>(decidedBy: T, secondReview: boolean): T | 'second_review' {
  return secondReview && decidedBy === 'llm_judge' ? 'second_review' : decidedBy;
}
