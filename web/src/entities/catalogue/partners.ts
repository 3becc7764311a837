/** Partner strip (01 §2): companies without a logo are dropped, the rest shuffled (Fisher–Yates). */
export function partnersWithLogos<T extends { logo: string | null }>(
  companies: readonly T[],
  random: () => number = Math.random,
): Array<T & { logo: string }> {
  const withLogo = companies.filter(
    (c): c is T & { logo: string } => typeof c.logo === 'string' && c.logo.trim() !== '',
  );
  for (let i = withLogo.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [withLogo[i], withLogo[j]] = [withLogo[j] as T & { logo: string }, withLogo[i] as T & { logo: string }];
  }
  return withLogo;
}
