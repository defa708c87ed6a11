/** The tuple a request crosses to the ingest thread in: what the thread rebuilds is what the API handed over. */
import { describe, expect, it } from 'vitest';
import type { NewConversation } from '../../src/storage/conversation-repo.js';
import { fromWire, toWire } from '../../src/storage/sqlite/ingest-thread-protocol.js';

const scope = { projectId: 'proj_wire', environment: 'live' } as const;

function conversation(overrides: Partial<NewConversation> = {}): NewConversation {
  return {
    external_id: 'call-wire-1',
    channel: 'chat',
    started_at: '2026-11-18T13:00:00Z',
    ended_at: '2026-11-18T14:03:00+01:00',
    ended_at_ms: Date.parse('2026-11-18T14:03:00+01:00'),
    ended_by: 'agent',
    agent: { id: 'support-bot', name: 'Support bot', version: 'v12' },
    group: { id: 'support', name: 'Support' },
    transcript: [{ speaker: 'user', text: 'Hello' }],
    events: [{ type: 'transfer', target: 'human' }],
    metadata: { plan: 'gold' },
    document: '{"external_id":"call-wire-1","transcript":[{"speaker":"user","text":"Hello"}]}',
    ...overrides,
  };
}

describe('the ingest thread wire format', () => {
  it('carries every field of the request, and the document in place of what was parsed from it', () => {
    const input = conversation();
    const claim = { key: 'idem-1', ttlMs: 86_400_000 };
    const request = fromWire(structuredClone(toWire(7, scope, input, claim, 'key_1')));
    expect(request).toEqual({
      id: 7,
      scope,
      input: { ...input, transcript: [], events: [], metadata: {} },
      claim,
      keyId: 'key_1',
    });
  });

  it('keeps absent values absent: no group, no claim, no key, nulls as nulls', () => {
    const input = conversation({
      started_at: null,
      ended_by: null,
      agent: { id: 'default', name: null, version: null },
      group: null,
    });
    const request = fromWire(structuredClone(toWire(8, scope, input, null, undefined)));
    expect(request.input).toMatchObject({ started_at: null, ended_by: null, group: null });
    expect(request.input.agent).toEqual({ id: 'default', name: null, version: null });
    expect(request.claim).toBeNull();
    expect(request.keyId).toBeUndefined();
  });

  it('makes the document from the fields when the request had no raw body', () => {
    const input = conversation({ document: undefined });
    const request = fromWire(toWire(9, scope, input, null, undefined));
    expect(JSON.parse(request.input.document ?? '')).toEqual({
      transcript: input.transcript,
      events: input.events,
      metadata: input.metadata,
    });
  });
});
