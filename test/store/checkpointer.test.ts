/**
 * The background checkpointer keeps the write-ahead log bounded while writes never stop: passive checkpoints
 * alone never let SQLite start the log over, so it would grow without end.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type Checkpointer, startCheckpointer } from '../../src/storage/sqlite/checkpointer.js';

const TRUNCATE_AT_FRAMES = 64;
const PAGE_SIZE = 4096;

const until = async (condition: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
};

describe('the background checkpointer', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('empties the log once it passes its bound, while writes keep coming', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cqm-checkpointer-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'db.sqlite');
    const db = new Sqlite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('busy_timeout = 5000');
    cleanups.push(() => void db.close());
    db.exec('create table rows (id integer primary key, body text not null)');
    const checkpointer: Checkpointer = startCheckpointer(
      file,
      createRequire(import.meta.url).resolve('better-sqlite3'),
      {
        intervalMs: 25,
        truncateAtFrames: TRUNCATE_AT_FRAMES,
      },
    );
    cleanups.push(() => checkpointer.stop());

    const insert = db.prepare('insert into rows (body) values (?)');
    const body = 'x'.repeat(3 * PAGE_SIZE);
    const walFile = `${file}-wal`;
    for (let round = 0; round < 100; round += 1) {
      for (let row = 0; row < 10; row += 1) insert.run(body);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    // A thousand rows of three pages each went through the log; passive checkpoints alone leave the file that large.
    const bound = TRUNCATE_AT_FRAMES * (PAGE_SIZE + 24) + 32;
    expect(await until(() => fs.statSync(walFile).size <= bound, 5_000)).toBe(true);
    expect(db.prepare('select count(*) as n from rows').get()).toEqual({ n: 1000 });
  });
});
