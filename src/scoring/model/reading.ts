/** A conversation as the model reads it: every turn split into sentences, with who spoke, when, and how well it was heard. */
import { MISHEARD_BELOW, type ScorableConversation, type Speaker } from '../../domain/conversation.js';
import { readPlain, readTurnsWithSentiment } from './nlp.js';
import type { ReadSentence } from './read-sentence.js';

export interface ReadTurn {
  /** Zero-based index into the transcript. */
  index: number;
  speaker: Speaker;
  text: string;
  sentences: ReadSentence[];
  /** Speech recognition was unsure of this turn (asr_confidence below MISHEARD_BELOW). */
  misheard: boolean;
  /** How much the turn counts as evidence: possibly misheard turns count for less. */
  weight: number;
  startMs: number | undefined;
  endMs: number | undefined;
  /** Several words in capitals, as people type when they shout. */
  shouting: boolean;
}

export interface ConversationReading {
  conversation: ScorableConversation;
  turns: ReadTurn[];
}

const MISHEARD_WEIGHT = 0.5;
/**
 * The model reads the first 4,000 characters of a turn. People say far less in one turn; a turn of 20,000
 * characters of noise would cost wink seconds, and a posted conversation must not be able to stall a worker.
 */
export const MAX_READ_CHARACTERS = 4_000;

function isShouting(text: string): boolean {
  const capitalWords = text.match(/\b[A-Z]{3,}\b/g) ?? [];
  // Acronyms such as "DMV" or "ASAP" stand alone; shouting runs over several words.
  return capitalWords.length >= 2;
}

function readable(text: string): string {
  return text.length > MAX_READ_CHARACTERS ? text.slice(0, MAX_READ_CHARACTERS) : text;
}

export function readConversation(conversation: ScorableConversation): ConversationReading {
  // Only the caller's mood is scored, so only the caller's turns need wink's full reading (sentiment), all in
  // one go; the others are read plain.
  const callerTurns = conversation.transcript.filter((turn) => turn.speaker === 'user');
  const callerSentences = readTurnsWithSentiment(callerTurns.map((turn) => readable(turn.text)));
  let nextCallerTurn = 0;
  const turns = conversation.transcript.map((turn, index): ReadTurn => {
    const misheard = turn.asr_confidence !== undefined && turn.asr_confidence < MISHEARD_BELOW;
    return {
      index,
      speaker: turn.speaker,
      text: turn.text,
      sentences:
        turn.speaker === 'user'
          ? (callerSentences[nextCallerTurn++] as ReadSentence[])
          : readPlain(readable(turn.text)),
      misheard,
      weight: misheard ? MISHEARD_WEIGHT : 1,
      startMs: turn.start_ms,
      endMs: turn.end_ms,
      shouting: isShouting(turn.text),
    };
  });
  return { conversation, turns };
}
