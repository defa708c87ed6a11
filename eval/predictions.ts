/** Every built-in check's prediction for each labelled case of a set, scored as the service scores. */
import type { BuiltinCheckKey } from '../src/domain/checks.js';
import { BUILTIN_CHECKS } from '../src/scoring/builtin-checks.js';
import type { TrainedModels } from '../src/scoring/model/trained-models.js';
import { scoreConversation } from '../src/scoring/pipeline.js';
import { type EvalCase, toConversation } from './dataset.js';
import type { Prediction } from './metrics.js';

export type PredictionsByCheck = ReadonlyMap<BuiltinCheckKey, readonly Prediction[]>;

export function predictionsOf(cases: readonly EvalCase[], models: TrainedModels | null): PredictionsByCheck {
  const predictions = new Map<BuiltinCheckKey, Prediction[]>(BUILTIN_CHECKS.map((check) => [check.key, []]));
  for (const item of cases) {
    const { results } = scoreConversation(toConversation(item), [...BUILTIN_CHECKS], undefined, models);
    for (const result of results) {
      const key = result.check_key as BuiltinCheckKey;
      const expected = item.expected[key];
      if (expected === undefined) continue;
      // For outcome the choice is what is labelled; `uncertain` stands for itself.
      const predicted =
        key === 'outcome' && result.verdict !== 'uncertain' ? (result.choice ?? 'none') : result.verdict;
      predictions.get(key)?.push({ caseId: item.id, expected, predicted, score: result.score, reason: result.reason });
    }
  }
  return predictions;
}
