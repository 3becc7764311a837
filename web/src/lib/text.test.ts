import { describe, expect, it } from 'vitest';
import { CARD_DESCRIPTION_MAX, SELLER_NAME_MAX, cutText } from './text.ts';

describe('cutText', () => {
  it('leaves short text alone', () => {
    expect(cutText('Alpen Spa', SELLER_NAME_MAX)).toBe('Alpen Spa');
    expect(cutText('x'.repeat(18), SELLER_NAME_MAX)).toBe('x'.repeat(18));
  });

  it('cuts at the limit and marks the cut', () => {
    expect(cutText('Gasthof zum Goldenen Adler', SELLER_NAME_MAX)).toBe('Gasthof zum Golden…');
    expect(cutText('a'.repeat(80), CARD_DESCRIPTION_MAX)).toBe(`${'a'.repeat(60)}…`);
  });

  it('does not leave a trailing space before the ellipsis', () => {
    expect(cutText('Hotel Berghof Innsbruck', 14)).toBe('Hotel Berghof…');
  });

  it('counts emoji as one character', () => {
    expect(cutText('🎁🎁🎁🎁', 2)).toBe('🎁🎁…');
  });

  it('treats null and blank as empty', () => {
    expect(cutText(null, 5)).toBe('');
    expect(cutText('   ', 5)).toBe('');
  });
});
