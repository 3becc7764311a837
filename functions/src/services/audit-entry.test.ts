import { describe, expect, it } from 'vitest';
import { auditEntry } from './audit-entry.ts';

describe('auditEntry', () => {
  const deps = { newId: () => 'id-1', clock: () => new Date('2026-11-26T10:00:00.000Z') };

  it('names a new id, the actor, the target and the details, at the given time', () => {
    expect(
      auditEntry(deps, 'set_subdomain', { actor: 'a', target: 's', at: '2026-01-01T00:00:00.000Z' }, { to: 'x' }),
    ).toEqual({
      id: 'id-1',
      action: 'set_subdomain',
      actor_id: 'a',
      target_id: 's',
      details: { to: 'x' },
      at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('is now without a time', () => {
    expect(auditEntry(deps, 'view_document', { actor: 'a', target: 's' }, {}).at).toBe('2026-11-26T10:00:00.000Z');
  });
});
