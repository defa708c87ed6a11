/**
 * Where a check applies, from the command line: `--scope JSON`, or flags that build it (`--channels voice
 * --agents a,b --groups g --metadata line=sales`), or `--everywhere` to lift it. Shared by `checks create`
 * and `checks update`.
 */
import os from 'node:os';
import { type Command, Option } from 'commander';
import type { CheckScope } from '../../domain/checks.js';
import { UsageError } from './shared.js';

export interface ScopeFlags {
  scope?: string;
  channels?: string;
  agents?: string;
  groups?: string;
  metadata?: string[];
  everywhere?: boolean;
}

export function addScopeOptions(command: Command): Command {
  return command
    .option('--scope <json>', 'where the check applies, e.g. \'{"channels":["voice"],"agents":["front-desk"]}\'')
    .option('--channels <list>', 'only these channels (voice, chat), comma-separated')
    .option('--agents <list>', 'only these agent ids, comma-separated')
    .option('--groups <list>', 'only these group ids, comma-separated')
    .addOption(
      new Option('--metadata <key=value>', 'only conversations whose metadata key has this value (repeatable)')
        .argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value])
        .default(undefined),
    )
    .option('--everywhere', 'lift the scope: the check applies to every conversation');
}

const list = (text: string | undefined) =>
  text
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

/** The scope the flags ask for: undefined when none was given (keep what there is), null to lift it. */
export function scopeFromFlags(flags: ScopeFlags): CheckScope | null | undefined {
  const built = flags.channels ?? flags.agents ?? flags.groups ?? flags.metadata;
  const given = [flags.scope !== undefined, built !== undefined, flags.everywhere === true].filter(Boolean).length;
  if (given > 1) throw new UsageError('Give one of --scope, the scope flags (--channels …) or --everywhere.');
  if (flags.everywhere) return null;
  if (flags.scope !== undefined) {
    try {
      return JSON.parse(flags.scope) as CheckScope;
    } catch {
      throw new UsageError('--scope must be JSON, e.g. \'{"channels":["voice"]}\'.');
    }
  }
  if (built === undefined) return undefined;
  const scope: CheckScope = {};
  const channels = list(flags.channels);
  const agents = list(flags.agents);
  const groups = list(flags.groups);
  if (channels) scope.channels = channels as CheckScope['channels'];
  if (agents) scope.agents = agents;
  if (groups) scope.groups = groups;
  if (flags.metadata) {
    scope.metadata = {};
    for (const pair of flags.metadata) {
      const at = pair.indexOf('=');
      if (at <= 0) throw new UsageError(`--metadata takes key=value, not ${pair}.`);
      scope.metadata[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return scope;
}

/** Who made a change from the shell, as kept with the version it wrote. */
export function cliActor(): string {
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    return 'cli';
  }
}

/** Where a check applies, in a few words for `checks list` ("everywhere", "channels voice; agents a,b"). */
export function scopeSummary(scope: CheckScope | undefined): string {
  if (!scope) return 'everywhere';
  const parts: string[] = [];
  if (scope.channels) parts.push(`channels ${scope.channels.join(',')}`);
  if (scope.agents) parts.push(`agents ${scope.agents.join(',')}`);
  if (scope.groups) parts.push(`groups ${scope.groups.join(',')}`);
  if (scope.metadata) {
    parts.push(
      `metadata ${Object.entries(scope.metadata)
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(',')}`,
    );
  }
  return parts.join('; ');
}
