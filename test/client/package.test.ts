/**
 * The package as customers get it: its entry point (built by `npm run build`, reached through the workspace
 * link as `@cqm/client`), sources that use web-standard APIs only, and the helpers for the planned renames.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type Conversation,
  isHandedToPerson,
  isNotCustomerCall,
  isSecondReview,
  normaliseConversation,
  normaliseOutcome,
} from '../../packages/client/src/index.js';

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../packages/client');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('@cqm/client as a package', () => {
  it('is importable by its name from the built entry point', async () => {
    // By name at run time (not for the type checker, which runs before the build).
    const name = '@cqm/client';
    const entry = await import(name);
    expect(typeof entry.CqmClient).toBe('function');
    expect(typeof entry.createWebhookVerifier).toBe('function');
    expect(
      new entry.ValidationError({
        status: 422,
        type: 'validation_error',
        message: 'm',
        requestId: null,
        fields: {},
        headers: new Headers(),
        body: null,
      }),
    ).toBeInstanceOf(entry.ApiError);
  });

  it('uses no Node-only module or global, so it runs in Bun, Deno, browsers and edge runtimes', () => {
    const files = sourceFiles(path.join(PACKAGE_DIR, 'src'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const name = path.relative(PACKAGE_DIR, file);
      expect(text, name).not.toMatch(
        /from ['"]node:|from ['"](fs|path|crypto|http|https|buffer|url|util)['"]|require\(/,
      );
      expect(text, name).not.toMatch(/\bBuffer\.|\bprocess\.|\b__dirname\b/);
    }
    const tsconfig = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, 'tsconfig.json'), 'utf8'));
    expect(tsconfig.compilerOptions.types).toEqual([]);
  });

  it('maps both spellings of the planned renames to the new names and keeps values it does not know', () => {
    expect(normaliseOutcome('escalated')).toBe('handed_to_person');
    expect(normaliseOutcome('handed_to_person')).toBe('handed_to_person');
    expect(normaliseOutcome('not_real_inquiry')).toBe('not_customer_call');
    expect(normaliseOutcome('resolved')).toBe('resolved');
    expect(normaliseOutcome('a_future_outcome')).toBe('a_future_outcome');
    expect(normaliseOutcome(null)).toBeNull();
    expect([isHandedToPerson('escalated'), isHandedToPerson('handed_to_person'), isHandedToPerson('resolved')]).toEqual(
      [true, true, false],
    );
    expect([isNotCustomerCall('not_real_inquiry'), isNotCustomerCall('not_customer_call')]).toEqual([true, true]);
    expect([isSecondReview('llm_judge'), isSecondReview('second_review'), isSecondReview('model')]).toEqual([
      true,
      true,
      false,
    ]);

    const conversation = {
      outcome: 'not_real_inquiry',
      results: [
        { check_key: 'outcome', decided_by: 'llm_judge' },
        { check_key: 'x', decided_by: 'rule' },
      ],
    } as unknown as Conversation;
    const normalised = normaliseConversation(conversation);
    expect(normalised.outcome).toBe('not_customer_call');
    expect(normalised.results.map((result) => result.decided_by)).toEqual(['second_review', 'rule']);
    expect(conversation.outcome).toBe('not_real_inquiry');
  });
});
