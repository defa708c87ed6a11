/**
 * When each API key was last used, for the Developers area. Authentication must not pay for it: a key's use
 * is written at most once a minute per process, after the request's own work, and a failed write is only
 * logged (the figure is a hint for people, never a decision).
 */
import type { Store } from './store.js';

export const KEY_USE_RESOLUTION_MS = 60 * 1000;

export interface KeyUsageRecorder {
  /** Notes that a key just authenticated a request; cheap and synchronous for the caller. */
  record(keyId: string): void;
}

export function createKeyUsageRecorder(
  store: Store,
  clock: () => number = Date.now,
  onError: (error: unknown) => void = () => {},
): KeyUsageRecorder {
  const lastWritten = new Map<string, number>();
  return {
    record(keyId) {
      const now = clock();
      const last = lastWritten.get(keyId);
      if (last !== undefined && now - last < KEY_USE_RESOLUTION_MS) return;
      lastWritten.set(keyId, now);
      // Keys come and go; the map only needs the keys of the last minute.
      if (lastWritten.size > 10_000) {
        for (const [id, at] of lastWritten) if (now - at >= KEY_USE_RESOLUTION_MS) lastWritten.delete(id);
      }
      setImmediate(() => {
        store.db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', keyId).execute().catch(onError);
      });
    },
  };
}
