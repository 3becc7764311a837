import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../validation/fields.ts';
import { foldSearchText, sortOf, voucherSearchSchema } from './search-contracts.ts';

function errorsOf(input: unknown) {
  const result = voucherSearchSchema.safeParse(input);
  if (result.success) throw new Error('expected a validation error');
  return toFieldErrors(result.error);
}

describe('voucherSearchSchema', () => {
  it('defaults to page 1 with nine per page', () => {
    expect(voucherSearchSchema.parse({})).toMatchObject({ page: 1, paginate: 9 });
  });

  it('treats empty strings and null as "not set" (the home banner sends region=)', () => {
    const input = voucherSearchSchema.parse({
      keyword: '',
      isRegion: '',
      isCategory: null,
      targets: '',
      isPrice: null,
      seed: '',
    });
    expect(input).toMatchObject({
      keyword: undefined,
      isRegion: undefined,
      isCategory: undefined,
      targets: undefined,
      isPrice: undefined,
      seed: undefined,
    });
  });

  it('accepts lists as arrays or comma-separated text', () => {
    expect(voucherSearchSchema.parse({ targets: 'Paare, Kinder', seasons: ['Winter'], ids: 'a,b' })).toMatchObject({
      targets: ['Paare', 'Kinder'],
      seasons: ['Winter'],
      ids: ['a', 'b'],
    });
  });

  it('rejects unknown target groups, seasons and regions', () => {
    expect(errorsOf({ targets: ['Hunde'] })['targets.0']).toEqual(['Bitte wähle einen der angebotenen Werte.']);
    expect(errorsOf({ seasons: 'Frühling' })['seasons.0']).toBeDefined();
    expect(errorsOf({ isRegion: 9 }).isRegion).toEqual(['Bitte wähle einen der angebotenen Werte.']);
    expect(errorsOf({ isRegion: 'abc' }).isRegion).toEqual(['Der Wert muss eine Zahl sein.']);
  });

  it('allows at most one sort order', () => {
    expect(sortOf(voucherSearchSchema.parse({ isLowestPrice: true }))).toBe('isLowestPrice');
    expect(sortOf(voucherSearchSchema.parse({ isNewest: false, isMostPopular: '1' }))).toBe('isMostPopular');
    const errors = errorsOf({ isNewest: true, isLowestPrice: 1 });
    expect(errors.isNewest).toEqual(['Bitte wähle nur eine Sortierung.']);
    expect(errors.isLowestPrice).toEqual(['Bitte wähle nur eine Sortierung.']);
  });

  it('checks the price range in cents: not negative, to not below from', () => {
    expect(voucherSearchSchema.parse({ isPrice: { from: '1000', to: 5000 } }).isPrice).toEqual({
      from: 1000,
      to: 5000,
    });
    expect(voucherSearchSchema.parse({ isPrice: { from: 1000 } }).isPrice).toEqual({ from: 1000, to: undefined });
    expect(errorsOf({ isPrice: { from: -1, to: 10 } })['isPrice.from']).toEqual(['Der Wert muss mindestens sein 0.']);
    expect(errorsOf({ isPrice: { from: 12.5, to: 100 } })['isPrice.from']).toEqual([
      'Der Wert muss eine ganze Zahl sein.',
    ]);
    expect(errorsOf({ isPrice: { from: 5000, to: 1000 } })['isPrice.to']).toEqual([
      'Der Wert muss mindestens sein 50,00\u00a0€.',
    ]);
  });

  it('answers bad types with German messages', () => {
    expect(errorsOf({ isNewest: 'ja' }).isNewest).toEqual(['Bitte wähle einen der angebotenen Werte.']);
    expect(errorsOf([])._).toEqual(['Die Suchanfrage ist ungültig.']);
    expect(errorsOf({ isPrice: 'billig' }).isPrice).toEqual(['Die Suchanfrage ist ungültig.']);
    expect(errorsOf({ ids: [1, 2] })['ids.0']).toEqual(['Die Suchanfrage ist ungültig.']);
    expect(voucherSearchSchema.parse({ keyword: 2024, seller_id: 704 })).toMatchObject({
      keyword: '2024',
      seller_id: '704',
    });
  });

  it('needs a seller for the direct-sale list', () => {
    expect(errorsOf({ seller_gift: true }).seller_id).toEqual([
      'Für den Direktverkauf muss ein Verkäufer angegeben werden.',
    ]);
  });

  it('limits keyword length, ids and page size', () => {
    expect(errorsOf({ keyword: 'x'.repeat(101) }).keyword).toEqual(['Es dürfen maximal 100 Zeichen verwendet werden.']);
    expect(errorsOf({ ids: Array.from({ length: 101 }, (_, i) => `v${i}`) }).ids).toBeDefined();
    expect(errorsOf({ paginate: 500 }).paginate).toEqual(['Der Wert darf maximal 100 betragen.']);
    expect(errorsOf({ page: 0 }).page).toEqual(['Der Wert muss mindestens sein 1.']);
  });
});

describe('foldSearchText', () => {
  it('spells out umlauts and ß, drops accents, collapses spaces', () => {
    expect(foldSearchText('  Grüße aus   Ötztal – Café ')).toBe('gruesse aus oetztal – cafe');
    expect(foldSearchText('Grüße aus Ötztal', 'plain')).toBe('grusse aus otztal');
  });
});
