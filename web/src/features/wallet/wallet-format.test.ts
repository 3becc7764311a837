import { describe, expect, it } from 'vitest';
import type { UserVoucher } from '@gm/shared/wallet/contracts';
import { pageOf } from './api/wallet.ts';
import { cardBackground, remainingLabel, statusLabel, walletAmountLabel } from './wallet-format.ts';

const card = {
  title: 'Massage',
  qty_val: 7900,
  price_filter: 7900,
  price_hidden: false,
  background_image: '/media/v/bg.svg',
} as unknown as UserVoucher['voucher'];

describe('wallet labels', () => {
  it('labels the voucher status; a voucher frozen by a running reversal shows as being reversed', () => {
    expect(statusLabel('active')).toBeNull();
    expect(statusLabel('reversing')).toBe('Wird storniert');
    expect(statusLabel('reversed')).toBe('Storniert');
    expect(statusLabel('redeemed')).toBe('Eingelöst');
  });

  it('shows value (× units) or the product price, and nothing when the price is hidden', () => {
    expect(
      walletAmountLabel({
        type: 'value',
        qty: 1,
        value: 5000,
        remaining_value: 5000,
        voucher: card,
        personalisation: null,
      }),
    ).toMatch(/^50,00\s€$/);
    expect(
      walletAmountLabel({
        type: 'value',
        qty: 2,
        value: 2000,
        remaining_value: 4000,
        voucher: card,
        personalisation: null,
      }),
    ).toMatch(/^2 × 20,00\s€$/);
    expect(
      walletAmountLabel({
        type: 'quantity',
        qty: 2,
        value: null,
        remaining_value: 15800,
        voucher: card,
        personalisation: null,
      }),
    ).toMatch(/^2 × 79,00\s€$/);
    const hidden = { price_hidden: true } as UserVoucher['personalisation'];
    expect(
      walletAmountLabel({
        type: 'value',
        qty: 1,
        value: 5000,
        remaining_value: 5000,
        voucher: card,
        personalisation: hidden,
      }),
    ).toBeNull();
    expect(remainingLabel({ type: 'quantity', remaining_qty: 1, remaining_value: 7900 })).toBe('1 Stück');
  });

  it('prefers the buyer’s photo, then the template, then the voucher’s own background', () => {
    const p = (over: Partial<NonNullable<UserVoucher['personalisation']>>) =>
      ({
        custom_image: null,
        custom_background_image: null,
        template_image: null,
        ...over,
      }) as UserVoucher['personalisation'];
    expect(cardBackground({ voucher: card, personalisation: null })).toBe('/media/v/bg.svg');
    expect(cardBackground({ voucher: card, personalisation: p({ template_image: '/media/t.svg' }) })).toBe(
      '/media/t.svg',
    );
    expect(
      cardBackground({
        voucher: card,
        personalisation: p({ template_image: '/media/t.svg', custom_image: '/media/me.jpg' }),
      }),
    ).toBe('/media/me.jpg');
  });

  it('reads the next page from next_page_url; none ends infinite loading', () => {
    expect(pageOf('http://localhost/api/v1/user-voucher/search/user-vouchers?page=3&paginate=9')).toBe(3);
    expect(pageOf(null)).toBeNull();
  });
});
