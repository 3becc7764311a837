import { parseArgs } from 'node:util';

/** What `npm run smoke -- --url <base>` runs with. */
export type SmokeOptions = {
  /** The stage's base address (https://<domain>), without a trailing slash. */
  base: URL;
  email: string;
  password: string;
  /** The base serves only the API (a local API gateway): skip the home page and its headers. */
  apiOnly: boolean;
  /** Put this voucher in the cart instead of one from the search results. */
  voucherId: string | undefined;
  /** Per request, in milliseconds. */
  timeoutMs: number;
};

export const USAGE = `Usage: npm run smoke -- --url <base> [--email <e-mail>] [--password <password>]
                         [--voucher <id>] [--api-only] [--timeout <ms>]

Checks a deployed stage over HTTP: home page and security headers, a catalogue search, the login of
a smoke account (a buyer), a voucher in the cart, an unconfirmed Stripe payment intent; then empties
the cart. Nothing is paid.

  --url <base>        the stage, e.g. https://gutscheinmarkt.example (the API is <base>/api/v1/)
  --email, --password the smoke account; default: env SMOKE_EMAIL, SMOKE_PASSWORD
  --voucher <id>      the voucher to put in the cart; default: env SMOKE_VOUCHER_ID, else the first
                      purchasable voucher of the search results
  --api-only          the base serves only the API (local API gateway): no home page, no header check
  --timeout <ms>      per request (default 20000)`;

export class UsageError extends Error {}

/** Flags win over the environment; a missing setting is a usage error, never a silent default. */
export function parseSmokeOptions(argv: readonly string[], env: NodeJS.ProcessEnv): SmokeOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        voucher: { type: 'string' },
        'api-only': { type: 'boolean', default: false },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');

  if (!values.url) throw new UsageError('--url <base> is missing');
  let base: URL;
  try {
    base = new URL(values.url);
  } catch {
    throw new UsageError(`--url is not an address: ${values.url}`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new UsageError(`--url must be http(s): ${values.url}`);
  base.pathname = base.pathname.replace(/\/+$/, '');
  base.search = '';
  base.hash = '';

  const email = values.email ?? env.SMOKE_EMAIL ?? '';
  const password = values.password ?? env.SMOKE_PASSWORD ?? '';
  if (!email) throw new UsageError('the smoke account is missing: --email or env SMOKE_EMAIL');
  if (!password) throw new UsageError('the smoke account is missing: --password or env SMOKE_PASSWORD');

  const timeoutMs = values.timeout === undefined ? 20_000 : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new UsageError(`--timeout must be milliseconds: ${values.timeout}`);

  return {
    base,
    email,
    password,
    apiOnly: values['api-only'],
    voucherId: values.voucher ?? (env.SMOKE_VOUCHER_ID || undefined),
    timeoutMs,
  };
}
