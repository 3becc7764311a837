// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditTable, auditDetails } from './audit-table.tsx';

describe('AuditTable', () => {
  it('names the action and the user, and shows a write made as the user with its route', () => {
    render(
      <AuditTable
        busy={false}
        entries={[
          {
            id: 'a1',
            action: 'impersonated_write',
            actor_id: 'admin-1',
            target_id: 'u-1',
            target_name: 'anna',
            details: { route: 'POST user-voucher-wishlist', status: 201, path: '/api/v1/user-voucher-wishlist' },
            at: '2026-11-26T09:00:00.000Z',
          },
          {
            id: 'a2',
            action: 'delete_user',
            actor_id: 'admin-1',
            target_id: 'u-2',
            target_name: null,
            details: {},
            at: '2026-11-26T08:00:00.000Z',
          },
        ]}
      />,
    );
    const [first, second] = screen.getAllByTestId('audit-row');
    expect(within(first!).getByRole('rowheader').textContent).toBe('Änderung als Benutzer');
    expect(first!.textContent).toContain('anna');
    expect(first!.textContent).toContain('Aufruf: POST user-voucher-wishlist, Antwort: 201');
    expect(first!.textContent).toContain('26.11.2026, 10:00:00');
    expect(second!.textContent).toContain('gelöscht');
  });

  it('formats times in the details', () => {
    expect(auditDetails({ role: 'user', expires_at: '2026-11-26T10:05:11.000Z' })).toBe(
      'Rolle: user, gültig bis: 26.11.2026, 11:05:11',
    );
    expect(auditDetails({})).toBe('–');
  });
});
