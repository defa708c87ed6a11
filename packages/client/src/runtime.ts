/**
 * What the client takes from its environment, each replaceable (tests pass their own). Only web-standard
 * globals are used (fetch, setTimeout, crypto.randomUUID), so the same code runs in Node 20+, Bun, Deno,
 * browsers and edge runtimes.
 */

export type Fetch = typeof fetch;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** `fetch` called as a plain function: some runtimes refuse a `fetch` detached from `globalThis`. */
export const defaultFetch: Fetch = (input, init) => globalThis.fetch(input, init);

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const defaultRandomUUID = (): string => globalThis.crypto.randomUUID();
