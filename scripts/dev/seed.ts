import { pathToFileURL } from 'node:url';
import { createCognitoIdentity, type Identity } from '../../functions/src/adapters/cognito-identity.ts';
import { createS3MediaStorage } from '../../functions/src/adapters/media-storage.ts';
import { cognitoClient, documentClient, s3Client } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createCategoryRepository } from '../../functions/src/repositories/category-repository.ts';
import { createCompanyRepository } from '../../functions/src/repositories/company-repository.ts';
import { createCouponRepository } from '../../functions/src/repositories/coupon-repository.ts';
import { createPayoutAccountRepository } from '../../functions/src/repositories/payout-account-repository.ts';
import { isConditionalCheckFailed } from '../../functions/src/repositories/transaction-errors.ts';
import { createSettingsRepository } from '../../functions/src/repositories/settings-repository.ts';
import { createTemplateRepository } from '../../functions/src/repositories/template-repository.ts';
import {
  createUserRepository,
  type UserRecord,
  type UserRepository,
} from '../../functions/src/repositories/user-repository.ts';
import { createVoucherRepository } from '../../functions/src/repositories/voucher-repository.ts';
import { createUserVoucherRepository } from '../../functions/src/repositories/user-voucher-repository.ts';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEMO_SALES_PAUSE,
  DEMO_GLOBAL_SETTINGS,
  DEMO_PASSWORD,
  buildCategories,
  buildCoupons,
  buildPayoutAccounts,
  buildCompanies,
  buildTemplates,
  buildUsers,
  buildVouchers,
  buildWalletVouchers,
  demoMediaFiles,
} from './demo-data.ts';
import { readDemoImage } from './demo-images.ts';

export type DemoLogin = { email: string; password: string; role: string };

/** Runs `task` over `items`, at most `limit` at a time. */
async function inBatches<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += limit) {
    await Promise.all(items.slice(i, i + limit).map(task));
  }
}

/**
 * The profile first (its uniqueness transaction), then the Cognito account. Both steps tolerate a
 * previous run: the stable ids make a second seed on the same database a no-op for accounts.
 */
async function ensureAccount(users: UserRepository, identity: Identity, user: UserRecord): Promise<void> {
  const existing = await users.get(user.id);
  if (!existing) {
    const owner = await users.ownerOf('email', user.email);
    if (owner)
      throw new Error(
        `${user.email} already belongs to user ${owner}, not the demo user ${user.id}: reset the database first`,
      );
    await users.create(user);
  }
  try {
    await identity.createAccount({ userId: user.id, email: user.email, password: DEMO_PASSWORD, role: user.role });
  } catch (error) {
    if ((error as Error).name !== 'UsernameExistsException') throw error;
    await identity.setPassword(user.email, DEMO_PASSWORD);
  }
}

/**
 * Fills an empty local database with the demo marketplace (scripts/dev/demo-data.ts): images to
 * the media bucket, categories, accounts with companies, and the vouchers with their catalogue entries.
 */
export async function seedDemoData(): Promise<{ logins: DemoLogin[] }> {
  const e = env();
  const db = documentClient();
  const users = createUserRepository(db, e.TABLE_NAME);
  const companies = createCompanyRepository(db, e.TABLE_NAME);
  const categories = createCategoryRepository(db, e.TABLE_NAME);
  const vouchers = createVoucherRepository(db, e.TABLE_NAME);
  const settings = createSettingsRepository(db, e.TABLE_NAME);
  const coupons = createCouponRepository(db, e.TABLE_NAME);
  const payoutAccounts = createPayoutAccountRepository(db, e.TABLE_NAME);
  const templates = createTemplateRepository(db, e.TABLE_NAME);
  const identity = createCognitoIdentity(cognitoClient(), e.COGNITO_USER_POOL_ID, e.COGNITO_CLIENT_ID);
  const media = createS3MediaStorage(s3Client(), e.MEDIA_BUCKET);
  const now = new Date();

  const urls = new Map<string, string>();
  await inBatches(demoMediaFiles(), 10, async (file) => {
    urls.set(file.key, await media.put(file.key, await readDemoImage(file.key), file.contentType));
  });
  const urlOf = (key: string) => {
    const url = urls.get(key);
    if (!url) throw new Error(`demo image ${key} was not uploaded`);
    return url;
  };

  const tree = buildCategories(urlOf);
  const accounts = buildUsers(now);
  const voucherList = buildVouchers(now, urlOf);

  // cognito-local adds group members by read-modify-write: accounts one at a time, tables meanwhile.
  const accountsDone = (async () => {
    for (const user of accounts) await ensureAccount(users, identity, user);
  })();
  await Promise.all([
    accountsDone,
    categories.putMany(tree.categories, tree.subcategories),
    inBatches(buildCompanies(now, urlOf), 6, (company) => companies.put(company)),
    inBatches(voucherList, 8, (voucher) => vouchers.put(voucher)),
    settings.putGlobal(DEMO_GLOBAL_SETTINGS, now.toISOString()),
    settings.putSalesPause(DEMO_SALES_PAUSE, now.toISOString()),
    inBatches(buildCoupons(now), 3, (coupon) => coupons.put(coupon)),
    inBatches(buildTemplates(now, urlOf), 4, (template) => templates.put(template)),
    // Written once: a reseed keeps a payout account that has been connected to Stripe meanwhile.
    inBatches(buildPayoutAccounts(now), 6, async (account) => {
      const { Put } = payoutAccounts.createPart(account);
      await db.send(new PutCommand(Put!)).catch((error: unknown) => {
        if (!isConditionalCheckFailed(error)) throw error;
      });
    }),
  ]);

  // The demo buyer's wallet (issue 5): issued with the sale's repository parts; kept when already there.
  const userVouchers = createUserVoucherRepository(db, e.TABLE_NAME);
  await inBatches(buildWalletVouchers(now, voucherList, e.APP_URL), 3, async (record) => {
    if (await userVouchers.get(record.id)) return;
    await db.send(new TransactWriteCommand({ TransactItems: userVouchers.issueParts(record) }));
  });

  return { logins: accounts.map((u) => ({ email: u.email, password: DEMO_PASSWORD, role: u.role })) };
}

/** `npm run seed` beside a running `npm start`: without an environment, the dev stack's fixed ports. */
async function useLocalStackEnv(): Promise<void> {
  if (process.env.TABLE_NAME) return;
  const { localEnv, resolvePorts } = await import('./local-cloud.ts');
  Object.assign(process.env, localEnv(await resolvePorts('fixed')));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  useLocalStackEnv()
    .then(seedDemoData)
    .then(({ logins }) => {
      console.log(
        `Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s. Logins (password ${DEMO_PASSWORD}):`,
      );
      for (const login of logins) console.log(`  ${login.role.padEnd(8)} ${login.email}`);
    })
    .catch((error: unknown) => {
      console.error('Seeding failed:', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
