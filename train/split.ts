/**
 * Splits a corpus by dialogue into a training part and a held-out part. The part a dialogue falls in depends
 * only on its id and the seed (a hash), not on file order, so the split is the same on every run and a
 * dialogue never has turns on both sides.
 */
import { createHash } from 'node:crypto';

export const SPLIT_SEED = 'cqm-issue-16';
export const HELD_OUT_SHARE = 0.2;

export function isHeldOut(dialogueId: string, share = HELD_OUT_SHARE, seed = SPLIT_SEED): boolean {
  const digest = createHash('sha256').update(`${seed}:${dialogueId}`).digest();
  return digest.readUInt32BE(0) / 2 ** 32 < share;
}

export function splitByDialogue<T>(dialogues: readonly T[], idOf: (dialogue: T) => string, share = HELD_OUT_SHARE) {
  const training: T[] = [];
  const heldOut: T[] = [];
  for (const dialogue of dialogues) (isHeldOut(idOf(dialogue), share) ? heldOut : training).push(dialogue);
  return { training, heldOut };
}
