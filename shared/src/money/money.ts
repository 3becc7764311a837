/** Money is integer euro cents everywhere inside; these functions are the only edge crossings. */
export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of cents: ${value}`);
  return value;
}

/*
 * German amounts are written out here rather than with Intl.NumberFormat('de-DE'): the first such format
 * of a process loads the locale's data (about 10 ms), paid by the first request of every Lambda that
 * formats an amount; the output is the same (money.test.ts compares it with Intl's).
 */

/** 123456 → "1.234,56" without the currency sign (a fraction of a cent rounds half away from zero). */
export function formatAmount(cents: Cents): string {
  const whole = Math.round(Math.abs(cents));
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${cents < 0 && whole > 0 ? '-' : ''}${euros},${String(whole % 100).padStart(2, '0')}`;
}

/** 1234 → "12,34 €" (with the non-breaking space Intl writes). */
export function formatEuro(cents: Cents): string {
  return `${formatAmount(cents)}\u00a0€`;
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
