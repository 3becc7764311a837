/**
 * What the Lambda bundles get for `@pdf-lib/standard-fonts` (the esbuild alias in bundle-options.ts):
 * the package's own code and data for the standard fonts our PDFs embed, instead of the metrics of all
 * fourteen (127 KB of compressed JSON in every PDF bundle, of which these three are 31 KB). pdf-lib uses
 * `Encodings`, `Font.load` and `FontNames`; they behave exactly as the package's (Font.js, same data).
 * A font missing here fails its PDF in the Lambda, not in the unit tests (they run the real package):
 * standard-fonts.test.ts holds every StandardFonts member used in functions/src to this list.
 *
 * The data comes through `#pdf-lib-fonts/*` (functions/package.json `imports`, mapped to the package's
 * `es/` folder): an alias replaces `@pdf-lib/standard-fonts/…` subpaths too, a subpath import is not aliased.
 */
import CourierBold from '#pdf-lib-fonts/Courier-Bold.compressed.json';
import HelveticaBold from '#pdf-lib-fonts/Helvetica-Bold.compressed.json';
import Helvetica from '#pdf-lib-fonts/Helvetica.compressed.json';
import { decompressJson } from '#pdf-lib-fonts/utils.js';

export { Encodings } from '#pdf-lib-fonts/Encoding.js';

/** The package's enum, all fourteen names (pdf-lib lists them as the standard fonts). */
export const FontNames = {
  Courier: 'Courier',
  CourierBold: 'Courier-Bold',
  CourierOblique: 'Courier-Oblique',
  CourierBoldOblique: 'Courier-BoldOblique',
  Helvetica: 'Helvetica',
  HelveticaBold: 'Helvetica-Bold',
  HelveticaOblique: 'Helvetica-Oblique',
  HelveticaBoldOblique: 'Helvetica-BoldOblique',
  TimesRoman: 'Times-Roman',
  TimesRomanBold: 'Times-Bold',
  TimesRomanItalic: 'Times-Italic',
  TimesRomanBoldItalic: 'Times-BoldItalic',
  Symbol: 'Symbol',
  ZapfDingbats: 'ZapfDingbats',
} as const;

/** The compressed metrics of the fonts our PDFs embed (the package's files). */
const compressedJsonForFontName: Record<string, string> = {
  Helvetica,
  'Helvetica-Bold': HelveticaBold,
  'Courier-Bold': CourierBold,
};

/** The fonts a Lambda can embed. */
export const BUNDLED_FONTS: readonly string[] = Object.keys(compressedJsonForFontName);

type CharMetric = { WX: number; N: string };
type KernPair = [string, string, number];

const fontCache: Record<string, Font> = {};

/** The package's Font (Font.js), loading only the bundled fonts. */
export class Font {
  declare CharMetrics: CharMetric[];
  declare KernPairs: KernPair[];
  declare CharWidths: Record<string, number>;
  declare KernPairXAmounts: Record<string, Record<string, number>>;

  static load(fontName: string): Font {
    const cached = fontCache[fontName];
    if (cached) return cached;
    const compressed = compressedJsonForFontName[fontName];
    if (compressed === undefined)
      throw new Error(`Standard font ${fontName} is not bundled (functions/src/lib/pdf/standard-fonts.ts)`);
    const font = Object.assign(new Font(), JSON.parse(decompressJson(compressed)) as object);
    font.CharWidths = font.CharMetrics.reduce<Record<string, number>>((acc, metric) => {
      acc[metric.N] = metric.WX;
      return acc;
    }, {});
    font.KernPairXAmounts = font.KernPairs.reduce<Record<string, Record<string, number>>>(
      (acc, [name1, name2, width]) => {
        (acc[name1] ??= {})[name2] = width;
        return acc;
      },
      {},
    );
    fontCache[fontName] = font;
    return font;
  }

  getWidthOfGlyph = (glyphName: string): number | undefined => this.CharWidths[glyphName];

  getXAxisKerningForPair = (leftGlyphName: string, rightGlyphName: string): number | undefined =>
    (this.KernPairXAmounts[leftGlyphName] ?? {})[rightGlyphName];
}
