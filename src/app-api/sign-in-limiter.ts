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

export async function createSignInLimiter(store: Store): Promise<SignInLimiter> {
  const pool = store.dialect === 'postgres' && 'pool' in store ? store.pool : undefined;
  const [byEmail, byIp] = pool
    ? await Promise.all([
        postgresLimiter(pool, SIGN_IN_PER_EMAIL, 'email'),
        postgresLimiter(pool, SIGN_IN_PER_IP, 'ip'),
      ])
    : [new RateLimiterMemory(SIGN_IN_PER_EMAIL), new RateLimiterMemory(SIGN_IN_PER_IP)];

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
      const [emailWait, ipWait] = await Promise.all([consume(byEmail, email), consume(byIp, ip)]);
      if (emailWait === null && ipWait === null) return null;
      return Math.max(emailWait ?? 0, ipWait ?? 0);
    },
    async succeeded(email) {
      await byEmail.delete(email);
    },
  };
}
