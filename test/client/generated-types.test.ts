/**
 * The client's types are generated from the OpenAPI document the service serves. This generates them again
 * in memory and compares with the checked-in file, so a change to the API that was not followed by
 * `npm run client:generate` fails the build instead of shipping a client that disagrees with the service.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_PATH, generateClientTypes } from '../../scripts/generate-client-types.js';

describe('@cqm/client generated types', () => {
  it('match the OpenAPI document the service serves (run `npm run client:generate` when this fails)', async () => {
    const generated = await generateClientTypes();
    expect(generated).toContain('"/v1/conversations/{id}"');
    const checkedIn = fs.readFileSync(GENERATED_TYPES_PATH, 'utf8');
    expect(checkedIn === generated, 'packages/client/src/generated/openapi.ts is out of date').toBe(true);
  });
});
