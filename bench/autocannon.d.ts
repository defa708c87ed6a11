/**
 * The part of autocannon's programmatic API the benchmark uses. autocannon ships no types and there is no
 * @types package installed, so this keeps `npm run typecheck` strict without adding a dependency.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface RequestParams {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string | Buffer;
  }

  export interface RequestTemplate {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before every request; the returned params are serialised afresh each time. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: RequestTemplate[];
  }

  export interface Histogram {
    mean: number;
    average: number;
    stddev: number;
    min: number;
    max: number;
    total?: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    totalCompletedRequests: number;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
    ): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default function autocannon(options: Options): Instance;
}
