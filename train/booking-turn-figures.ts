/**
 * How well the booking-act model reads agents nobody here wrote: for each writer of train/data/booking-turns, a
 * model trained on the corpus and every other writer's turns reads that writer's turns; beside it, the model
 * trained on the corpus alone reads the same turns. The pooled reads give accuracy and, per act, precision and
 * recall.
 */
import { BOOKING_ACTS, type BookingAct, bookingActReader } from '../src/scoring/model/booking-acts.js';
import { linearModel } from '../src/scoring/model/linear-model.js';
import type { WrittenBookingTurn } from './booking-turns-data.js';
import { trainBookingActsOn } from './models.js';
import type { Example } from './softmax-regression.js';

export interface ActFigures {
  act: BookingAct;
  turns: number;
  precision: number | null;
  recall: number | null;
}

export interface BookingTurnFigures {
  writers: number;
  turns: number;
  /** The corpus alone, then the corpus with the other writers' turns. */
  corpusOnly: { accuracy: number; acts: ActFigures[] };
  withWriters: { accuracy: number; acts: ActFigures[] };
}

function figuresOf(pairs: readonly { truth: BookingAct; read: BookingAct }[]) {
  const accuracy = pairs.filter((pair) => pair.truth === pair.read).length / pairs.length;
  const acts = BOOKING_ACTS.map((act) => {
    const read = pairs.filter((pair) => pair.read === act);
    const truly = pairs.filter((pair) => pair.truth === act);
    const right = read.filter((pair) => pair.truth === act).length;
    return {
      act,
      turns: truly.length,
      precision: read.length === 0 ? null : right / read.length,
      recall: truly.length === 0 ? null : right / truly.length,
    };
  });
  return { accuracy, acts };
}

export function crossWriterBookingFigures(
  corpus: readonly Example[],
  written: readonly WrittenBookingTurn[],
): BookingTurnFigures {
  const writers = [...new Set(written.map((turn) => turn.writer))].sort();
  const corpusOnly = bookingActReader(linearModel(trainBookingActsOn(corpus, [])));
  const alone: { truth: BookingAct; read: BookingAct }[] = [];
  const together: { truth: BookingAct; read: BookingAct }[] = [];
  for (const writer of writers) {
    const others = written.filter((turn) => turn.writer !== writer);
    const reader = bookingActReader(linearModel(trainBookingActsOn(corpus, others)));
    for (const turn of written.filter((each) => each.writer === writer)) {
      alone.push({ truth: turn.act, read: corpusOnly.read(turn.text).act });
      together.push({ truth: turn.act, read: reader.read(turn.text).act });
    }
  }
  return {
    writers: writers.length,
    turns: written.length,
    corpusOnly: figuresOf(alone),
    withWriters: figuresOf(together),
  };
}
