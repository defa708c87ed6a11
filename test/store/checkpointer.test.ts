/**
 * The background checkpointer keeps the write-ahead log bounded while writes never stop: passive checkpoints
 * alone never let SQLite start the log over, so it would grow without end.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type Checkpointer, startCheckpointer } from '../../src/storage/sqlite/checkpointer.js';
import { tempDir } from '../harness/backends.js';
import { checkpointSequence } from '../harness/wal.js';

const RESTART_AT_FRAMES = 64;
const PAGE_SIZE = 4096;

describe('the background checkpointer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts the log over once it passes its bound, while writes keep coming', async () => {
    const dir = tempDir('cqm-checkpointer-');
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'db.sqlite');
    const db = new Sqlite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('busy_timeout = 5000');
    cleanups.push(() => void db.close());
    db.exec('create table rows (id integer primary key, body text not null)');
    let restartsAsked = 0;
    const checkpointer: Checkpointer = startCheckpointer(
      file,
      createRequire(import.meta.url).resolve('better-sqlite3'),
      {
        intervalMs: 25,
        restartAtFrames: RESTART_AT_FRAMES,
        // As the store does it: on the writing connection, between two of its writes.
        restart: async () => {
          restartsAsked += 1;
          db.pragma('wal_checkpoint(RESTART)');
        },
      },
    );
    cleanups.push(() => checkpointer.stop());

    const insert = db.prepare('insert into rows (body) values (?)');
    const body = 'x'.repeat(3 * PAGE_SIZE);
    const walFile = `${file}-wal`;
    // Paced writes let passive checkpoints copy the whole log, and the next write then starts it over: once
    // the file stops growing, the checkpointer's thread is running.
    let rows = 0;
    const sizes: number[] = [];
    while (sizes.length < 10 || sizes.at(-1) !== sizes.at(-10)) {
      expect(sizes.length).toBeLessThan(500);
      insert.run(body);
      rows += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      sizes.push(fs.statSync(walFile).size);
    }

    // Then writes as under load: a few rows at a time, a millisecond apart. A passive checkpoint copies the
    // log as it was when the checkpoint began, and under load a commit lands while it copies, so SQLite alone
    // seldom starts the log over; the writer is asked to, between two of its commits.
    const writeRows = (count: number) => {
      for (let row = 0; row < count; row += 1) insert.run(body);
      rows += count;
    };
    // Past the bound first, so that a restart counted below comes from the bound, not from the paced writes.
    writeRows(RESTART_AT_FRAMES);
    const restartsBefore = checkpointSequence(walFile);
    const askedBefore = restartsAsked;
    const rowsBefore = rows;
    while (checkpointSequence(walFile) === restartsBefore && rows - rowsBefore < 5_000) {
      writeRows(5);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(checkpointSequence(walFile)).toBeGreaterThan(restartsBefore);
    expect(restartsAsked).toBeGreaterThan(askedBefore);
    expect(db.prepare('select count(*) as n from rows').get()).toEqual({ n: rows });
  });
});
