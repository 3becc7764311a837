import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { seedDemoData } from '../dev/seed.ts';
import { answers, freePort, spawnGroup, waitFor } from '../dev/processes.ts';
import { launchBrowser } from '../test/browser.ts';
import { buildWeb } from '../test/global-setup-e2e.ts';
import { startLocalStack } from '../test/global-setup-int.ts';

/**
 * The web's first paint (issue 15): per page, the JavaScript a first visit loads (gzip), Lighthouse mobile
 * (performance, accessibility, LCP, TBT, CLS), the layout shifts a PerformanceObserver sees, and which chunks
 * each role loads. `measureWeb(opts)` returns `{ json, markdown }`; `npm run bench:web` runs it alone and writes
 * reports/bench-web.{md,json}.
 *
 * Served like production: `vite build` (mode stand-in: the production bundle with the local test-card form),
 * `vite preview` with the production headers (CSP) in front of the local API and stand-ins, seeded demo data.
 */
export const JS_BUDGET_KIB = 150;
export const TARGETS = { performance: 90, accessibility: 95, cls: 0.05, lcpMs: 2500, tbtMs: 150 } as const;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VITE = `${ROOT}node_modules/.bin/vite`;
const LIGHTHOUSE = `${ROOT}node_modules/.bin/lighthouse`;
const run = promisify(execFile);

export type Role = 'guest' | 'user' | 'seller' | 'admin';
/** Areas of the web only some roles may load; everything else is public or the buyer's. */
export type RoleArea = 'seller' | 'admin' | 'scanner' | 'staff';

/**
 * Source folders that only a role's own screens use (the router's guards): a chunk holding any of them is that
 * area's. Staff: shared by seller, admin and scanner screens (redemptions, accounting).
 */
const ROLE_AREAS: Array<[RoleArea, RegExp]> = [
  [
    'seller',
    /web\/src\/(features\/(seller-dashboard|seller-payouts|seller-vouchers|website-config|employee-codes)\/|app\/routes\/(seller-vouchers|voucher-builder|voucher-statistic|orders-earnings|redemptions|website-configuration|tourism-sellers|tourism-employee))/,
  ],
  [
    'admin',
    /web\/src\/(features\/(platform-admin|catalogue-admin|orders-admin|payout-admin|users-admin|audit-admin)\/|app\/routes\/admin-)/,
  ],
  ['scanner', /web\/src\/(app\/routes\/(scanner|vouchers-gift)\.tsx|components\/ui\/qr-camera)/],
  ['staff', /web\/src\/(features\/(redemption|accounting)\/|app\/layout\/role-home)/],
];
/** Which role-only areas each role may load. */
export const ALLOWED_AREAS: Record<Role, readonly RoleArea[]> = {
  guest: [],
  user: [],
  seller: ['seller', 'scanner', 'staff'],
  admin: ['admin', 'staff'],
};

export type Asset = { path: string; chunk: string; bytes: number; gzip: number; areas: RoleArea[] };
export type FirstVisit = {
  page: string;
  role: Role;
  landedOn: string;
  js: Asset[];
  css: Asset[];
  jsGzipKib: number;
  cssGzipKib: number;
  /** Role-only areas in the loaded chunks that this role may not load. */
  foreignAreas: RoleArea[];
};

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const chunkName = (path: string) => path.replace(/^.*\//, '').replace(/-[\w-]{8}\.(js|css)$/, '');

/** The role-only areas among a built chunk's sources (read from its source map). */
async function areasOf(dist: string, path: string): Promise<RoleArea[]> {
  const map = `${dist}${path}.map`;
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(await readFile(map, 'utf8')) as { sources: string[] };
  const areas = new Set<RoleArea>();
  for (const source of sources) {
    const normalised = source.replace(/^(\.\.\/)+/, 'web/').replace(/^web\/web\//, 'web/');
    for (const [area, pattern] of ROLE_AREAS) if (pattern.test(normalised)) areas.add(area);
  }
  return [...areas];
}

/**
 * A first visit of `path` in a fresh context (empty cache): every same-origin JavaScript and CSS response until
 * the network is idle (and lazily started chunks settled), at its gzip size (zlib level 6, what CDNs send).
 */
export async function firstVisit(
  browser: Browser,
  origin: string,
  path: string,
  options: { dist?: string; role?: Role; context?: BrowserContextOptions } = {},
): Promise<FirstVisit> {
  const role = options.role ?? 'guest';
  const dist = options.dist ?? `${ROOT}web/dist/`;
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'de-DE',
    ...options.context,
  });
  const page = await context.newPage();
  const assets = new Map<string, { type: 'js' | 'css'; body: Promise<Buffer> }>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin) return;
    const type = response.request().resourceType();
    if (type === 'script' || url.pathname.endsWith('.js'))
      assets.set(url.pathname, { type: 'js', body: response.body() });
    else if (type === 'stylesheet' || url.pathname.endsWith('.css'))
      assets.set(url.pathname, { type: 'css', body: response.body() });
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  // Route chunks and lazily loaded parts (modals) start after the first render: let them settle.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const landedOn = new URL(page.url()).pathname;
  const measured = await Promise.all(
    [...assets].map(async ([assetPath, { type, body }]) => {
      const bytes = await body;
      const asset: Asset = {
        path: assetPath,
        chunk: chunkName(assetPath),
        bytes: bytes.length,
        gzip: gzipSync(bytes, { level: 6 }).length,
        areas: type === 'js' ? await areasOf(dist, assetPath) : [],
      };
      return { type, asset };
    }),
  );
  await context.close();
  const pick = (type: 'js' | 'css') =>
    measured
      .filter((m) => m.type === type)
      .map((m) => m.asset)
      .sort((a, b) => b.gzip - a.gzip);
  const js = pick('js');
  const css = pick('css');
  const total = (list: Asset[]) => kib(list.reduce((sum, a) => sum + a.gzip, 0));
  const foreignAreas = [...new Set(js.flatMap((a) => a.areas))].filter((a) => !ALLOWED_AREAS[role].includes(a));
  return { page: path, role, landedOn, js, css, jsGzipKib: total(js), cssGzipKib: total(css), foreignAreas };
}

