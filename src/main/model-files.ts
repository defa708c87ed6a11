/**
 * Reads the trained model files (models/ at the project's root) when a scoring process starts. The service
 * never trains or downloads a model: a missing or damaged file stops it at start, with the file named.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MODEL_FILE_NAMES,
  type ModelFileTexts,
  type TrainedModels,
  trainedModelsFrom,
} from '../scoring/model/trained-models.js';

/** models/ beside src/ and dist/: both src/main and dist/main sit two levels below the root. */
export const DEFAULT_MODELS_DIRECTORY = join(import.meta.dirname, '..', '..', 'models');

export interface LoadedModels {
  models: TrainedModels;
  /** Wall time to read and parse the files. */
  loadMs: number;
  /** Bytes read from disk. */
  bytes: number;
}

export function loadTrainedModels(directory: string = DEFAULT_MODELS_DIRECTORY): LoadedModels {
  const started = performance.now();
  let bytes = 0;
  const texts = {} as ModelFileTexts;
  for (const [key, file] of Object.entries(MODEL_FILE_NAMES) as [keyof ModelFileTexts, string][]) {
    const path = join(directory, file);
    try {
      texts[key] = readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(`cannot read model file ${path} (run npm run train?)`, { cause: error });
    }
    bytes += Buffer.byteLength(texts[key]);
  }
  const models = trainedModelsFrom(texts);
  return { models, loadMs: performance.now() - started, bytes };
}
