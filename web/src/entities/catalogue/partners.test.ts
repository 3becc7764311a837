import { describe, expect, it } from 'vitest';
import { partnersWithLogos } from './partners.ts';

describe('partnersWithLogos', () => {
  const companies = [
    { id: 'a', logo: '/media/a.png' },
    { id: 'b', logo: null },
    { id: 'c', logo: '  ' },
    { id: 'd', logo: '/media/d.png' },
    { id: 'e', logo: '/media/e.png' },
  ];

  it('drops companies without a logo and keeps every one with a logo', () => {
    const result = partnersWithLogos(companies);
    expect(result.map((c) => c.id).sort()).toEqual(['a', 'd', 'e']);
  });

  it('shuffles with the given random source', () => {
    expect(partnersWithLogos(companies, () => 0).map((c) => c.id)).toEqual(['d', 'e', 'a']);
    expect(partnersWithLogos(companies, () => 0.999).map((c) => c.id)).toEqual(['a', 'd', 'e']);
  });

  it('does not modify the input', () => {
    const copy = structuredClone(companies);
    partnersWithLogos(companies, () => 0);
    expect(companies).toEqual(copy);
  });
});
