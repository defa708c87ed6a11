/**
 * How well the booking-act model reads agents nobody here wrote: for each writer of train/data/booking-turns, a
 * model trained on the corpus and every other writer's turns reads that writer's turns; beside it, the model
 * trained on the corpus alone reads the same turns. The pooled reads give accuracy and, per act, precision and
 * recall.
 */
import { type BookingAct, bookingActReader } from '../src/scoring/model/booking-acts.js';
import { linearModel } from '../src/scoring/model/linear-model.js';
import type { WrittenBookingTurn } from './booking-turns-data.js';
import { type ActFigures, actFiguresOf } from './held-out-figures.js';
import { trainBookingActsOn } from './models.js';
import type { Example } from './softmax-regression.js';

export interface BookingTurnFigures {
  writers: number;
  /** The corpus alone, then the corpus with the other writers' turns. */
  corpusOnly: ActFigures;
  withWriters: ActFigures;
}

export function crossWriterBookingFigures(
  corpus: readonly Example[],
  written: readonly WrittenBookingTurn[],
): BookingTurnFigures {
  const writers = [...new Set(written.map((turn) => turn.writer))].sort();
  const corpusOnly = bookingActReader(linearModel(trainBookingActsOn(corpus, [])));
  const truth: BookingAct[] = [];
  const alone: BookingAct[] = [];
  const together: BookingAct[] = [];
  for (const writer of writers) {
    const reader = bookingActReader(
      linearModel(
        trainBookingActsOn(
          corpus,
          written.filter((turn) => turn.writer !== writer),
        ),
      ),
    );
    for (const turn of written.filter((each) => each.writer === writer)) {
      truth.push(turn.act);
      alone.push(corpusOnly.read(turn.text).act);
      together.push(reader.read(turn.text).act);
    }
  }
  return {
    writers: writers.length,
    corpusOnly: actFiguresOf(truth, alone),
    withWriters: actFiguresOf(truth, together),
  };
}
