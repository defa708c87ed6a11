/** Reads the public corpora in ../shared/corpora (see its README): Schema-Guided Dialogue and User Satisfaction Simulation. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface SgdTurn {
  speaker: 'user' | 'system';
  text: string;
  acts: { act: string }[];
  service_calls?: { method: string; results?: number }[] | null;
}
export interface SgdDialogue {
  dialogue_id: string;
  services: string[];
  turns: SgdTurn[];
}
export interface UssTurn {
  speaker: 'user' | 'system';
  text: string;
  ratings?: number[] | null;
}
export interface UssDialogue {
  id: string;
  overall_ratings: number[];
  turns: UssTurn[];
}

export const DEFAULT_CORPORA_DIRECTORY = join(import.meta.dirname, '..', '..', 'shared', 'corpora');

function jsonLines<T>(text: string): T[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export function readSgd(directory: string): SgdDialogue[] {
  return jsonLines<SgdDialogue>(gunzipSync(readFileSync(join(directory, 'sgd-train.jsonl.gz'))).toString('utf8'));
}

export function readUss(directory: string, part: 'redial' | 'ccpe'): UssDialogue[] {
  return jsonLines<UssDialogue>(readFileSync(join(directory, `uss-${part}.jsonl`), 'utf8'));
}

export function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
