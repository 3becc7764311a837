import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's chromium, headless, with the flags that work here as root (toolchain.md). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

/** Saves a full-page screenshot as test-results/<name>.png and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/**
 * Runs axe-core (WCAG 2.x A/AA rules) on the current page and returns its serious and critical
 * violations, one line each ("rule: help — selectors"). Browser tests assert the list is empty.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/** Fails with the list of serious/critical axe violations of the page, naming the screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0)
    throw new Error(`axe on ${screen}: ${violations.length} serious/critical\n${violations.join('\n')}`);
}
