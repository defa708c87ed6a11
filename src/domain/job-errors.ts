/**
 * Why a conversation's scoring failed, in words a supervisor can act on. The job keeps the last error's
 * message; this names the common causes and otherwise quotes the message's first line, shortened.
 */

const KNOWN: readonly [RegExp, string][] = [
  [/timed? ?out|timeout|ETIMEDOUT/i, 'Scoring took too long and was stopped.'],
  [/SQLITE_BUSY|database is locked|could not serialize|deadlock/i, 'The database was too busy to save the results.'],
  [
    /ECONNREFUSED|ECONNRESET|connection (terminated|refused)|Connection terminated/i,
    'The database could not be reached.',
  ],
  [/rule|regular expression|pattern/i, 'A check of this project could not run its rule.'],
  [/JSON|Unexpected token/i, 'The stored conversation could not be read.'],
];

export function plainJobError(message: string | null, attempts: number): string | null {
  if (message === null) return null;
  const tries = attempts === 1 ? 'the only attempt' : `all ${attempts} attempts`;
  for (const [pattern, words] of KNOWN) if (pattern.test(message)) return `${words} (${tries} failed)`;
  const firstLine = (message.split('\n')[0] ?? '').trim().slice(0, 300);
  return `Scoring stopped with an error (${tries} failed): ${firstLine || 'no message'}`;
}
