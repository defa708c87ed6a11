/**
 * The part of the outcome that the events decide: a transfer or handoff event, or a person
 * (`human_agent`) taking over the conversation, means it was handed to a person. No reading of the
 * words is needed, so the result is decided by rule.
 */

import { isHandoffEvent, type ScorableConversation } from '../domain/conversation.js';
import type { Finding } from './model/finding.js';

export function escalatedByRule(conversation: ScorableConversation): Finding | null {
  const handoff = conversation.events.find(isHandoffEvent);
  if (handoff) {
    const target = handoff.target ? ` to ${handoff.target}` : '';
    return {
      verdict: 'pass',
      score: null,
      choice: 'escalated',
      reason: `Handed to a person: a ${handoff.type} event${target}.`,
      evidence_turns: [],
    };
  }
  const firstHumanTurn = conversation.transcript.findIndex((turn) => turn.speaker === 'human_agent');
  if (firstHumanTurn === -1) return null;
  return {
    verdict: 'pass',
    score: null,
    choice: 'escalated',
    reason: `Handed to a person: a person took over in turn ${firstHumanTurn + 1}.`,
    evidence_turns: [firstHumanTurn],
  };
}