/** Signs in through /login and returns the context's state (local storage and session cookie) for fresh contexts. */
export async function signedInState(browser: Browser, origin: string, email: string, password: string) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Lighthouse's mobile device (Moto G Power): the same viewport for the layout-shift observer. */
const MOBILE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'de-DE',
};

const OBSERVE_SHIFTS = `(() => {
  const shifts = []; const lcp = [];
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : '?';
    const el = node;
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '') +
      (el.dataset && el.dataset.testid ? '[data-testid=' + el.dataset.testid + ']' : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) lcp.push({ at: Math.round(e.startTime), element: describe(e.element), url: e.url || '' });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__firstPaint = { shifts, lcp };
})();`;

export type Shift = { value: number; at: number; sources: string[] };
export type ShiftReport = { cls: number; shifts: Shift[]; lcpElement: string; lcpAt: number };

/** Layout shifts and the LCP element on Lighthouse's mobile viewport, seen by PerformanceObservers in the page. */
export async function observeShifts(browser: Browser, origin: string, path: string): Promise<ShiftReport> {
  const context: BrowserContext = await browser.newContext(MOBILE);
  await context.addInitScript(OBSERVE_SHIFTS);
  const page = await context.newPage();
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  // The home's announcement hides itself after 3 s: what moves when it goes counts too.
  await page.waitForTimeout(4000);
  const seen = await page.evaluate(
    () =>
      (
        window as unknown as {
          __firstPaint: { shifts: Shift[]; lcp: Array<{ at: number; element: string; url: string }> };
        }
      ).__firstPaint,
  );
  await context.close();
  // CLS: the largest session window (gaps < 1 s, at most 5 s long), as the metric defines it.
  let cls = 0;
  let windowValue = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of seen.shifts) {
    if (shift.at - last > 1000 || shift.at - windowStart > 5000) {
      windowValue = 0;
      windowStart = shift.at;
    }
    windowValue += shift.value;
    last = shift.at;
    cls = Math.max(cls, windowValue);
  }
  const lcp = seen.lcp.at(-1);
  return {
    cls: Math.round(cls * 1000) / 1000,
    shifts: seen.shifts.map((s) => ({ ...s, value: Math.round(s.value * 1000) / 1000 })),
    lcpElement: lcp ? `${lcp.element}${lcp.url ? ` (${lcp.url.replace(/^.*\/media\//, '/media/')})` : ''}` : '–',
    lcpAt: lcp?.at ?? 0,
  };
}

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number | null;
  fcpMs: number;
  /** Failed accessibility audits (id: title). */
  a11yFailures: string[];
};

type LighthouseJson = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }>;
};

/**
 * One Lighthouse 12 mobile run (default: simulated throttling, Moto G Power) in its own process and browser.
 * `keepAs`: also keep the raw report (LHR JSON: network requests, critical chains, long tasks) at that path.
 */
