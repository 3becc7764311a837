import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONTS, Font } from './standard-fonts.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the standard fonts the Lambdas bundle', () => {
  it('include every standard font our code embeds', () => {
    const used = new Set<string>();
    for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      for (const [, key] of readFileSync(path.join(SRC, file), 'utf8').matchAll(/StandardFonts\.(\w+)/g))
        used.add(StandardFonts[key as keyof typeof StandardFonts]);
    }
    expect([...used].sort()).toEqual(['Courier-Bold', 'Helvetica', 'Helvetica-Bold']);
    expect(BUNDLED_FONTS).toEqual(expect.arrayContaining([...used]));
  });

  it('load the package metrics and refuse a font that is not bundled', () => {
    const helvetica = Font.load('Helvetica');
    expect(Font.load('Helvetica')).toBe(helvetica);
    expect(helvetica.getWidthOfGlyph('A')).toBe(667);
    expect(helvetica.getXAxisKerningForPair('A', 'V')).toBe(-70);
    expect(Font.load('Courier-Bold').getWidthOfGlyph('W')).toBe(600);
    expect(() => Font.load('Times-Roman')).toThrow(/Times-Roman is not bundled/);
  });
});
