/** Training examples for the booking-act model: every system turn of SGD, labelled by its dialogue acts. */
import { BOOKING_ACTS, type BookingAct, bookingActFeatures } from '../src/scoring/model/booking-acts.js';
import type { SgdDialogue, SgdTurn } from './corpora.js';
import type { Example } from './softmax-regression.js';

/** One act per turn; a turn that reports a failure and offers another time is a failure report first. */
export function sgdBookingAct(turn: SgdTurn): BookingAct {
  const acts = new Set(turn.acts.map((act) => act.act));
  if (acts.has('NOTIFY_FAILURE')) return 'failure';
  if (acts.has('NOTIFY_SUCCESS')) return 'success';
  if (acts.has('CONFIRM')) return 'confirm';
  if (acts.has('OFFER')) return 'offer';
  return 'other';
}

export function systemTurns(dialogues: readonly SgdDialogue[]): SgdTurn[] {
  return dialogues.flatMap((dialogue) => dialogue.turns.filter((turn) => turn.speaker === 'system'));
}

export function bookingActExamples(dialogues: readonly SgdDialogue[]): Example[] {
  return systemTurns(dialogues).map((turn) => ({
    features: bookingActFeatures(turn.text),
    label: BOOKING_ACTS.indexOf(sgdBookingAct(turn)),
  }));
}
