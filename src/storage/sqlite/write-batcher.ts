import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { WriteUnit } from '../store.js';

interface Pending {
  unit: WriteUnit<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: every unit submitted during one event-loop turn runs in a single IMMEDIATE transaction and
 * all are answered after the one commit. One commit per request is what limits an embedded store; sharing
 * it keeps durability (nothing resolves before COMMIT returns).
 *
 * Units rarely fail, so the batch runs optimistically without savepoints; when one does fail, the whole
 * batch is rolled back and each unit runs again in a transaction of its own, so only the failing one fails.
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private running: Promise<void> = Promise.resolve();

  /**
   * @param runStatement runs a statement on the same connection at once; the transaction's own statements
   *   take it instead of the query layer, which would build and compile them anew for every batch.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly runStatement: (sql: string) => void,
  ) {}

  submit<T>(unit: WriteUnit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.running = this.running.then(() => this.flush());
        });
      }
    });
  }

  /** Runs `work` on the connection after the transaction under way, if any, and before the next one. */
  betweenTransactions(work: () => void): Promise<void> {
    const done = this.running.then(work);
    this.running = done.catch(() => {});
    return done;
  }

  /** Waits for everything submitted so far. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.scheduled) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.running;
    }
    await this.running;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    if (batch.length === 0) return;
    try {
      const values = await this.inTransaction(async (conn) => {
        const results: unknown[] = [];
        for (const pending of batch) results.push(await pending.unit(conn));
        return results;
      });
      for (const [i, pending] of batch.entries()) pending.resolve(values[i]);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const pending of batch) {
        await this.inTransaction((conn) => pending.unit(conn)).then(pending.resolve, pending.reject);
      }
    }
  }

  private inTransaction<T>(work: (conn: Kysely<Database>) => Promise<T>): Promise<T> {
    // The connection is held for the whole transaction so that no other query interleaves with its units.
    return this.db.connection().execute(async (conn) => {
      this.runStatement('begin immediate');
      try {
        const value = await work(conn);
        this.runStatement('commit');
        return value;
      } catch (error) {
        try {
          this.runStatement('rollback');
        } catch {
          // SQLite may already have rolled back (e.g. after a full disk); the error that got us here is the one to report.
        }
        throw error;
      }
    });
  }
}
