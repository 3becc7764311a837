import { describe, expect, it } from 'vitest';
import { isEmployeeCodeShape, normalizeEmployeeCode, tourismRegisterUrl } from './tourism.ts';

describe('employee codes', () => {
  it('folds what a person types off a card back to the stored code', () => {
    expect(normalizeEmployeeCode(' ab1o-il9z ')).toBe('AB10119Z');
    expect(isEmployeeCodeShape('AB10119Z')).toBe(true);
    expect(isEmployeeCodeShape('AB10119')).toBe(false);
    expect(isEmployeeCodeShape('AB1011UZ')).toBe(false);
  });

  it('builds the registration address on the tourism tenant', () => {
    expect(tourismRegisterUrl('http://gutscheinmarkt.localhost:5173', 'tal', 'AB10119Z')).toBe(
      'http://tal.gutscheinmarkt.localhost:5173/register/buyer?code=AB10119Z',
    );
    expect(tourismRegisterUrl('https://www.gutscheinmarkt.at/', 'tal', 'X')).toBe(
      'https://tal.gutscheinmarkt.at/register/buyer?code=X',
    );
    expect(tourismRegisterUrl('https://gutscheinmarkt.at', null, 'X')).toBe(
      'https://gutscheinmarkt.at/register/buyer?code=X',
    );
  });
});
