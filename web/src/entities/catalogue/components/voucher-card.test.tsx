// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { sellerVoucherCardSchema, toVoucherCard } from '@gm/shared/catalogue/contracts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { makeVoucher } from '../../../testing/fixtures.ts';
import { VoucherCard } from './voucher-card.tsx';

function renderCard(voucher: Parameters<typeof VoucherCard>[0]['voucher']) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <VoucherCard voucher={voucher} interactive={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('VoucherCard price', () => {
  it('shows the price with VAT for a voucher on sale', () => {
    renderCard(toVoucherCard(makeVoucher({ type: 'quantity', price_filter: 4900 })));
    expect(screen.getByTestId('voucher-price').textContent).toBe('49,00\u00a0€');
    expect(screen.getByText('inkl. MwSt.')).toBeTruthy();
  });

  it('shows a partner’s own employee voucher with its employee value, not 0 €', () => {
    const employee = makeVoucher({ type: 'value', price_filter: 0, is_tourism: true, employee_value: '1+1 gratis' });
    renderCard(sellerVoucherCardSchema.parse(employee));
    expect(screen.getByTestId('voucher-price').textContent).toBe('1+1 gratis');
    expect(screen.getByText('Mitarbeitergutschein')).toBeTruthy();
    expect(screen.queryByText('inkl. MwSt.')).toBeNull();
  });
});
