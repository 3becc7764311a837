/** `#abc` / `#aabbcc` → [r, g, b] in 0–255, or undefined. */
function rgb(hex: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two hex colours (1–21), or undefined when one is not a hex colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return undefined;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Large text (the hero's titles) needs 3:1 (WCAG 2.1 AA). */
export const MIN_HERO_CONTRAST = 3;
