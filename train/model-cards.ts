/** The model cards (models/*.md): where a model comes from, under which licence, what it reads, and how it did. */
import type { LinearModelFile } from '../src/scoring/model/linear-model.js';
import type { BookingTurnFigures } from './booking-turn-figures.js';
import { WRITTEN_TURN_REPEATS } from './booking-turns-data.js';
import {
  bookingActsTable,
  bookingChecksTable,
  type Corpora,
  type CorpusReport,
  dissatisfactionTable,
} from './corpus-report.js';
import type { ActFigures } from './held-out-figures.js';
import { BOOKING_ACT_OPTIONS, DISSATISFACTION_OPTIONS, TURN_LABEL_OPTIONS } from './models.js';
import { HELD_OUT_SHARE, SPLIT_SEED } from './split.js';
import { crossWriterTable, heldOutWritersTable, type TurnLabelFigures } from './turn-label-figures.js';
import { isCorpusTurn, type LabelledTurn } from './turn-labels-data.js';

const SPLIT = `Each corpus is split by dialogue with a fixed seed (\`${SPLIT_SEED}\`, sha256 of seed and dialogue id): ${HELD_OUT_SHARE * 100}% of dialogues are held out and never trained on. \`npm run train\` is deterministic: the same corpora give the same model file, byte for byte.`;

function options(value: object): string {
  return `\`${JSON.stringify(value)}\``;
}

function share(value: number | null): string {
  return value === null ? '-' : value.toFixed(2);
}

function bookingWritersTable(figures: BookingTurnFigures): string {
  const rows = figures.corpusOnly.perAct.map((alone, position) => {
    const together = figures.withWriters.perAct[position] as ActFigures['perAct'][number];
    return `| ${alone.act} | ${alone.n} | ${share(alone.precision)} / ${share(alone.recall)} | ${share(together.precision)} / ${share(together.recall)} |`;
  });
  return [
    `| act | turns | corpus only: precision / recall | corpus and the other writers: precision / recall |`,
    '| --- | --- | --- | --- |',
    ...rows,
    `| all (accuracy) | ${figures.corpusOnly.turns} | ${figures.corpusOnly.accuracy.toFixed(3)} | ${figures.withWriters.accuracy.toFixed(3)} |`,
  ].join('\n');
}

export function bookingActsCard(
  file: LinearModelFile,
  corpora: Corpora,
  report: CorpusReport,
  writers: BookingTurnFigures,
  date: string,
): string {
  return `# booking-acts.json

What an agent's sentence (or turn) does about a transaction: reports that it succeeded, reports that it failed,
asks the caller to confirm details, offers an option, or none of these. Used by the booking checks
(\`src/scoring/model/booking-language.ts\`), together with the written patterns and the tool calls' statuses.

- **Source**: Schema-Guided Dialogue (Rastogi et al., 2020), train split only (\`../shared/corpora/sgd-train.jsonl.gz\`),
  ${corpora.sgd.training.length} dialogues trained on, ${corpora.sgd.heldOut.length} held out. The corpus's dev and test splits were never used.
  And ${writers.corpusOnly.turns} agent turns by ${writers.writers} writers (\`train/data/booking-turns/\`), each counted ${WRITTEN_TURN_REPEATS} times.
- **Licence**: the corpus is CC BY-SA 4.0; this model file, derived from it, is shared under CC BY-SA 4.0 too.
- **Trained**: ${date}, by \`npm run train\` (\`train/\`).
- **Labels**: one per system turn, from the corpus's dialogue acts: NOTIFY_FAILURE -> \`failure\`, else
  NOTIFY_SUCCESS -> \`success\`, else CONFIRM -> \`confirm\`, else OFFER -> \`offer\`, else \`other\`. The writers'
  labels are the same acts: \`claims_booked\`, \`reports_failure\`, \`asks_to_confirm\`, \`offers\`, \`none\`.
- **Model**: multinomial logistic regression (AdaGrad, L2), written in \`train/softmax-regression.ts\`; options
  ${options(BOOKING_ACT_OPTIONS)}. ${file.features.length} features kept, weights rounded to 4 decimals.
- **Features** (\`src/scoring/model/booking-acts.ts\`): lower-cased words (digits read as \`0\`, apostrophes
  dropped) and pairs of neighbouring words with the start and end of the text; whether the text ends in a
  question mark; its length in three bands.
- **Split**: ${SPLIT}

## Held-out figures

${bookingActsTable(report.bookingActs)}

## Across writers

Each writer's turns read by a model trained on the corpus and the other writers' turns, beside the model trained on
the corpus alone (\`train/booking-turn-figures.ts\`). The writers' near misses ("booking that now", "you're on
the waitlist", "I can see you're booked for the 14th") are \`other\`.

${bookingWritersTable(writers)}

## The booking checks on held-out SGD dialogues

Each held-out dialogue with a booking-like transaction (Reserve*, Book*, Schedule*, Buy*) becomes a conversation
with the transaction as a tool call, scored as it is and with the call swapped: made to fail, or left out
(\`train/booking-dialogues.ts\`).

${bookingChecksTable(report.bookingChecks)}

## Limits

The corpus's agents speak one style of templated English about sixteen kinds of transaction, and every
conversation is about a transaction; the written turns widen that by only about a thousand turns from three
hands. Alone, the model reads almost any short statement late in a call as a report of success
("Congratulations!", "You've reached the clinic"). The checks therefore take its reading on its own only for
sentences that speak of a transaction and state a result, and for the agent's turn after a timed booking call;
otherwise it overrules a written pattern only when it is sure (0.95) that a sentence merely informs, or (0.9)
that a question in the turn asks the caller to confirm.
`;
}

