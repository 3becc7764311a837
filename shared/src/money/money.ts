/** Money is integer euro cents everywhere inside; these functions are the only edge crossings. */
export type Cents = number;

/*
 * The formats are made on first use, not at import: the first Intl.NumberFormat of a process loads
 * the locale's data (about 10 ms), which every Lambda bundling this module would otherwise pay in its
 * cold start, although most requests never format an amount.
 */
let euroFormat: Intl.NumberFormat | undefined;
let plainFormat: Intl.NumberFormat | undefined;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of cents: ${value}`);
  return value;
}

/** 1234 → "12,34 €" (non-breaking space as Intl writes it). */
export function formatEuro(cents: Cents): string {
  euroFormat ??= new Intl.NumberFormat('de-DE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return euroFormat.format(cents / 100);
}

/** 123456 → "1.234,56" without the currency sign. */
export function formatAmount(cents: Cents): string {
  plainFormat ??= new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return plainFormat.format(cents / 100);
}

/** Euros as a decimal number (API fields like qty_val) → cents, rounding half away from zero. */
export function eurosToCents(euros: number): Cents {
  if (!Number.isFinite(euros)) throw new RangeError(`not a finite amount: ${euros}`);
  // toFixed first: 1.005 * 100 is 100.49999… in binary floating point, but means 100.5 cents.
  return Math.sign(euros) * Math.round(Number((Math.abs(euros) * 100).toFixed(6)));
}

export function centsToEuros(cents: Cents): number {
  return cents / 100;
}

/** Parses user input in German ("1.234,5") or plain ("1234.5") notation; undefined when it isn't a number. */
export function parseEuroInput(text: string): Cents | undefined {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (!trimmed) return undefined;
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^-?\d+(\.\d+)?$/.test(normalised)) return undefined;
  return eurosToCents(Number(normalised));
}

/** percent of an amount, rounded to whole cents (half up). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
