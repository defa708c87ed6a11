/** Writes a model file: one JSON document, keys in a fixed order, numbers already rounded, so equal models give equal bytes. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LinearModelFile } from '../src/scoring/model/linear-model.js';

export function modelFileText(file: LinearModelFile): string {
  const ordered: LinearModelFile = {
    format: file.format,
    name: file.name,
    classes: file.classes,
    ...(file.calibration ? { calibration: file.calibration } : {}),
    bias: file.bias,
    features: file.features,
    weights: file.weights,
  };
  return `${JSON.stringify(ordered)}\n`;
}

export function writeModelFile(directory: string, fileName: string, file: LinearModelFile): string {
  const text = modelFileText(file);
  writeFileSync(join(directory, fileName), text);
  return text;
}
