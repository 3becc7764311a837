// Throwaway browser driver for the seller-vouchers pages (deleted after development).
import { readFileSync } from 'node:fs';
import { launchBrowser } from '../test/browser.ts';
const { webUrl } = JSON.parse(readFileSync('/tmp/sv/stack.json', 'utf8')) as { webUrl: string };
const width = Number(process.env.W ?? 1280);
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('pageerror:', e.message));
await page.goto(`${webUrl}/login`);
await page.locator('#field-email').fill('seller@example.com');
await page.locator('#field-password').fill('Demo1234!');
await page.getByTestId('login-submit').click();
await page.waitForURL(/\/home/);
await page.getByRole('button', { name: 'Akzeptieren' }).click().catch(() => undefined);
const steps = (process.env.STEPS ?? 'new').split(',');
for (const step of steps) {
  const [kind, arg] = step.split(':');
  if (kind === 'goto') { await page.goto(`${webUrl}${arg}`); await page.waitForTimeout(1200); }
  if (kind === 'click') { await page.getByText(arg ?? '', { exact: true }).first().click(); await page.waitForTimeout(500); }
  if (kind === 'role') { await page.getByRole('button', { name: arg }).first().click(); await page.waitForTimeout(500); }
  if (kind === 'tab') { await page.getByRole('tab', { name: arg }).click(); await page.waitForTimeout(300); }
  if (kind === 'shot') { await page.screenshot({ path: `/tmp/sv/${arg}-${width}.png`, fullPage: true }); console.log('shot', arg); }
  if (kind === 'vshot') { await page.screenshot({ path: `/tmp/sv/${arg}-${width}.png` }); console.log('shot', arg); }
  if (kind === 'scroll') { await page.locator(arg ?? 'body').first().scrollIntoViewIfNeeded(); await page.waitForTimeout(300); }
  if (kind === 'top') { await page.evaluate(() => window.scrollTo(0, Number(0))); await page.waitForTimeout(300); }
  if (kind === 'fill') { const [sel, val] = (arg ?? '').split('='); await page.locator(sel ?? '').fill(val ?? ''); }
  if (kind === 'wait') await page.waitForTimeout(Number(arg));
  if (kind === 'eval') console.log(await page.evaluate(arg ?? ''));
}
await browser.close();
