// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Category } from '@gm/shared/catalogue/contracts';
import type { WalletEmployeeVoucher } from '@gm/shared/tourism/employee-vouchers';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, makeVoucher } from '../../../testing/fixtures.ts';
import { EmployeeWallet } from './employee-wallet.tsx';

const category = (id: string, name: string): Category => ({
  id,
  name,
  slug: name.toLowerCase(),
  icon: null,
  logo: null,
  subcategories: [],
});

function employeeVoucher(id: string, cat: Category): WalletEmployeeVoucher {
  const base = makeVoucher({ id });
  return {
    id,
    title: `Vorteil ${id}`,
    description: '',
    long_description: '',
    note: null,
    employee_value: '1+1 gratis',
    employee_claim_no: 'ABCD1234',
    voucher_category_id: cat.id,
    category: { id: cat.id, name: cat.name, slug: cat.slug },
    background_image: null,
    image_1: null,
    image_2: null,
    image_3: null,
    styling: base.styling,
    seller: base.seller,
    valid_day: [],
    months: [],
    redeemed: false,
    created_at: '2026-11-26T10:00:00.000Z',
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EmployeeWallet', () => {
  it('offers only the categories that hold one of the employee’s vouchers', async () => {
    const wellness = category('cat-wellness', 'Wellness');
    const genuss = category('cat-genuss', 'Genuss');
    const tiere = category('cat-tiere', 'Tiere');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).replace(/^.*\/api\/v1\//, '');
        if (path.startsWith('voucher-category')) return json(200, { data: [wellness, genuss, tiere] });
        if (path.startsWith('employee-voucher/wallet'))
          return json(200, {
            claim_no: 'EMP12345',
            data: [employeeVoucher('a', wellness), employeeVoucher('b', genuss), employeeVoucher('c', wellness)],
          });
        return json(404, { message: 'Nicht gefunden' });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EmployeeWallet />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('employee-voucher-card')).toHaveLength(3));
    await waitFor(() =>
      expect(screen.getAllByTestId('employee-wallet-category').map((chip) => chip.textContent)).toEqual([
        'Alle',
        'Wellness',
        'Genuss',
      ]),
    );
  });
});
