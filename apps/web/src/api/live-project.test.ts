import { describe, expect, it } from 'vitest';
import { isNewsFor } from './live-project.ts';

const event = (over: Record<string, unknown>) => ({
  event: 'cards.update',
  id: 'e1',
  subjectType: 'card',
  subjectId: 'c1',
  actorId: 'someone',
  clientId: 'other-tab',
  changes: { version: 5 },
  at: '2026-11-23T00:00:00Z',
  ...over,
});

describe('realtime events for a project', () => {
  it('takes another member’s newer change, ignores our own and older ones', () => {
    expect(isNewsFor(event({}), { clientId: 'this-tab', knownVersion: 4 })).toBe(true);
    expect(isNewsFor(event({}), { clientId: 'this-tab', knownVersion: null })).toBe(true);
    expect(isNewsFor(event({}), { clientId: 'this-tab', knownVersion: 5 })).toBe(false);
    expect(isNewsFor(event({}), { clientId: 'this-tab', knownVersion: 7 })).toBe(false);
    expect(
      isNewsFor(event({ clientId: 'this-tab' }), { clientId: 'this-tab', knownVersion: 1 }),
    ).toBe(false);
  });

  it('takes a deletion from another tab, comments and connections; not other namespaces', () => {
    expect(
      isNewsFor(event({ event: 'cards.delete', changes: {} }), {
        clientId: 'this-tab',
        knownVersion: 9,
      }),
    ).toBe(true);
    expect(
      isNewsFor(event({ event: 'comments.create', changes: {} }), {
        clientId: 'this-tab',
        knownVersion: null,
      }),
    ).toBe(true);
    expect(
      isNewsFor(event({ event: 'connections.rate', subjectType: 'connection' }), {
        clientId: 'this-tab',
        knownVersion: null,
      }),
    ).toBe(true);
    expect(
      isNewsFor(event({ event: 'projects.update' }), { clientId: 'this-tab', knownVersion: null }),
    ).toBe(false);
    expect(
      isNewsFor(event({ event: 'realtime.reconnected' }), {
        clientId: 'this-tab',
        knownVersion: null,
      }),
    ).toBe(true);
  });
});
