import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema.js';
import type { WriteUnit } from '../store.js';

interface Pending {
  unit: WriteUnit<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: every unit submitted during one event-loop turn runs in a single IMMEDIATE transaction,
 * each inside a savepoint, and all are acknowledged after the one commit. One commit per request is what
 * limits an embedded store; sharing it keeps durability (nothing resolves before COMMIT returns).
 */
export class WriteBatcher {
  private queue: Pending[] = [];
  private scheduled = false;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly db: Kysely<Database>) {}

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
    const settled: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await this.db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          for (const pending of batch) {
            await sql`savepoint unit`.execute(conn);
            try {
              settled.push({ ok: true, value: await pending.unit(conn) });
              await sql`release unit`.execute(conn);
            } catch (error) {
              await sql`rollback to unit`.execute(conn);
              await sql`release unit`.execute(conn);
              settled.push({ ok: false, error });
            }
          }
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => {});
          throw error;
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, i) => {
      const outcome = settled[i];
      if (outcome?.ok) pending.resolve(outcome.value);
      else pending.reject(outcome?.error);
    });
  }
}
