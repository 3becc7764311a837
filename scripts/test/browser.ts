import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Records Content-Security-Policy violations of every page (issue 14): the preview server sends the
 * production CSP, and `expectAccessible` fails a screen that broke it. Added through the DevTools
 * protocol, so the policy itself does not block it.
 */
const RECORD_CSP_VIOLATIONS = `window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' blocked ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`;

/** Debian's chromium, headless, with the flags that work here as root (toolchain.md). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
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
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(RECORD_CSP_VIOLATIONS);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await page.addInitScript(RECORD_CSP_VIOLATIONS);
    return page;
  };
  return browser;
}

/** The CSP violations the page recorded since it loaded (see RECORD_CSP_VIOLATIONS). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
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
let axeText: Promise<string> | undefined;
const axeSource = () => (axeText ??= readFile(AXE_SOURCE, 'utf8'));

type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/**
 * Runs axe-core (WCAG 2.x A/AA rules) on the current page and returns its serious and critical
 * violations, one line each ("rule: help — selectors"). Browser tests assert the list is empty.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: a script tag would be refused by the page's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource());
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

/** Fails with the page's CSP violations or its serious/critical axe violations, naming the screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const blocked = await cspViolations(page);
  if (blocked.length > 0) throw new Error(`CSP on ${screen}: ${blocked.length} violations\n${blocked.join('\n')}`);
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0)
    throw new Error(`axe on ${screen}: ${violations.length} serious/critical\n${violations.join('\n')}`);
}
