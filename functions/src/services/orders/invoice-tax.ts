import type { Voucher } from '@gm/shared/catalogue/contracts';
import type { InvoiceLine } from '../../repositories/order-repository.ts';

/** VAT contained in a gross amount (cents) at `rate` %: gross × rate / (100 + rate), rounded to cents. */
export const vatOfGross = (gross: number, rate: number): number => Math.round((gross * rate) / (100 + rate));

/** Splits `total` cents in proportion to `weights` (largest share last gets the rounding remainder); equal parts for zero weights. */
export function splitCents(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum > 0 ? Math.floor((total * w) / sum) : Math.floor(total / weights.length)));
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0) + total - shares.reduce((a, b) => a + b, 0);
  return shares;
}

/**
 * The invoice lines of one order line. Prices are gross. The voucher's tax entries split the price by
 * tax rate (entries of the same rate are merged); each line shows its share before the discount and
 * the VAT of its share after the discount. Tax 'unsure' (or no entries): one line without a rate, a
 * multi-purpose voucher whose VAT falls due on redemption.
 */
export function invoiceLines(input: {
  title: string;
  qty: number;
  amount: number;
  discount: number;
  tax: Voucher['tax'];
}): { lines: InvoiceLine[]; multiPurpose: boolean } {
  const qty = Math.max(1, input.qty);
  const paid = input.amount - input.discount;
  if (input.tax === 'unsure' || input.tax.length === 0) {
    return {
      lines: [
        {
          title: input.title,
          qty,
          unit: Math.round(input.amount / qty),
          tax_rate: null,
          net: paid,
          tax: 0,
          gross: input.amount,
        },
      ],
      multiPurpose: true,
    };
  }
  const byRate = new Map<number, { label: string; value: number }>();
  for (const entry of input.tax) {
    const seen = byRate.get(entry.tax);
    byRate.set(entry.tax, { label: seen ? seen.label : entry.label, value: (seen?.value ?? 0) + entry.value });
  }
  const rates = [...byRate.entries()];
  const weights = rates.map(([, e]) => e.value);
  const gross = splitCents(input.amount, weights);
  const after = splitCents(paid, weights);
  const lines = rates.map(([rate, entry], i): InvoiceLine => {
    const tax = vatOfGross(after[i]!, rate);
    const title = rates.length > 1 ? `${input.title} (${entry.label})` : input.title;
    return {
      title,
      qty,
      unit: Math.round(gross[i]! / qty),
      tax_rate: rate,
      net: after[i]! - tax,
      tax,
      gross: gross[i]!,
    };
  });
  return { lines, multiPurpose: false };
}