export async function lighthouse(url: string, keepAs?: string): Promise<LighthouseRun> {
  const dir = await mkdtemp(join(tmpdir(), 'gm-lighthouse-'));
  try {
    const out = join(dir, 'report.json');
    await run(
      LIGHTHOUSE,
      [
        url,
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=performance,accessibility',
        '--quiet',
        '--locale=de',
        `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=${join(dir, 'profile')}`,
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, timeout: 180_000 },
    );
    const raw = await readFile(out, 'utf8');
    if (keepAs) await writeFile(keepAs, raw);
    const report = JSON.parse(raw) as LighthouseJson;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => report.audits[id]?.numericValue;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: Math.round(value('largest-contentful-paint') ?? NaN),
      tbtMs: Math.round(value('total-blocking-time') ?? NaN),
      cls: value('cumulative-layout-shift') ?? null,
      fcpMs: Math.round(value('first-contentful-paint') ?? NaN),
      a11yFailures: Object.entries(report.audits)
        .filter(([, a]) => a.scoreDisplayMode === 'binary' && a.score === 0)
        .filter(([id]) => A11Y_AUDITS.has(id))
        .map(([id, a]) => `${id}: ${a.title}`),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const A11Y_AUDITS = new Set([
  'color-contrast',
  'target-size',
  'button-name',
  'link-name',
  'image-alt',
  'label',
  'heading-order',
  'aria-allowed-attr',
  'aria-required-children',
  'aria-required-parent',
  'list',
  'listitem',
  'document-title',
  'html-has-lang',
  'meta-viewport',
  'landmark-one-main',
  'region',
  'link-in-text-block',
  'label-content-name-mismatch',
  'aria-hidden-focus',
  'duplicate-id-aria',
  'select-name',
  'frame-title',
  'identical-links-same-purpose',
  'image-redundant-alt',
  'tabindex',
]);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

export type PageReport = {
  page: string;
  path: string;
  guest: FirstVisit;
  lighthouse: { runs: number; median: LighthouseRun; all: LighthouseRun[] } | null;
  shifts: ShiftReport;
};
export type RoleReport = { role: Role; page: string; chunks: string[]; jsGzipKib: number; foreignAreas: RoleArea[] };
export type WebReport = {
  commit: string;
  measuredAt: string;
  budgetKib: number;
  targets: typeof TARGETS;
  pages: PageReport[];
  roles: RoleReport[];
  seconds: number;
};

export type MeasureWebOptions = {
  /** A built web to serve (default web/dist, built first unless `build: false`). */
  dist?: string;
  build?: boolean;
  /** Lighthouse runs per page (median by performance score); 0 skips Lighthouse. Default 5, as Lighthouse advises for its variance. */
  lighthouseRuns?: number;
  /** Also measure buyer and seller first visits (chunks per role). Default true. */
  roles?: boolean;
  /** Names the measured build in the report (default: git HEAD). */
  commit?: string;
  /** A folder to keep every Lighthouse run's raw report in (`<page>-<run>.json`). */
  keepReports?: string;
  log?: (line: string) => void;
};

/** Measures the first visit of /, /vouchers/search and a voucher's detail page. */
export async function measureWeb(options: MeasureWebOptions = {}): Promise<{ json: WebReport; markdown: string }> {
  const started = Date.now();
  const log = options.log ?? ((line: string) => console.log(`[bench:web] ${line}`));
  const dist = (options.dist ?? `${ROOT}web/dist`).replace(/\/?$/, '/');
  if (!options.dist && (options.build ?? true)) {
    log('vite build…');
    await buildWeb({ ...process.env, NODE_ENV: 'production', E2E_SKIP_BUILD: '' });
  }
  const runs = options.lighthouseRuns ?? 5;
  if (options.keepReports) await mkdir(options.keepReports, { recursive: true });
  log('local cloud and demo data…');
  const webPort = await freePort();
  const stack = await startLocalStack({ webPort });
  let browser: Browser | undefined;
  const preview = spawnGroup(
    'vite preview',
    VITE,
    ['preview', '--outDir', dist, '--port', String(webPort), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: `${ROOT}web`,
      env: {
        ...process.env,
        ...stack.cloud.env,
        VITE_API_PROXY: new URL(stack.api.url).origin,
        VITE_MEDIA_PROXY: `${stack.cloud.env.S3_ENDPOINT}/${stack.cloud.env.MEDIA_BUCKET}`,
        VITE_STRIPE_PROXY: stack.cloud.env.STRIPE_STAND_IN_URL,
      },
    },
  );
  try {
    const { logins } = await seedDemoData();
    const origin = `http://localhost:${webPort}`;
    await waitFor('vite preview', () => answers(`${origin}/`), { handle: preview, timeoutMs: 30_000 });
    const detailId = await firstVoucherId(origin);
    const pages = [
      { page: 'home', path: '/' },
      { page: 'search', path: '/vouchers/search' },
      { page: 'voucher detail', path: `/vouchers/${detailId}` },
    ];
    browser = await launchBrowser();
    const reports: PageReport[] = [];
    for (const { page, path } of pages) {
      log(`${page}: first visit, layout shifts…`);
      const guest = await firstVisit(browser, origin, path, { dist });
      const shifts = await observeShifts(browser, origin, path);
      const all: LighthouseRun[] = [];
      for (let i = 0; i < runs; i += 1) {
        log(`${page}: lighthouse ${i + 1}/${runs}…`);
        const keepAs = options.keepReports && join(options.keepReports, `${page.replace(/\W+/g, '-')}-${i + 1}.json`);
        all.push(await lighthouse(`${origin}${path}`, keepAs));
      }
      const byScore = [...all].sort((a, b) => a.performance - b.performance);
      const middle = byScore[Math.floor((byScore.length - 1) / 2)];
      reports.push({
        page,
        path,
        guest,
        shifts,
        lighthouse: middle
          ? {
              runs,
              all,
              median: {
                ...middle,
                lcpMs: median(all.map((r) => r.lcpMs)),
                tbtMs: median(all.map((r) => r.tbtMs)),
              },
            }
          : null,
      });
    }
    const roles: RoleReport[] = reports.map(({ page, guest }) => ({
      role: 'guest',
      page,
      chunks: guest.js.map((a) => a.chunk),
      jsGzipKib: guest.jsGzipKib,
      foreignAreas: guest.foreignAreas,
    }));
    if (options.roles ?? true) {
      for (const role of ['user', 'seller'] as const) {
        const login = logins.find((l) => l.role === role);
        if (!login) throw new Error(`no demo login for ${role}`);
        const storageState = await signedInState(browser, origin, login.email, login.password);
        for (const { page, path } of pages) {
          log(`${page}: first visit as ${role}…`);
          const visit = await firstVisit(browser, origin, path, { dist, role, context: { storageState } });
          roles.push({
            role,
            page: `${page}${visit.landedOn !== new URL(path, origin).pathname ? ` (→ ${visit.landedOn})` : ''}`,
            chunks: visit.js.map((a) => a.chunk),
            jsGzipKib: visit.jsGzipKib,
            foreignAreas: visit.foreignAreas,
          });
        }
      }
    }
    const json: WebReport = {
      commit: options.commit ?? gitCommit(),
      measuredAt: new Date().toISOString(),
      budgetKib: JS_BUDGET_KIB,
      targets: TARGETS,
      pages: reports,
      roles,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    return { json, markdown: toMarkdown(json) };
  } finally {
    await browser?.close();
    await preview.stop();
    await stack.stop();
  }
}

/** The first featured voucher of the demo data: the detail page measured. */
export async function firstVoucherId(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/voucher?paginate=1&featured=1`);
  const body = (await response.json()) as { data?: Array<{ id: string }> };
  const id = body.data?.[0]?.id;
  if (!id) throw new Error('the demo data has no featured voucher');
  return id;
}

function gitCommit(): string {
  return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
}

const mark = (ok: boolean) => (ok ? '' : ' ✗');

export function toMarkdown(report: WebReport, before?: WebReport): string {
  const prior = (page: string) => before?.pages.find((p) => p.page === page);
  const rows = report.pages.map((p) => {
    const lh = p.lighthouse?.median;
    const b = prior(p.page);
    const bl = b?.lighthouse?.median;
    const cell = (now: string, then?: string) => (before ? `${then ?? '–'} → ${now}` : now);
    return `| ${p.page} (\`${p.path.replace(/[0-9a-f-]{36}/, '{id}')}\`) | ${cell(`${p.guest.jsGzipKib} KiB (${p.guest.js.length})${mark(p.guest.jsGzipKib <= report.budgetKib)}`, b && `${b.guest.jsGzipKib} KiB (${b.guest.js.length})`)} | ${cell(lh ? `${lh.performance}${mark(lh.performance >= TARGETS.performance)}` : '–', bl && String(bl.performance))} | ${cell(lh ? `${lh.accessibility}${mark(lh.accessibility >= TARGETS.accessibility)}` : '–', bl && String(bl.accessibility))} | ${cell(lh ? `${(lh.lcpMs / 1000).toFixed(2)} s${mark(lh.lcpMs <= TARGETS.lcpMs)}` : '–', bl && `${(bl.lcpMs / 1000).toFixed(2)} s`)} | ${cell(lh ? `${lh.tbtMs} ms${mark(lh.tbtMs <= TARGETS.tbtMs)}` : '–', bl && `${bl.tbtMs} ms`)} | ${cell(`${lh?.cls == null ? '–' : lh.cls.toFixed(3)} / ${p.shifts.cls.toFixed(3)}${mark(Math.max(lh?.cls ?? 0, p.shifts.cls) <= TARGETS.cls)}`, b && `${bl?.cls == null ? '–' : bl.cls.toFixed(3)} / ${b.shifts.cls.toFixed(3)}`)} |`;
  });
  const roleRows = report.roles.map(
    (r) =>
      `| ${r.role} | ${r.page} | ${r.jsGzipKib} KiB | ${r.chunks.join(', ')} | ${r.foreignAreas.length ? `**${r.foreignAreas.join(', ')}** ✗` : 'none'} |`,
  );
  const details = report.pages.map((p) => {
    const lh = p.lighthouse;
    const shifts = p.shifts.shifts.length
      ? p.shifts.shifts.map((s) => `${s.value} at ${s.at} ms (${s.sources.join(', ') || '?'})`).join('; ')
      : 'none';
    return [
      `- **${p.page}**: LCP element ${p.shifts.lcpElement} at ${p.shifts.lcpAt} ms (unthrottled); layout shifts: ${shifts}.`,
      lh
        ? `  Lighthouse runs (performance/accessibility/LCP/TBT): ${lh.all.map((r) => `${r.performance}/${r.accessibility}/${(r.lcpMs / 1000).toFixed(2)} s/${r.tbtMs} ms`).join(', ')}${lh.median.a11yFailures.length ? `; failed accessibility audits: ${lh.median.a11yFailures.join('; ')}` : ''}.`
        : '',
      `  Files: ${p.guest.js.map((a) => `${a.chunk} ${kib(a.gzip)}`).join(', ')} (JS KiB gzip); CSS ${p.guest.cssGzipKib} KiB.`,
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '## Web: first paint on mobile',
    '',
    `Measured by \`scripts/bench/web.ts\` (\`npm run bench:web\`) at commit ${report.commit} on ${report.measuredAt} in ${report.seconds} s${before ? `; before: commit ${before.commit}` : ''}.`,
    `A guest's first visit (fresh context, empty cache) of the production build (\`vite build\`, served by \`vite preview\` with the production CSP, local API and stand-ins, demo data). JS: every script until the network is idle, gzip level 6, KiB (files). Lighthouse 12.2 mobile defaults (simulated slow 4G, 4× CPU), median of ${report.pages[0]?.lighthouse?.runs ?? 0} runs. CLS: Lighthouse / PerformanceObserver on the same 412 px viewport. ✗ marks a miss of the target (JS ≤ ${report.budgetKib} KiB, performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}).`,
    '',
    '| page | JS first load | performance | accessibility | LCP | TBT | CLS (LH / observer) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '### Chunks per role (first visit)',
    '',
    '| role | page | JS gzip | chunks | another role’s chunks |',
    '|---|---|---|---|---|',
    ...roleRows,
    '',
    '### Details',
    '',
    ...details,
    '',
  ].join('\n');
}

// `npm run bench:web` (BENCH_WEB_DIST=<dir> measures another build; BENCH_WEB_RUNS=<n> Lighthouse runs per page;
// BENCH_WEB_BEFORE=<json> adds a before column; BENCH_WEB_KEEP=<dir> keeps every raw Lighthouse report there).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { json, markdown } = await measureWeb({
    dist: process.env.BENCH_WEB_DIST,
    build: process.env.BENCH_WEB_SKIP_BUILD !== '1',
    lighthouseRuns: process.env.BENCH_WEB_RUNS ? Number(process.env.BENCH_WEB_RUNS) : undefined,
    commit: process.env.BENCH_WEB_COMMIT,
    keepReports: process.env.BENCH_WEB_KEEP,
  });
  const out = process.env.BENCH_WEB_OUT ?? `${ROOT}reports/bench-web`;
  const before = process.env.BENCH_WEB_BEFORE
    ? (JSON.parse(await readFile(process.env.BENCH_WEB_BEFORE, 'utf8')) as WebReport)
    : undefined;
  await writeFile(`${out}.json`, `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(`${out}.md`, before ? toMarkdown(json, before) : markdown);
  console.log(before ? toMarkdown(json, before) : markdown);
  const guestOver = json.pages.some((p) => p.guest.jsGzipKib > JS_BUDGET_KIB);
  const foreign = json.roles.some((r) => r.foreignAreas.length > 0);
  if (guestOver || foreign) process.exitCode = 1;
}
