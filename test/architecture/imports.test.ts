/**
 * Imports run one way: domain <- storage/scoring/checks <- api/app-api/jobs/webhooks <- main, and no file of
 * src/ reaches itself through its imports. A loop through shared types is a loop too: such types belong in a
 * leaf (src/domain/ for the domain's, a types file for one layer's own), which everything imports.
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it, describe as suite } from 'vitest';
import { describe, importCycles, importGraph } from './import-graph.js';

const repository = join(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(repository, 'src');

/** What a top-level part of src/ may import besides itself. Parts not listed here are not restricted. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: [],
  'config.ts': [],
  storage: ['domain', 'config.ts'],
  scoring: ['domain'],
  checks: ['domain', 'storage'],
};

const partOf = (file: string) => relative(src, file).split('/')[0] as string;

suite('the import graph of src/', () => {
  const graph = importGraph(src);

  it('reads the graph (a broken reader would find no cycles in an empty graph)', () => {
    expect(graph.size).toBeGreaterThan(100);
    const repo = graph.get(join(src, 'storage/conversation-repo.ts')) ?? [];
    expect(repo.map((file) => relative(src, file))).toContain('storage/types.ts');
  });

  it('has no import cycles', () => {
    const cycles = importCycles(graph);
    expect(cycles, `files that import each other in a loop:\n  ${describe(cycles, repository)}`).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const loop = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(importCycles(loop).map((component) => component.join(','))).toEqual(expect.arrayContaining(['a,b,c', 'e']));
    expect(importCycles(loop)).toHaveLength(2);
  });

  it('runs one way between the layers', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      const allowed = MAY_IMPORT[partOf(file)];
      if (!allowed) continue;
      for (const target of targets) {
        const part = partOf(target);
        if (part !== partOf(file) && !allowed.includes(part))
          upward.push(`${relative(repository, file)} -> ${relative(repository, target)}`);
      }
    }
    expect(upward, 'imports from a lower layer up into a higher one').toEqual([]);
  });
});
