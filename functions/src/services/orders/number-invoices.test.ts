import { describe, expect, it, vi } from 'vitest';
import type { InvoiceDraft } from '../../repositories/order-repository.ts';
import { newDrafts, numberInvoices } from './number-invoices.ts';

const draftImage = (orderId: string) => ({
  PK: `ORDER#${orderId}`,
  SK: 'INVOICE_DRAFT',
  entity: 'InvoiceDraft',
  order_id: orderId,
  seller_id: 's1',
  year: '2026',
  code: 'K7M3Q',
});

describe('numbering the invoices of a stream batch', () => {
  it('takes only inserted drafts, without their keys; the numbering deleting one, an order line or other items are not drafts', () => {
    const drafts = newDrafts([
      { id: '1', newImage: draftImage('a') },
      { id: '2', oldImage: draftImage('b') },
      { id: '3', oldImage: draftImage('c'), newImage: draftImage('c') },
      { id: '4', newImage: { PK: 'ORDER#d', SK: 'ORDER', status: 'completed' } },
      { id: '5', newImage: { PK: 'ORDER#e', SK: 'GIFT' } },
    ]);
    expect(drafts).toEqual([{ order_id: 'a', seller_id: 's1', year: '2026', code: 'K7M3Q' }]);
  });

  it('hands the drafts to the numbering, skips an empty batch, and logs a redelivery', async () => {
    const number = vi.fn(async (drafts: readonly InvoiceDraft[]) => ({
      numbered: 0,
      alreadyNumbered: drafts.length,
      transactions: 1,
    }));
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const deps = { invoiceNumbering: { number }, log };
    expect(await numberInvoices(deps, [{ id: '1', newImage: { PK: 'ORDER#x', SK: 'ORDER' } }])).toEqual({
      numbered: 0,
      alreadyNumbered: 0,
      transactions: 0,
    });
    expect(number).not.toHaveBeenCalled();
    await numberInvoices(deps, [{ id: '2', newImage: draftImage('a') }]);
    expect(number).toHaveBeenCalledWith([expect.objectContaining({ order_id: 'a' })]);
    expect(log.info).toHaveBeenCalledWith('invoices: redelivered drafts skipped', expect.any(Object));
  });
});
