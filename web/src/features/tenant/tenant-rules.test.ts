import { describe, expect, it } from 'vitest';
import { TENANT_DEFAULT_COLOURS, heroTexts, safeColour, tenantColours } from './tenant-rules.ts';

describe('tenant colours', () => {
  it('uses the company colours and falls back to #1D4F55 / #fff (03 §9)', () => {
    expect(tenantColours({ background_color: '#ff5563', text_color: '#000' })).toEqual({
      background: '#ff5563',
      text: '#000',
    });
    expect(tenantColours(null)).toEqual({ background: '#1D4F55', text: '#fff' });
    expect(tenantColours({ background_color: null, text_color: ' ' })).toEqual(TENANT_DEFAULT_COLOURS);
  });

  it('never lets anything but a hex colour into a style', () => {
    expect(safeColour('red;background:url(x)', '#123')).toBe('#123');
    expect(safeColour('#12', '#123')).toBe('#123');
    expect(safeColour(' #AbCdEf ', '#123')).toBe('#AbCdEf');
  });
});

describe('hero texts', () => {
  it('shows Titel 1 and Titel 2, else the company name and a fixed line', () => {
    expect(heroTexts({ name: 'Alpen Spa', header_1: 'Zeit für dich', header_2: 'Wellness' }, 'alpenspa')).toEqual({
      first: 'Zeit für dich',
      second: 'Wellness',
    });
    expect(heroTexts({ name: 'Alpen Spa', header_1: ' ', header_2: null }, 'alpenspa')).toEqual({
      first: 'Alpen Spa',
      second: 'Gutscheine online kaufen und verschenken',
    });
    expect(heroTexts(null, 'alpenspa').first).toBe('alpenspa');
  });
});
