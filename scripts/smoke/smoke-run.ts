import { authResponseSchema, roleOfUser } from '@gm/shared/auth/contracts';
import { voucherSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { voucherSearchPageSchema } from '@gm/shared/catalogue/search-contracts';
import { paymentIntentResponseSchema, STRIPE_MIN_CHARGE } from '@gm/shared/orders/checkout-extras';
import {
  orderLineResponseSchema,
  orderListSchema,
  paymentResponseSchema,
  removeCartLineResponseSchema,
  type OrderLine,
} from '@gm/shared/orders/contracts';
import { createSmokeClient, StepFailure, type Answer, type SmokeClient } from './smoke-client.ts';
import type { SmokeOptions } from './smoke-options.ts';
import { cachingProblems, moduleScripts, securityHeaderProblems, securityHeaderSummary } from './web-checks.ts';

export const STEPS = {
  home: 'home page',
  headers: 'security headers',
  caching: 'caching',
  search: 'catalogue search',
  login: 'login',
  cart: 'cart',
  payment: 'payment intent',
  cleanup: 'cleanup',
} as const;
export type StepName = (typeof STEPS)[keyof typeof STEPS];

export type StepResult = { step: StepName; outcome: 'ok' | 'failed' | 'skipped'; ms: number; detail: string };
export type SmokeResult = { ok: boolean; steps: StepResult[]; failed: StepResult | undefined };

/** How long the cart may take to show a change: carts are read from an eventually consistent index. */
const CART_SETTLE_MS = 10_000;
/** Search results tried for the cart before giving up (a voucher of a deactivated seller is refused). */
const CANDIDATES = 5;

type Context = {
  client: SmokeClient;
  home?: Answer;
  entryScript?: Answer;
  searchResults: string[];
  token?: string;
  line?: OrderLine;
};

/**
 * The smoke test of a stage, step by step; `report` gets each step as it ends. Stops at the first
 * failure, but always empties the cart again once it may hold the smoke test's line. Never confirms a
 * payment: the payment intent is created unconfirmed (Stripe's client_secret flow) and left so.
 */
export async function runSmoke(options: SmokeOptions, report: (result: StepResult) => void): Promise<SmokeResult> {
  const ctx: Context = { client: createSmokeClient(options.base, options.timeoutMs), searchResults: [] };
  const steps: StepResult[] = [];
  let failed: StepResult | undefined;
  const run = async (step: StepName, body: () => Promise<string>): Promise<void> => {
    const started = performance.now();
    let result: StepResult;
    try {
      const detail = await body();
      result = { step, outcome: 'ok', ms: elapsed(started), detail };
    } catch (error) {
      const detail = error instanceof StepFailure ? error.message : `unexpected: ${String(error)}`;
      result = { step, outcome: 'failed', ms: elapsed(started), detail };
    }
    steps.push(result);
    report(result);
    if (result.outcome === 'failed') failed ??= result;
  };
  const skip = (step: StepName, detail: string) => {
    const result: StepResult = { step, outcome: 'skipped', ms: 0, detail };
    steps.push(result);
    report(result);
  };

  if (options.apiOnly) {
    skip(STEPS.home, '--api-only');
    skip(STEPS.headers, '--api-only');
    skip(STEPS.caching, '--api-only');
  } else {
    await run(STEPS.home, () => homePage(ctx));
    if (!failed) await run(STEPS.headers, async () => securityHeaders(ctx, options));
    // Local servers (vite preview) do not send the release's cache headers: checked on a deployed (https) stage.
    if (!failed && options.base.protocol !== 'https:') skip(STEPS.caching, 'http: checked on https stages only');
    else if (!failed) await run(STEPS.caching, async () => caching(ctx));
  }
  if (!failed) await run(STEPS.search, () => search(ctx));
  if (!failed) await run(STEPS.login, () => login(ctx, options));
  const cartTouched = !failed;
  if (cartTouched) await run(STEPS.cart, () => putVoucherInCart(ctx, options));
  if (!failed) await run(STEPS.payment, () => paymentIntent(ctx));
  if (cartTouched) await run(STEPS.cleanup, () => emptyCart(ctx));
  return { ok: !failed, steps, failed };
}

const elapsed = (started: number) => Math.round(performance.now() - started);

/** index.html from the base, its entry script, and a deep link answered with the same page (SPA fallback). */
async function homePage(ctx: Context): Promise<string> {
  const home = await ctx.client.get('/');
  if (home.status !== 200) throw new StepFailure(`GET /: ${home.status}`);
  if (!home.headers.get('content-type')?.includes('text/html'))
    throw new StepFailure(`GET /: content-type ${home.headers.get('content-type') ?? '(none)'}, not text/html`);
  if (!home.text.includes('id="root"'))
    throw new StepFailure('GET /: the page has no <div id="root"> (not the web app)');
  // The app's bundle is the last module script: the first-screen boot (web/vite-first-screen.ts) runs before it.
  const entry = moduleScripts(home.text).at(-1);
  if (!entry) throw new StepFailure('GET /: no <script type="module" src=…> in the page');
  const script = await ctx.client.get(new URL(entry, home.url).href, '*/*');
  const type = script.headers.get('content-type') ?? '';
  if (script.status !== 200) throw new StepFailure(`GET ${entry}: ${script.status}`);
  if (!/javascript/i.test(type))
    throw new StepFailure(`GET ${entry}: content-type ${type || '(none)'}, not JavaScript`);
  if (script.text.length === 0) throw new StepFailure(`GET ${entry}: empty`);
  const deepLink = await ctx.client.get('/vouchers/search');
  if (deepLink.status !== 200 || !deepLink.text.includes(entry))
    throw new StepFailure(`GET /vouchers/search: ${deepLink.status}, not the app's index.html (SPA fallback)`);
  ctx.home = home;
  ctx.entryScript = script;
  return `index.html 200, ${entry} 200 (${Math.round(script.text.length / 1024)} KB), /vouchers/search 200`;
}

function securityHeaders(ctx: Context, options: SmokeOptions): string {
  const headers = ctx.home!.headers;
  const problems = securityHeaderProblems(headers, options.base.protocol === 'https:');
  if (problems.length > 0) throw new StepFailure(`GET /: ${problems.join('; ')}`);
  return securityHeaderSummary(headers);
}

function caching(ctx: Context): string {
  const problems = cachingProblems(ctx.home!.headers, ctx.entryScript!.headers);
  if (problems.length > 0) throw new StepFailure(problems.join('; '));
  return `index.html ${ctx.home!.headers.get('cache-control')}, assets ${ctx.entryScript!.headers.get('cache-control')}`;
}

/** POST voucher/search as the search page sends it (search-state.ts: nine a page). */
async function search(ctx: Context): Promise<string> {
  const page = await ctx.client.api('POST', 'voucher/search', {
    schema: voucherSearchPageSchema,
    body: { page: 1, paginate: 9 },
  });
  ctx.searchResults = page.data.filter((card) => !card.price_hidden).map((card) => card.id);
  return `${page.total} vouchers, ${page.data.length} on page 1`;
}

async function login(ctx: Context, options: SmokeOptions): Promise<string> {
  const answer = await ctx.client.api('POST', 'auth/login', {
    schema: authResponseSchema,
    body: { email: options.email, password: options.password },
  });
  const role = roleOfUser(answer.user);
  if (role !== 'user')
    throw new StepFailure(`${options.email} is a ${role}: the smoke account must be a buyer (role user)`);
  ctx.token = answer.token;
  return `${options.email} (buyer)`;
}

/**
 * Empties what an earlier run may have left, then puts one voucher in the cart (the smallest amount
 * the voucher allows) and waits until the cart lists it.
 */
async function putVoucherInCart(ctx: Context, options: SmokeOptions): Promise<string> {
  const leftovers = await cartLines(ctx);
  for (const line of leftovers) await removeLine(ctx, line.id);
  if (leftovers.length > 0) await waitForCart(ctx, (lines) => lines.length === 0, 'the cart to be empty');

  const candidates = options.voucherId ? [options.voucherId] : ctx.searchResults.slice(0, CANDIDATES);
  if (candidates.length === 0)
    throw new StepFailure('the search found no voucher with a price: nothing to put in the cart');
  const refusals: string[] = [];
  for (const id of candidates) {
    try {
      const voucher = await ctx.client.api('GET', `voucher/${encodeURIComponent(id)}`, { schema: voucherSchema });
      const amount = smallestAmount(voucher);
      if (amount.cents < STRIPE_MIN_CHARGE)
        throw new StepFailure(`costs ${euro(amount.cents)}, below Stripe's minimum`);
      const { data: line } = await ctx.client.api('POST', 'order', {
        schema: orderLineResponseSchema,
        expect: [201],
        token: ctx.token,
        body: { voucher_id: voucher.id, ...amount.request },
      });
      ctx.line = line;
      await waitForCart(ctx, (lines) => lines.some((l) => l.id === line.id), 'the new line to be listed');
      const leftoverNote = leftovers.length > 0 ? `, ${leftovers.length} old line(s) removed first` : '';
      return `"${voucher.title}" ${line.qty}× ${euro(line.total_amount)}, line ${line.id}${leftoverNote}`;
    } catch (error) {
      // A line that was written but is not listed must still be removed: stop here, cleanup follows.
      if (ctx.line || !(error instanceof StepFailure)) throw error;
      refusals.push(`${id}: ${error.message}`);
    }
  }
  throw new StepFailure(`no voucher could be put in the cart: ${refusals.join(' | ')}`);
}

/** The least the voucher may be bought for, as the add-to-cart body and in cents. */
function smallestAmount(voucher: Voucher): { request: { qty: number } | { value: number }; cents: number } {
  if (voucher.type === 'quantity') {
    const qty = voucher.qty_min ?? 1;
    return { request: { qty }, cents: qty * (voucher.qty_val ?? 0) };
  }
  // 5 € unless the voucher's own range says otherwise.
  const wanted = Math.max(voucher.val_min ?? 500, 500);
  const value = voucher.val_max === null ? wanted : Math.min(wanted, voucher.val_max);
  return { request: { value }, cents: value };
}

/**
 * POST order/payment/paymentintent: the server prices the cart and creates an unconfirmed card
 * PaymentIntent (status requires_payment_method; Stripe.js would confirm it). Then GET the payment
 * to see that nothing was completed.
 */
async function paymentIntent(ctx: Context): Promise<string> {
  const line = ctx.line!;
  const { data: intent } = await ctx.client.api('POST', 'order/payment/paymentintent', {
    schema: paymentIntentResponseSchema,
    expect: [200, 201],
    token: ctx.token,
    body: { amount: line.total_amount },
  });
  const intentId = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(intent.client_secret)?.[1];
  if (!intentId)
    throw new StepFailure(`client_secret is not a Stripe PaymentIntent secret: ${intent.client_secret.slice(0, 24)}…`);
  if (intent.amount !== line.total_amount || intent.amount_changed)
    throw new StepFailure(`priced ${euro(intent.amount)}, the cart line costs ${euro(line.total_amount)}`);
  const { data: payment } = await ctx.client.api('GET', `order/payment/${encodeURIComponent(intent.payment_id)}`, {
    schema: paymentResponseSchema,
    token: ctx.token,
  });
  if (payment.completed || payment.status === 'succeeded')
    throw new StepFailure(`payment ${payment.payment_id} is ${payment.status}: it must stay unconfirmed`);
  return `${intentId} for ${euro(intent.amount)}, payment ${payment.payment_id} not confirmed`;
}

/** Removes the smoke test's line and whatever else the (dedicated) account's cart holds, then waits until it is empty. */
async function emptyCart(ctx: Context): Promise<string> {
  const listed = await cartLines(ctx);
  const ids = new Set(listed.map((line) => line.id));
  // Just added, the line may not be listed yet (eventually consistent index).
  if (ctx.line) ids.add(ctx.line.id);
  if (ids.size === 0) return 'cart empty, nothing to remove';
  for (const id of ids) await removeLine(ctx, id);
  await waitForCart(ctx, (lines) => lines.length === 0, 'the cart to be empty');
  return `cart empty (${ids.size} line${ids.size === 1 ? '' : 's'} removed)`;
}

async function cartLines(ctx: Context): Promise<OrderLine[]> {
  const page = await ctx.client.api('GET', 'order?status=pending&page=1&paginate=100', {
    schema: orderListSchema,
    token: ctx.token,
  });
  return page.data;
}

async function removeLine(ctx: Context, id: string): Promise<void> {
  await ctx.client.api('DELETE', `order/${encodeURIComponent(id)}`, {
    schema: removeCartLineResponseSchema,
    token: ctx.token,
  });
}

async function waitForCart(ctx: Context, done: (lines: OrderLine[]) => boolean, what: string): Promise<OrderLine[]> {
  const deadline = Date.now() + CART_SETTLE_MS;
  for (;;) {
    const lines = await cartLines(ctx);
    if (done(lines)) return lines;
    if (Date.now() >= deadline)
      throw new StepFailure(`waited ${CART_SETTLE_MS / 1000} s for ${what}; the cart lists ${lines.length} line(s)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