export function dissatisfactionCard(
  file: LinearModelFile,
  corpora: Corpora,
  report: CorpusReport,
  date: string,
): string {
  const calibration = file.calibration;
  return `# dissatisfaction.json

How likely a caller's turn is a dissatisfied one, and, calibrated, how likely the caller was dissatisfied at
some point in the conversation. Used by the \`frustration\` check (\`src/scoring/model/frustration.ts\`): its
score is the probability that the caller was frustrated (the written signs) or dissatisfied (this model) at some
point, \`1 - (1 - frustrated) x (1 - dissatisfied)\`.

- **Source**: User Satisfaction Simulation (Sun et al., SIGIR 2021), its ReDial and CCPE parts
  (\`../shared/corpora/uss-redial.jsonl\`, \`uss-ccpe.jsonl\`): ${corpora.redial.training.length} + ${corpora.ccpe.training.length} dialogues trained on,
  ${corpora.redial.heldOut.length} + ${corpora.ccpe.heldOut.length} held out. The USS SGD, MultiWOZ and JDDC parts were never used.
- **Licence**: the User Satisfaction Simulation data's licence (as its authors publish it, with the licences of
  ReDial, CC BY 4.0, and CCPE, CC BY-SA 4.0, whose dialogues it rates); this derived model file is shared under
  the same terms.
- **Trained**: ${date}, by \`npm run train\` (\`train/\`).
- **Labels**: a user turn is dissatisfied when the mean of its ratings (1 to 5, for the system's preceding
  behaviour) is 2.5 or lower.
- **Model**: logistic regression (two-class softmax, AdaGrad, L2, dissatisfied turns weighted 10 to 1), options
  ${options(DISSATISFACTION_OPTIONS)}; the average of two models, each trained on one half of the training
  part. ${file.features.length} features, weights rounded to 4 decimals.
- **Features** (\`src/scoring/model/dissatisfaction.ts\`): the caller's words and word pairs; the words and
  word pairs of the agent's turn just before; the caller repeating their previous turn (half its words or
  more) or correcting ("no", "I said", "I meant"); rejecting an offer, by how many rejections came before;
  the agent apologising, saying it cannot or does not know, or repeating an earlier turn word for word; how
  far into the conversation the turn is and how long it is.
- **Calibration**: Platt scaling of the mean log-odds of the three likeliest turns to "some user turn of the dialogue was
  dissatisfied": P = logistic(${calibration?.a} x log-odds + ${calibration?.b}). Fitted out of fold: each half of the
  training part scored by the model trained on the other half. In these corpora about ${fixed2(report.dissatisfaction[0]?.after.shareAtSomePoint)}
  to ${fixed2(report.dissatisfaction[1]?.after.shareAtSomePoint)} of dialogues have a dissatisfied turn; the last column below compares the mean
  probability with that share on data the calibration never saw.
- **Verdict**: the \`frustration\` check fails on the written signs of frustration at 0.5
  (\`FRUSTRATION_THRESHOLD\`), as before; this model moves the score, not the verdict, because the labelling
  rules pass a caller who was merely disappointed, and the ratings speak of disappointment as much as of anger.
- **Split**: ${SPLIT}

## Held-out and cross-corpus figures

Turn AUC: each rated user turn's probability against "dissatisfied"; turn rho: against the mean rating.
Dialogue AUC: the calibrated probability against a dissatisfied dialogue (mean overall rating 2.5 or lower);
rho against the dialogue's worst-rated turn. The \`frustration\` columns are the check's score as the service
computes it, before (written signs only) and after (with this model).

${dissatisfactionTable(report.dissatisfaction)}

## Limits

The ratings are of movie recommendation chats (ReDial) and spoken preference interviews (CCPE), not of
customer service; dissatisfied dialogues are rare (about 2%), so the dialogue-level AUCs rest on a few dozen
dialogues. What the model adds to the \`frustration\` score is the quieter kind of unhappiness: rejections,
repeated requests, an agent that keeps apologising.
`;
}

