/**
 * The review models (src/scoring/model/conversation-review.ts): for each, which check's labels it learns, the rule
 * it reviews, how the service combines the two, and what its card says about it.
 */
import type { BuiltinCheckKey } from '../src/domain/checks.js';
import type { Finding } from '../src/scoring/model/finding.js';
import { FRUSTRATED_CALLER_CLASSES, reviewedSaysFrustrated } from '../src/scoring/model/frustrated-caller.js';
import { NON_CUSTOMER_CLASSES, reviewedSaysNotMet } from '../src/scoring/model/non-customer.js';
import type { ConversationAnalysis } from '../src/scoring/model/offline-model.js';
import type { ReviewModelKey } from '../src/scoring/model/trained-models.js';

export interface ReviewSpec {
  /** The model's file, by its key in MODEL_FILE_NAMES. */
  file: ReviewModelKey;
  /** The name written into the model file. */
  name: string;
  /** The check whose labels it learns. */
  check: BuiltinCheckKey;
  /** No problem, then the problem. */
  classes: readonly [string, string];
  /** The rule's finding, before any review: what the model reads and is compared with. */
  ruleOf(analysis: ConversationAnalysis): Finding;
  /** The reviewed verdict says the problem occurred, as the service decides it. */
  saysProblem(rule: Pick<Finding, 'verdict' | 'score'>, probability: number): boolean;
  /** The card's title and its opening paragraph (markdown). */
  card: { title: string; about: string; problems: string };
}

export const NON_CUSTOMER_REVIEW: ReviewSpec = {
  file: 'nonCustomer',
  name: 'non_customer',
  check: 'real_inquiry',
  classes: NON_CUSTOMER_CLASSES,
  ruleOf: (analysis) => analysis.realInquiryByRule(),
  saysProblem: reviewedSaysNotMet,
  card: {
    title: 'non-customer.json: was the caller a customer at all?',
    about: `A second opinion on the \`real_inquiry\` check (\`src/scoring/model/non-customer.ts\`): the probability that a
conversation is no customer's (a sales pitch, a vendor, a recruiter, a survey, a robocall, a wrong number, a
prank), read from the whole conversation. Where it and the rule (\`src/scoring/model/real-inquiry.ts\`) disagree
and the model is fairly sure (0.7 to overturn a customer, under 0.1 to overturn a pitch), the model decides, and
the reason says so and names the words that weighed most; a verdict the rule left \`uncertain\` stays for a
person. The outcome, the request for a person and the mood read the reviewed finding, so the checks keep one
reading.`,
    problems: 'non-customers',
  },
};

export const FRUSTRATED_CALLER_REVIEW: ReviewSpec = {
  file: 'frustratedCaller',
  name: 'frustrated_caller',
  check: 'frustration',
  classes: FRUSTRATED_CALLER_CLASSES,
  ruleOf: (analysis) => analysis.frustrationByRule(),
  saysProblem: reviewedSaysFrustrated,
  card: {
    title: 'frustrated-caller.json: was the caller frustrated with the service?',
    about: `A second opinion on the \`frustration\` check's verdict (\`src/scoring/model/frustrated-caller.ts\`): the
probability that the caller was clearly annoyed with the service at some point, read from the whole conversation.
Where the rule (\`src/scoring/model/frustration.ts\`: the written signs with the turn and dissatisfaction models)
fails a caller with a score under 0.875 and the model is 0.9 sure they were not frustrated with the service, the
verdict is \`pass\`; where the rule passes a caller and the model is 0.95 sure they were, it is \`fail\`. The
reason says so and names the caller's words that weighed most. A rule that scored 0.875 or more stands: there the
model's clearing was wrong more often than right. The score is still the rule's, the probability that the caller
was frustrated or dissatisfied at some point, which \`avg_frustration\` averages.`,
    problems: 'frustrated callers',
  },
};

/** In the order they are trained: the frustration rule reads the reviewed real_inquiry finding (a pitch's turns). */
export const REVIEW_SPECS = [NON_CUSTOMER_REVIEW, FRUSTRATED_CALLER_REVIEW] as const;
