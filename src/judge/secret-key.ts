/**
 * The instance's secret key, which seals judge API keys at rest: CQM_SECRET_KEY when set; otherwise, on the
 * embedded store, a key generated once into the data dir (readable by its owner only). Deployments on
 * PostgreSQL run processes that share no data dir, so there CQM_SECRET_KEY is required before a project's
 * key can be stored; everything else works without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { newSecretKeyText, secretKeyFrom } from '../domain/secret-box.js';

export const SECRET_KEY_FILE = 'secret.key';

export type SecretKeyResult = { key: Buffer; source: 'environment' | 'data_dir' } | { key: null; problem: string };

export const POSTGRES_NEEDS_SECRET_KEY =
  'Set CQM_SECRET_KEY (the same value for every process) to store a judge API key: on PostgreSQL the service ' +
  'has no shared data dir to keep a generated key in.';

export function loadSecretKey(config: Pick<Config, 'secretKey' | 'dataDir' | 'databaseUrl'>): SecretKeyResult {
  if (config.secretKey) return { key: secretKeyFrom(config.secretKey), source: 'environment' };
  if (config.databaseUrl) return { key: null, problem: POSTGRES_NEEDS_SECRET_KEY };
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  try {
    return { key: secretKeyFrom(fs.readFileSync(file, 'utf8')), source: 'data_dir' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // `wx`: when two processes start at once, one writes and the other reads what it wrote.
    fs.writeFileSync(file, `${newSecretKeyText()}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { key: secretKeyFrom(fs.readFileSync(file, 'utf8')), source: 'data_dir' };
}
