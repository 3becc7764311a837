import { describe, expect, it } from 'vitest';
import type { UserVoucher } from '@gm/shared/wallet/contracts';
import { nextWalletPage, pageOf, walletItems } from './wallet.ts';

const card = (id: string) => ({ id }) as UserVoucher;

describe('wallet paging (01 §2, §9)', () => {
  it('takes the next page from next_page_url and stops without one', () => {
    expect(pageOf('https://api.example/user-voucher/search/user-vouchers?page=3&keyword=sauna')).toBe(3);
    expect(pageOf(null)).toBeNull();
    expect(nextWalletPage({ current_page: 2, next_page_url: '/x?page=3' })).toBe(3);
    expect(nextWalletPage({ current_page: 3, next_page_url: null })).toBeUndefined();
    // A URL naming this page (or an earlier one) would load the same cards again: infinite loading stops.
    expect(nextWalletPage({ current_page: 3, next_page_url: '/x?page=3' })).toBeUndefined();
  });

  it('lists the cards of all pages in order, each once', () => {
    const pages = [{ data: [card('a'), card('b')] }, { data: [card('b'), card('c')] }];
    expect(walletItems(pages).map((v) => v.id)).toEqual(['a', 'b', 'c']);
    expect(walletItems(undefined)).toEqual([]);
  });
});
