/** Image fields hold same-origin paths like `/media/...`; absolute and data URLs pass through. */
export function mediaUrl(path: string | null | undefined): string | undefined {
  const value = path?.trim();
  if (!value) return undefined;
  if (/^(https?:|data:|blob:)/i.test(value)) return value;
  return value.startsWith('/') ? value : `/${value}`;
}
