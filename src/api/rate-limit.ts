/** Per-key request budgets: in memory for one embedded process, in PostgreSQL when processes share a store. */
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the budget is refilled. */
  resetSeconds: number;
}

export interface RateLimiter {
  consume(key: string): Promise<RateDecision>;
}

export interface RateLimitSettings {
  points: number;
  windowSeconds: number;
}

function decision(res: RateLimiterRes, allowed: boolean, limit: number): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

function fromLibrary(limiter: RateLimiterAbstract, limit: number): RateLimiter {
  return {
    async consume(key) {
      try {
        return decision(await limiter.consume(key), true, limit);
      } catch (rejection) {
        // The library rejects with its result when the budget is spent, and with an Error when its store fails.
        if (rejection instanceof RateLimiterRes) return decision(rejection, false, limit);
        throw rejection;
      }
    },
  };
}

/** Rate limiting switched off (a limit of 0): every request passes and no headers are promised. */
export const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true, limit: 0, remaining: 0, resetSeconds: 0 }),
};

export function memoryRateLimiter(settings: RateLimitSettings): RateLimiter {
  if (settings.points === 0) return unlimited;
  return fromLibrary(
    new RateLimiterMemory({ points: settings.points, duration: settings.windowSeconds }),
    settings.points,
  );
}

/** Shares budgets between processes through a table the library creates on first use. */
export async function postgresRateLimiter(settings: RateLimitSettings, pool: pg.Pool): Promise<RateLimiter> {
  if (settings.points === 0) return unlimited;
  const limiter = await new Promise<RateLimiterPostgres>((resolve, reject) => {
    const created: RateLimiterPostgres = new RateLimiterPostgres(
      {
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        points: settings.points,
        duration: settings.windowSeconds,
      },
      (error?: Error) => (error ? reject(error) : resolve(created)),
    );
  });
  return fromLibrary(limiter, settings.points);
}
