/**
 * What an agent's sentence does about a transaction, as learned from the Schema-Guided Dialogue corpus's
 * dialogue acts (models/booking-acts.json): tells the caller it succeeded (NOTIFY_SUCCESS), that it failed
 * (NOTIFY_FAILURE), asks them to confirm details before acting (CONFIRM), offers an option (OFFER), or none.
 */
import type { LinearModel } from './linear-model.js';
import { bagFeatures, type FeatureBag, tokens } from './text-features.js';

export const BOOKING_ACTS = ['success', 'failure', 'confirm', 'offer', 'other'] as const;
export type BookingAct = (typeof BOOKING_ACTS)[number];

/** The features of one agent turn or sentence, as a bag (the service's path). */
export function bookingActBag(text: string): FeatureBag {
  const words = tokens(text);
  const flags: string[] = [];
  if (/\?\s*$/.test(text)) flags.push('#asks');
  flags.push(`#words:${words.length <= 3 ? 'few' : words.length <= 12 ? 'some' : 'many'}`);
  return { texts: [{ prefix: '', words }], flags };
}

/** The same features named as strings; what training reads (train/booking-acts-data.ts). */
export function bookingActFeatures(text: string): string[] {
  return bagFeatures(bookingActBag(text));
}

export interface BookingActReading {
  act: BookingAct;
  probability: number;
}

export interface BookingActReader {
  read(text: string): BookingActReading;
}

export function bookingActReader(model: LinearModel): BookingActReader {
  const classIndex = BOOKING_ACTS.map((act) => model.classes.indexOf(act));
  if (classIndex.some((index) => index === -1)) {
    throw new Error(`model ${model.name}: classes must be ${BOOKING_ACTS.join(', ')}`);
  }
  return {
    read(text) {
      const probabilities = model.probabilitiesOfBag(bookingActBag(text));
      let best: BookingActReading = { act: 'other', probability: 0 };
      BOOKING_ACTS.forEach((act, position) => {
        const probability = probabilities[classIndex[position] as number] as number;
        if (probability > best.probability) best = { act, probability };
      });
      return best;
    },
  };
}