function fixed2(value: number | undefined): string {
  return value === undefined ? '-' : value.toFixed(2);
}

export function turnLabelsCard(
  turns: readonly LabelledTurn[],
  figures: readonly TurnLabelFigures[],
  heldOut: readonly TurnLabelFigures[],
  date: string,
): string {
  const written = turns.filter((turn) => turn.negativeFor === 'all');
  const heldOutWriters = heldOut[0]?.writers ?? 0;
  const writers = [...new Set(written.map((turn) => turn.source))].sort();
  const fromDevelopment = turns.filter((turn) => turn.source === 'dev').length;
  const rated = turns.filter(isCorpusTurn).length;
  return `# turn-labels.json: the turn models

Five two-class models, one per thing a single turn can do (a turn may do several), kept in one file: its classes
are the labels, and each feature carries one log-odds weight per label, so that a turn's words are looked up once
for all five (\`trainTurnLabels\` in \`train/models.ts\`).

| label | side | read by |
| --- | --- | --- |
| \`asks_for_person\` | caller | \`person_request_honored\`, \`outcome\` |
| \`asks_if_ai\` | caller | \`ai_disclosure\` (which agent turns answer a question about who is talking) |
| \`not_customer\` | caller | \`real_inquiry\`, \`outcome\` |
| \`frustrated\` | caller | \`frustration\` |
| \`claims_human\` | agent | \`ai_disclosure\`, only for an answer to a question about who is talking |

Each check takes a model's reading as evidence from the probability in \`TURN_LABEL_THRESHOLDS\`
(\`src/scoring/model/turn-labels.ts\`), beside its written patterns.

- **Source**: ${written.length} turns written for this purpose by ${writers.length} writers working apart
  (\`train/data/turns/\`, labelling rules and how they were written in its README); ${fromDevelopment} turns of the
  development set (\`eval/data\`) that its conversation-level labels make negatives (no turn of a conversation
  whose caller never asked for a person asks for one); and, for \`frustrated\` only, those of ${rated} user turns of the
  User Satisfaction Simulation's ReDial and CCPE training parts, rated 3 or more, that a first model mistook for
  fed-up (their held-out parts never). The sealed batches (\`eval/fresh*\`) and \`eval/tuning\` were never used.
- **Licence**: the written turns and the development set are the project's own; the \`frustrated\` weights also
  learned from the User Satisfaction Simulation's ratings (of ReDial, CC BY 4.0, and CCPE, CC BY-SA 4.0
  dialogues), so the file is shared under CC BY-SA 4.0, as \`dissatisfaction.json\` is.
- **Trained**: ${date}, by \`npm run train\` (\`train/\`).
- **Model**: logistic regression (two-class softmax, AdaGrad, L2), options ${options(TURN_LABEL_OPTIONS)}; a
  label's turns weigh, in all, a third as much as the others.
- **Features** (\`src/scoring/model/turn-labels.ts\`): the turn's words and word pairs; the words and word pairs
  of the other side's turn just before (\`c:\`); whether it asks (\`?\`), exclaims (\`!\`), shouts (two words or
  more in capitals), how long it is, and whether anything came before.

## Across writers

Each writer's turns scored by a model trained on the other writers' turns and on the development set's
negatives but one in ${writers.length} of its conversations: what the models do on wording from hands they never learned from.
Precision and recall are at the threshold the checks use; the last column counts the turns of the left-out
development conversations that the model flagged although their labels rule the label out (false alarms among
ordinary turns).

${crossWriterTable(figures)}

## On writers it never learned from

The model as shipped, scored on the turns of ${heldOutWriters} more writers (\`train/data/turns-held-out/\`), written with the
same labelling rules after the model was fixed and never trained on: the one measure of the turn models on new hands
that no training choice has seen. Precision and recall are at the threshold the checks use.

${heldOutWritersTable(heldOut)}

## Limits

A few hundred turns per label from ${writers.length} writers are a small sample of how people talk, and the writers were
all asked for the same labels in the same brief: the cross-writer figures are kinder than real traffic will be. The
models are word-and-pair models: they cannot tell sarcasm from praise ("great, thanks") except by the words
around it. So they add wordings the written patterns miss rather than replace them, a check acts on them only
from the threshold above, and the four caller models read the turn alone; only the agent's claim is read with
the caller's question before it (see \`WITHOUT_CONTEXT\`).
The thresholds were chosen on \`eval/tuning\` (120 conversations written for that purpose, never trained on).
`;
}
