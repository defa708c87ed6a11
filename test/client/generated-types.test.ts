/**
 * The client's types are generated from the OpenAPI document the service serves. This generates them again
 * in memory and compares with the checked-in file, so a change to the API that was not followed by
 * `npm run client:generate` fails the build instead of shipping a client that disagrees with the service.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, generateClientTypes } from '../../scripts/generate-client-types.js';

/** Where two texts first differ, as a line number and both lines, for a failure message people can act on. */
function firstDifference(expected: string, actual: string): string | null {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i])
      return `line ${i + 1}: served ${JSON.stringify(a[i] ?? null)}, checked in ${JSON.stringify(b[i] ?? null)}`;
  }
  return null;
}

describe('@cqm/client generated types', () => {
  it('match the OpenAPI document the service serves (run `npm run client:generate` when this fails)', async () => {
    const generated = await generateClientTypes();
    expect(generated).toContain('"/v1/conversations/{id}"');
    expect(generated).toContain('export const webhookEventTypes');
    const checkedIn = fs.readFileSync(GENERATED_TYPES_PATH, 'utf8');
    expect(firstDifference(generated, checkedIn), 'packages/client/src/generated/openapi.ts is out of date').toBeNull();
  });
});
