/**
 * A realistic ingest body: a finished voice call in which an AI receptionist at a dental clinic moves a
 * patient's appointment. Fixed content (no randomness), so every run sends the same bytes apart from the
 * per-request id and the size printed by the benchmark is stable.
 */

const TURNS: ReadonlyArray<readonly ['agent' | 'user', string]> = [
  ['agent', 'Brightside Dental, this is Ava. How can I help?'],
  ['user', "Hi, I have a cleaning Thursday morning and can't make it."],
  ['agent', 'I can move it. Your full name and date of birth, please?'],
  ['user', 'Maria Delgado, D-E-L-G-A-D-O, born March fourteenth, eighty-six.'],
  ['agent', 'Thanks, Maria. A cleaning with Dr. Patel, Thursday at nine thirty?'],
  ['user', "That's it. My son's school moved a meeting to that morning."],
  ['agent', 'Is next week fine, in the afternoon?'],
  ['user', 'Next week, after two. I pick him up at one fifteen.'],
  ['agent', 'Let me check next week after two. One moment please.'],
  ['user', 'Okay, thanks.'],
  ['agent', 'Sorry, the schedule is slow today. Trying again.'],
  ['user', "No rush. It needn't be Dr. Patel."],
  ['agent', 'I have Tuesday at two thirty with Dr. Patel, or Wednesday at three with Jenna.'],
  ['user', 'Tuesday with Dr. Patel. She knows my sensitive tooth.'],
  ['agent', 'So, Tuesday the eighteenth at two thirty with Dr. Patel. Shall I book it?'],
  ['user', 'Yes, please.'],
  ['agent', "Done, you're booked and Thursday is released."],
  ['user', 'Will I get a text? I always forget these things.'],
  ['agent', "I've sent one to the mobile ending in four two, and a reminder comes the day before."],
  ['user', 'Got it. Is my insurance still on file? I changed jobs.'],
  ['agent', 'I see a Delta Dental plan from February. If it changed, bring the new card.'],
  ['user', "It's Cigna now. I'll bring the card on Tuesday."],
  ['agent', "I've noted it for the front desk. Anything else?"],
  ['user', "No, that's all. Thanks, that was easy."],
  ['agent', 'You are welcome, Maria. See you Tuesday. Have a great day!'],
  ['user', 'You too, bye.'],
];

/** Speech recognition scores the caller's speech only; the agent's side is synthesised, so it has none. */
const USER_ASR_CONFIDENCE = [0.94, 0.81, 0.97, 0.92, 0.99, 0.95, 0.9, 0.98, 0.96, 0.93, 0.97, 0.88, 0.99];

interface Turn {
  speaker: 'agent' | 'user';
  text: string;
  start_ms: number;
  end_ms: number;
  asr_confidence?: number;
}

function timedTurns(): Turn[] {
  let clock = 400;
  let userTurn = 0;
  return TURNS.map(([speaker, text]) => {
    // About 15 characters a second of speech, then a pause before the other side answers.
    const start = clock;
    const end = start + Math.round((text.length / 15) * 1000);
    clock = end + (speaker === 'agent' ? 700 : 900);
    const turn: Turn = { speaker, text, start_ms: start, end_ms: end };
    if (speaker === 'user') turn.asr_confidence = USER_ASR_CONFIDENCE[userTurn++ % USER_ASR_CONFIDENCE.length];
    return turn;
  });
}

/**
 * What the agent did, each placed just after the turn that prompted it: lookups, a schedule search that
 * timed out and was retried while the agent apologised, the booking, the SMS and a chart note. No transfer:
 * the agent resolved the call itself.
 */
