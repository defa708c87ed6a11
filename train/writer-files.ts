/** The labelled files written by several writers (`writer-<letter>.json`), each checked against its schema. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export interface WriterFile<T> {
  /** The writer's letter. */
  writer: string;
  items: T[];
}

/** Every `writer-*.json` of a folder, in the writers' order; a file that breaks its schema stops training. */
export function readWriterFiles<T>(directory: string, item: z.ZodType<T>): WriterFile<T>[] {
  return readdirSync(directory)
    .filter((name) => /^writer-[a-z]+\.json$/.test(name))
    .sort()
    .map((file) => {
      const parsed = z.array(item).safeParse(JSON.parse(readFileSync(join(directory, file), 'utf8')));
      if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
      return { writer: file.replace(/^writer-|\.json$/g, ''), items: parsed.data };
    });
}
