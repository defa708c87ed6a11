/** The two environments. Each is part of every data URL, so test and live data never share a screen. */
export type Env = 'test' | 'live';

export const ENVIRONMENTS: readonly Env[] = ['test', 'live'];

export function isEnv(value: string): value is Env {
  return value === 'test' || value === 'live';
}