const EVENTS: ReadonlyArray<{ afterTurn: number; event: Record<string, unknown> }> = [
  {
    afterTurn: 3,
    event: {
      type: 'tool_call',
      name: 'find_patient',
      status: 'success',
      args: { last_name: 'Delgado', dob: '1986-03-14' },
    },
  },
  {
    afterTurn: 3,
    event: { type: 'tool_call', name: 'list_appointments', status: 'success', args: { patient_id: 'pt_88213' } },
  },
  {
    afterTurn: 8,
    event: {
      type: 'tool_call',
      name: 'search_availability',
      status: 'timeout',
      args: { providers: ['dr_patel'], week_of: '2026-11-16', after: '14:00' },
      duration_ms: 5000,
    },
  },
  {
    afterTurn: 11,
    event: {
      type: 'tool_call',
      name: 'search_availability',
      status: 'success',
      args: { providers: ['dr_patel', 'hyg_jenna'], week_of: '2026-11-16', after: '14:00' },
      duration_ms: 1240,
    },
  },
  {
    afterTurn: 15,
    event: {
      type: 'tool_call',
      name: 'reschedule_appointment',
      status: 'success',
      args: { appointment_id: 'apt_551902', slot: '2026-11-18T14:30:00-05:00', provider: 'dr_patel' },
    },
  },
  {
    afterTurn: 17,
    event: {
      type: 'tool_call',
      name: 'send_sms',
      status: 'success',
      args: { template: 'appt_confirm', to: '+1******0142' },
    },
  },
  {
    afterTurn: 19,
    event: { type: 'tool_call', name: 'get_insurance', status: 'success', args: { patient_id: 'pt_88213' } },
  },
  {
    afterTurn: 21,
    event: {
      type: 'tool_call',
      name: 'add_chart_note',
      status: 'success',
      args: { note: 'Insurance now Cigna; update at check-in.' },
    },
  },
  { afterTurn: 25, event: { type: 'hangup', status: 'completed', by: 'caller' } },
];

function timedEvents(turns: Turn[]): Record<string, unknown>[] {
  return EVENTS.map(({ afterTurn, event }, index) => {
    const turn = turns[afterTurn];
    if (!turn) throw new Error(`Event ${index} refers to turn ${afterTurn}, which does not exist.`);
    return { ...event, at_ms: turn.end_ms + 150 + index * 40 };
  });
}

const METADATA = {
  call_sid: 'CA7f3e2b9d41c04a6e8b5f0d2c19a7e3b4',
  from: '+1******0142',
  to: '+1******7300',
  campaign: 'inbound-reception',
  direction: 'inbound',
  language: 'en-US',
  clinic: {
    id: 'clinic_bs_042',
    name: 'Brightside Dental Midtown',
    location: { city: 'Columbus', tz: 'America/New_York' },
  },
  telephony: { provider: 'twilio', codec: 'opus', region: 'us-east-1', recording: true },
  experiment: { name: 'greeting_v3', arm: 'b' },
};

/** The placeholder the request factory replaces with a unique id; it appears once, in external_id. */
const ID_PLACEHOLDER = '__BENCH_EXTERNAL_ID__';

const STARTED_AT_MS = Date.parse('2026-11-12T15:02:11Z');

export function conversationTemplate(): string {
  const transcript = timedTurns();
  const callLengthMs = (transcript.at(-1)?.end_ms ?? 0) + 600;
  return JSON.stringify({
    external_id: ID_PLACEHOLDER,
    channel: 'voice',
    started_at: new Date(STARTED_AT_MS).toISOString(),
    ended_at: new Date(STARTED_AT_MS + callLengthMs).toISOString(),
    ended_by: 'caller',
    agent: { id: 'reception-ava', name: 'Ava (reception)', version: '2026.11.2' },
    group: { id: 'brightside-dental', name: 'Brightside Dental' },
    transcript,
    events: timedEvents(transcript),
    metadata: METADATA,
  });
}

/**
 * Splits the template once so each request costs two string concatenations rather than a JSON.stringify;
 * the client shares the 2 cores with the server, so its per-request work is kept small.
 */
export function bodyFactory(template: string): (externalId: string) => string {
  const [before, after, ...rest] = template.split(ID_PLACEHOLDER);
  if (before === undefined || after === undefined || rest.length > 0) {
    throw new Error('The conversation template must contain the id placeholder exactly once.');
  }
  return (externalId) => before + externalId + after;
}
