import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CREATE,
  MAIL,
  MEDIA_WRITE,
  QUERY_GSI1,
  RATE_LIMIT,
  TABLE_READ,
  TABLE_WRITE,
  UPLOADS,
  grantsOf,
  type Uses,
} from '../../functions/src/capabilities.ts';
import { routes } from '../../functions/src/routes.ts';
import { granted, needsOf } from './capability-guard.ts';

const env = { MEDIA_BUCKET: 'media-b', PRIVATE_BUCKET: 'private-b' };
const allowed = (uses: Parameters<typeof grantsOf>[0], call: Parameters<typeof needsOf>[0]) =>
  needsOf(call, env).every((need) => granted(need, grantsOf(uses)));

describe('capability guard', () => {
  it('lets reads through a read declaration and refuses writes, transactions and other indexes', () => {
    const read = [TABLE_READ, QUERY_GSI1];
    expect(
      allowed(read, { service: 'dynamodb', command: 'GetItemCommand', input: { Key: { PK: { S: 'USER#1' } } } }),
    ).toBe(true);
    expect(allowed(read, { service: 'dynamodb', command: 'QueryCommand', input: { IndexName: 'GSI1' } })).toBe(true);
    expect(allowed(read, { service: 'dynamodb', command: 'QueryCommand', input: { IndexName: 'GSI2' } })).toBe(false);
    expect(allowed(read, { service: 'dynamodb', command: 'PutItemCommand', input: {} })).toBe(false);
    expect(
      allowed(read, {
        service: 'dynamodb',
        command: 'TransactWriteItemsCommand',
        input: { TransactItems: [{ Put: {} }] },
      }),
    ).toBe(false);
    expect(
      allowed([TABLE_READ, TABLE_WRITE], {
        service: 'dynamodb',
        command: 'TransactWriteItemsCommand',
        input: { TransactItems: [{ Put: {} }, { ConditionCheck: {} }] },
      }),
    ).toBe(true);
    expect(allowed([TABLE_READ, TABLE_WRITE], { service: 'dynamodb', command: 'ScanCommand', input: {} })).toBe(false);
  });

  it('lets the rate-limit capability update RATE# items only', () => {
    const update = (pk: string) => ({
      service: 'dynamodb' as const,
      command: 'UpdateItemCommand',
      input: { Key: { PK: { S: pk }, SK: { S: '1' } } },
    });
    expect(allowed([TABLE_READ, RATE_LIMIT], update('RATE#login-ip#1.2.3.4'))).toBe(true);
    expect(allowed([TABLE_READ, RATE_LIMIT], update('USER#1'))).toBe(false);
    expect(
      allowed([RATE_LIMIT], {
        service: 'dynamodb',
        command: 'PutItemCommand',
        input: { Item: { PK: { S: 'RATE#x' } } },
      }),
    ).toBe(false);
  });

  it('checks bucket and key prefix, a copy on both sides', () => {
    const put = {
      service: 's3' as const,
      command: 'PutObjectCommand',
      input: { Bucket: 'private-b', Key: 'uploads/x' },
    };
    expect(allowed([UPLOADS], put)).toBe(true);
    expect(allowed([UPLOADS], { ...put, input: { Bucket: 'private-b', Key: 'verification/u/x' } })).toBe(false);
    expect(allowed([MEDIA_WRITE], put)).toBe(false);
    const copy = {
      service: 's3' as const,
      command: 'CopyObjectCommand',
      input: { Bucket: 'media-b', Key: 'media/a.png', CopySource: 'private-b/uploads/a' },
    };
    expect(allowed([UPLOADS, MEDIA_WRITE], copy)).toBe(true);
    expect(allowed([MEDIA_WRITE], copy)).toBe(false);
  });

  it('refuses Cognito admin calls and mail without the capability; token calls need none', () => {
    const create = { service: 'cognito' as const, command: 'AdminCreateUserCommand', input: {} };
    expect(allowed([TABLE_READ], create)).toBe(false);
    expect(allowed([ACCOUNT_CREATE], create)).toBe(true);
    expect(allowed([], { service: 'cognito', command: 'InitiateAuthCommand', input: {} })).toBe(true);
    // Mail is a job on the mail queue: MAIL allows sending to it, and no route may talk to SES itself.
    expect(allowed([], { service: 'sqs', command: 'SendMessageCommand', input: {} })).toBe(false);
    expect(allowed([MAIL], { service: 'sqs', command: 'SendMessageCommand', input: {} })).toBe(true);
    expect(allowed([MAIL], { service: 'ses', command: 'SendEmailCommand', input: {} })).toBe(false);
  });
});

describe('route declarations', () => {
  it('declare mail, Stripe keys and the newsletter secret exactly where the handler resolves the provider', async () => {
    const { readFileSync } = await import('node:fs');
    const rules = [
      { provider: /\b(mailQueue|completionProviders)\b/, capability: 'mail' },
      { provider: /\b(payments|completionProviders|payoutRunProviders)\b/, capability: 'stripe keys' },
      { provider: /\bnewsletterSecrets\b/, capability: 'newsletter secret' },
    ];
    for (const route of routes) {
      const source = readFileSync(new URL(`../../functions/src/handlers/${route.handler}.ts`, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/import \{([^}]*)\} from '[./]*lib\/deps(?:\/[a-z-]+)?\.ts'/g)]
        .map((m) => m[1])
        .join(',');
      for (const rule of rules) {
        const declared = route.uses.some((c) => c.name === rule.capability);
        expect(declared, `${route.method} ${route.path}: ${rule.capability}`).toBe(rule.provider.test(imports));
      }
      // Providers whose every use needs the capability; and capabilities no provider of the handler could use.
      const needs: [RegExp, string][] = [
        [/\baccountStatus\b/, 'account status'],
        [/\bexportFiles\b/, 'exports'],
        [/\b(uploads|voucherFormProviders)\b/, 'uploads'],
        [/\bprivateFileReader\b/, 'seller invoices read'],
        [/\b(mediaReader|completionProviders)\b/, 'media read'],
      ];
      for (const [provider, capability] of needs) {
        if (provider.test(imports))
          expect(
            route.uses.some((c) => c.name === capability),
            `${route.method} ${route.path}: ${capability}`,
          ).toBe(true);
      }
      if ((route.uses as Uses).some((c) => c.cognito))
        expect(imports, `${route.method} ${route.path}: Cognito without identity provider`).toMatch(
          /\b(identity|accountStatus)\b/,
        );
      // MAIL's object grant is the mail queue's claim check (large job bodies), used through `mailQueue`.
      if ((route.uses as Uses).some((c) => c.objects && !c.mail))
        expect(imports, `${route.method} ${route.path}: objects without a storage provider`).toMatch(
          /\b(media|mediaReader|uploads|documents|exportFiles|privateFileReader|completionProviders|payoutRunProviders|voucherFormProviders|catalogue)\b/,
        );
      if (/\brateLimiter\b/.test(imports)) {
        const counts = route.uses.some((c) => c.name === 'rate limit counters' || c.name === 'table write');
        expect(counts, `${route.method} ${route.path}: rate limit counters`).toBe(true);
      }
    }
  });
});
