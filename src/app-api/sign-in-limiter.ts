/**
 * Sign-in attempts are limited per address and per client IP (rate-limiter-flexible): guessing one person's
 * password, or trying many addresses from one place, stops after a handful. Every attempt counts, good or
 * bad, and is counted before the password is checked, so the limit also caps the scrypt work a client can
 * cause. In memory on the embedded store (one process); in PostgreSQL when processes share it.
 */
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Store } from '../storage/store.js';

/** Per address: 10 attempts in 15 minutes. */
export const SIGN_IN_PER_EMAIL = { points: 10, duration: 15 * 60 };
/** Per IP: 100 attempts in 15 minutes (an office behind one address signs in many people). */
export const SIGN_IN_PER_IP = { points: 100, duration: 15 * 60 };

export interface SignInLimiter {
  /** Counts an attempt; returns the seconds to wait when it is over a limit, else null. */
  attempt(email: string, ip: string): Promise<number | null>;
  /** A successful sign-in clears the address's count (its owner is back; an attacker's guesses are not). */
  succeeded(email: string): Promise<void>;
}

async function postgresLimiter(
  pool: unknown,
  settings: { points: number; duration: number },
  keyPrefix: string,
): Promise<RateLimiterAbstract> {
  return new Promise<RateLimiterPostgres>((resolve, reject) => {
    const created: RateLimiterPostgres = new RateLimiterPostgres(
      { storeClient: pool, storeType: 'pool', tableName: 'sign_in_limits', keyPrefix, ...settings },
      (error?: Error) => (error ? reject(error) : resolve(created)),
    );
  });
}

/**
 * The PostgreSQL limiters make their table on first use, not when the application is built: an application
 * must build (and /v1 answer its 503s) while the database is briefly unreachable. A failed start is retried
 * by the next attempt.
 */
export async function createSignInLimiter(store: Store): Promise<SignInLimiter> {
  const pool = store.dialect === 'postgres' && 'pool' in store ? store.pool : undefined;
  let limiters: Promise<[RateLimiterAbstract, RateLimiterAbstract]> | undefined = pool
    ? undefined
    : Promise.resolve([new RateLimiterMemory(SIGN_IN_PER_EMAIL), new RateLimiterMemory(SIGN_IN_PER_IP)]);
  function ready(): Promise<[RateLimiterAbstract, RateLimiterAbstract]> {
    // One after the other: both create the same table, and two concurrent CREATE TABLE IF NOT EXISTS can clash.
    limiters ??= (async (): Promise<[RateLimiterAbstract, RateLimiterAbstract]> => {
      const byEmail = await postgresLimiter(pool, SIGN_IN_PER_EMAIL, 'email');
      return [byEmail, await postgresLimiter(pool, SIGN_IN_PER_IP, 'ip')];
    })().catch((error: unknown) => {
      limiters = undefined;
      throw error;
    });
    return limiters;
  }

  async function consume(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
    try {
      await limiter.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  return {
    async attempt(email, ip) {
      const [byEmail, byIp] = await ready();
      const [emailWait, ipWait] = await Promise.all([consume(byEmail, email), consume(byIp, ip)]);
      if (emailWait === null && ipWait === null) return null;
      return Math.max(emailWait ?? 0, ipWait ?? 0);
    },
    async succeeded(email) {
      const [byEmail] = await ready();
      await byEmail.delete(email);
    },
  };
}
