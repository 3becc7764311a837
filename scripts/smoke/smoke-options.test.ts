import { describe, expect, it } from 'vitest';
import { parseSmokeOptions, UsageError } from './smoke-options.ts';

const ACCOUNT = { SMOKE_EMAIL: 'smoke@example.com', SMOKE_PASSWORD: 'Secret123!' };

describe('parseSmokeOptions', () => {
  it('takes the deploy workflow call: --url plus the account from SMOKE_EMAIL / SMOKE_PASSWORD', () => {
    const options = parseSmokeOptions(['--url', 'https://gutscheinmarkt.example/'], ACCOUNT);
    expect(options).toMatchObject({
      email: 'smoke@example.com',
      password: 'Secret123!',
      apiOnly: false,
      voucherId: undefined,
      timeoutMs: 20_000,
    });
    expect(options.base.href).toBe('https://gutscheinmarkt.example/');
  });

  it('lets flags win over the environment', () => {
    const options = parseSmokeOptions(
      [
        '--url=http://127.0.0.1:3000',
        '--email',
        'other@example.com',
        '--password',
        'pw',
        '--voucher',
        'v1',
        '--api-only',
        '--timeout',
        '5000',
      ],
      { ...ACCOUNT, SMOKE_VOUCHER_ID: 'v-env' },
    );
    expect(options).toMatchObject({
      email: 'other@example.com',
      password: 'pw',
      voucherId: 'v1',
      apiOnly: true,
      timeoutMs: 5000,
    });
    expect(parseSmokeOptions(['--url', 'http://x.test'], { ...ACCOUNT, SMOKE_VOUCHER_ID: 'v-env' }).voucherId).toBe(
      'v-env',
    );
  });

  it.each([
    [[], ACCOUNT, '--url <base> is missing'],
    [['--url', 'gutscheinmarkt.example'], ACCOUNT, '--url is not an address: gutscheinmarkt.example'],
    [['--url', 'ftp://x.test'], ACCOUNT, '--url must be http(s): ftp://x.test'],
    [['--url', 'https://x.test'], {}, 'the smoke account is missing: --email or env SMOKE_EMAIL'],
    [
      ['--url', 'https://x.test'],
      { SMOKE_EMAIL: 'a@b.test' },
      'the smoke account is missing: --password or env SMOKE_PASSWORD',
    ],
    [['--url', 'https://x.test', '--timeout', 'soon'], ACCOUNT, '--timeout must be milliseconds: soon'],
    [['--url', 'https://x.test', '--verbose'], ACCOUNT, "Unknown option '--verbose'"],
  ])('refuses %j', (argv, env, message) => {
    expect(() => parseSmokeOptions(argv, env)).toThrow(UsageError);
    expect(() => parseSmokeOptions(argv, env)).toThrow(message);
  });
});
