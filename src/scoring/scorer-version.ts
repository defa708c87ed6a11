/** Identifies how a result was scored, so results scored differently can be told apart. */
import { createHash } from 'node:crypto';
import type { CheckDefinition } from '../domain/checks.js';

/** Bump whenever scoring logic, lexicons or thresholds change. */
export const SCORING_ENGINE_VERSION = '1.0.0';

const VERSION_LENGTH = 12;

type VersionedCheck = Pick<CheckDefinition, 'key' | 'version'>;

/** The version string for a given engine version; `scorerVersion` passes the current one. */
export function scorerVersionFor(engineVersion: string, check: VersionedCheck, modelConfigFingerprint = ''): string {
  return createHash('sha256')
    .update(JSON.stringify([engineVersion, check.key, check.version, modelConfigFingerprint]))
    .digest('hex')
    .slice(0, VERSION_LENGTH);
}

/**
 * An opaque short string that changes whenever the engine version, the check (key and version) or
 * the model configuration changes.
 */
export function scorerVersion(check: VersionedCheck, modelConfigFingerprint = ''): string {
  return scorerVersionFor(SCORING_ENGINE_VERSION, check, modelConfigFingerprint);
}
