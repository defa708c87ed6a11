/** Identifies how a result was scored, so results scored differently can be told apart. */
import { createHash } from 'node:crypto';
import type { CheckDefinition } from '../domain/checks.js';

/** Bump whenever scoring logic, lexicons or thresholds change. */
export const SCORING_ENGINE_VERSION = '1.11.1';

const VERSION_LENGTH = 12;

type VersionedCheck = Pick<CheckDefinition, 'key' | 'version'>;

/** The version string for a given engine version; `scorerVersion` passes the current one. */
export function scorerVersionFor(engineVersion: string, check: VersionedCheck, modelConfigFingerprint = ''): string {
  return createHash('sha256')
    .update(JSON.stringify([engineVersion, check.key, check.version, modelConfigFingerprint]))
    .digest('hex')
    .slice(0, VERSION_LENGTH);
}

// Every result names its scorer version, and the same few checks are scored over and over: hashing once per
// distinct input keeps a SHA-256 per result off the worker. Bounded, since stale entries are never read again.
const MAX_REMEMBERED = 1_000;
const remembered = new Map<string, string>();

/**
 * An opaque short string that changes whenever the engine version, the check (key and version) or
 * the model configuration changes. For the offline model, `modelConfigFingerprint` is the hash of its
 * trained model files (`TrainedModels.fingerprint`, see model/trained-models.ts), so a retrained model file
 * gives new scorer versions.
 */
export function scorerVersion(check: VersionedCheck, modelConfigFingerprint = ''): string {
  const input = JSON.stringify([check.key, check.version, modelConfigFingerprint]);
  let version = remembered.get(input);
  if (version === undefined) {
    version = scorerVersionFor(SCORING_ENGINE_VERSION, check, modelConfigFingerprint);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(input, version);
  }
  return version;
}
