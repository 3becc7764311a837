import { eurosToCents } from '@gm/shared/money/money';

/**
 * The builder's money inputs hold text in euros ("12,50"); the API takes integer cents.
 * Result of reading such a field: `undefined` when empty, `NaN` when it is not a number.
 */
export type ParsedNumber = number | undefined;

/** 1250 → "12,50"; whole euros stay short ("50"), as a seller would type them. */
export function centsToEuroInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '';
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  const text = rest === 0 ? String(euros) : `${euros},${String(rest).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/**
 * Euro text → cents. Accepts "12,50", "12.50", "1.234,56" and German thousands without decimals ("1.000" is
 * a thousand euros, not one). Amounts are rounded to whole cents.
 */
export function euroInputToCents(text: string): ParsedNumber {
  const compact = text.trim().replace(/[\s\u00a0€]/g, '');
  if (!compact) return undefined;
  let normalised: string;
  if (compact.includes(',')) {
    // German notation: dots group thousands, the comma separates the cents.
    if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(compact) && !/^-?\d+(,\d+)?$/.test(compact)) return Number.NaN;
    normalised = compact.replace(/\./g, '').replace(',', '.');
  } else if (/^-?\d{1,3}(\.\d{3})+$/.test(compact)) {
    normalised = compact.replace(/\./g, '');
  } else {
    if (!/^-?\d+(\.\d+)?$/.test(compact)) return Number.NaN;
    normalised = compact;
  }
  return eurosToCents(Number(normalised));
}

/** Whole-unit inputs (quantities): "3" → 3; "1,5" → 1.5 so the contract can say it must be whole; junk → NaN. */
export function wholeNumberInput(text: string): ParsedNumber {
  const compact = text.trim();
  if (!compact) return undefined;
  if (!/^-?\d+([.,]\d+)?$/.test(compact)) return Number.NaN;
  return Number(compact.replace(',', '.'));
}
