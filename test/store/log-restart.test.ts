/**
 * The write-ahead log's restart runs on the store's writing connection, between its transactions
 * (checkpointer.ts). While another connection reads an old snapshot the log cannot start over; the writes must
 * go on meanwhile, and the restart must come once the reader is done.
 */
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../src/storage/sqlite/open.js';
import { tempDir } from '../harness/backends.js';
import { checkpointSequence } from '../harness/wal.js';

describe('the restart of the log', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('lets writes go on while another connection reads an old snapshot, and restarts once it is done', async () => {
    const dataDir = tempDir('cqm-log-restart-');
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const store = openSqliteStore({
      dataDir,
      synchronous: 'NORMAL',
      backgroundCheckpoints: true,
      checkpoints: { intervalMs: 20, restartAtFrames: 64 },
    });
    cleanups.push(() => store.close());
    await sql`create table rows (id integer primary key, body text not null)`.execute(store.db);
    const body = 'x'.repeat(3 * 4096);
    /** Writes one row as ingest does (a unit of the group commit). */
    const writeRow = () => store.write((tx) => sql`insert into rows (body) values (${body})`.execute(tx));

    const file = path.join(dataDir, SQLITE_FILE_NAME);
    const reader = new Sqlite(file, { readonly: true });
    cleanups.push(() => void reader.close());
    await writeRow();
    // A read transaction on the log as it is now: no restart can complete while it lasts.
    reader.exec('begin');
    reader.prepare('select count(*) from rows').get();

    const restartsBefore = checkpointSequence(`${file}-wal`);
    // The restart runs on this thread, between two writes: the longest gap between two writes is what it held.
    let longestGap = 0;
    let lastWritten = performance.now();
    const readingUntil = lastWritten + 1_500;
    while (performance.now() < readingUntil) {
      await writeRow();
      longestGap = Math.max(longestGap, performance.now() - lastWritten);
      lastWritten = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(checkpointSequence(`${file}-wal`)).toBe(restartsBefore);
    // The restarts asked meanwhile gave up instead of holding the writes.
    expect(longestGap).toBeLessThan(1_000);

    reader.exec('commit');
    let rows = 0;
    while (checkpointSequence(`${file}-wal`) === restartsBefore && rows < 2_000) {
      await writeRow();
      rows += 1;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(checkpointSequence(`${file}-wal`)).toBeGreaterThan(restartsBefore);
  });
});
