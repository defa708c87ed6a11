/** Request bodies for tests: small and valid unless a test says otherwise. */
let counter = 0;

export function uniqueExternalId(prefix = 'ext'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

export function conversationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    external_id: uniqueExternalId(),
    channel: 'voice',
    started_at: '2026-11-18T14:00:00Z',
    ended_at: '2026-11-18T14:03:00+01:00',
    ended_by: 'caller',
    agent: { id: 'front-desk', name: 'Front desk', version: '2.4' },
    group: { id: 'clinics', name: 'Clinics' },
    transcript: [
      { speaker: 'agent', text: 'Thanks for calling Bright Smile Dental, this is an AI assistant. How can I help?' },
      { speaker: 'user', text: 'I need to move my cleaning to next week.', asr_confidence: 0.93 },
      { speaker: 'agent', text: 'Done: you are booked for Tuesday at 3 pm.' },
    ],
    events: [
      { type: 'tool_call', name: 'reschedule_appointment', status: 'success', at_ms: 41000, extra: { slot: 'tue-15' } },
    ],
    metadata: { call_sid: 'CA123', nested: { list: [1, 2, 3], flag: true } },
    ...overrides,
  };
}
