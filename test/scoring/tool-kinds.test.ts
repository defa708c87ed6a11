/** What kind of work a tool call does, read from its name (tool-kinds.ts): what resolution.ts counts as work done. */
import { describe, expect, it } from 'vitest';
import { toolKind } from '../../src/scoring/model/tool-kinds.js';

const call = (name: string) => ({ type: 'tool_call', name, status: 'success' });

describe('a tool call by its name', () => {
  it.each([
    ['request_callback', 'handOn'],
    ['take_message', 'handOn'],
    ['book_table', 'booking'],
    ['create_ticket', 'record'],
    // A complaint or dispute logged puts the matter on record for someone else: it settles nothing by itself.
    ['log_complaint', 'record'],
    ['log_dispute', 'record'],
    ['report_incident', 'record'],
    ['lookup_order', 'read'],
    ['check_in_guest', 'work'],
    ['issue_refund', 'work'],
  ])('%s is %s', (name, kind) => {
    expect(toolKind(call(name))).toBe(kind);
  });
});
