import { pathToFileURL } from 'node:url';
import { QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createAccountStatusRepository } from '../../functions/src/repositories/account-status-repository.ts';
import { createCompanyRepository } from '../../functions/src/repositories/company-repository.ts';
import { createProfileRepository } from '../../functions/src/repositories/profile-repository.ts';
import { queryAll } from '../../functions/src/repositories/query-all.ts';
import type { UserRecord } from '../../functions/src/repositories/user-repository.ts';
import { createVoucherRepository } from '../../functions/src/repositories/voucher-repository.ts';
import { sellerSummaryOf } from '../../functions/src/services/admin/user-status.ts';

/**
 * One-off migration (issue 11): vouchers and companies written before the activation was enforced
 * carry no `seller.is_activated` / `is_activated`, and the lists show them. This writes every seller's
 * real flag into its voucher summaries, catalogue entries and company (the same bounded rewrite as an
 * activation), so sellers that were never activated disappear from the public lists until an admin
 * activates them. Sellers come from GSI1 `ROLE#seller` (no Scan). Idempotent; `--dry-run` only lists
 * the sellers that would be hidden, so the operator can activate the legitimate ones first.
 *
 *   npx tsx scripts/migrate/backfill-seller-activation.ts [--dry-run]
 */
export type ActivationBackfill = { sellers: number; hidden: string[]; vouchers: number };

export async function backfillSellerActivation(
  db: DynamoDBDocumentClient,
  tableName: string,
  options: { dryRun: boolean; /** Tests: only these sellers. */ only?: readonly string[] },
): Promise<ActivationBackfill> {
  const vouchers = createVoucherRepository(db, tableName);
  const companies = createCompanyRepository(db, tableName);
  const profiles = createProfileRepository(db, tableName);
  const activations = createAccountStatusRepository(db, tableName);
  const all = (await queryAll(
    db,
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'ROLE#seller' },
    }),
  )) as unknown as UserRecord[];
  const sellers = options.only ? all.filter((seller) => options.only?.includes(seller.id)) : all;
  const result: ActivationBackfill = { sellers: sellers.length, hidden: [], vouchers: 0 };
  for (const seller of sellers) {
    if (seller.is_activated === false) result.hidden.push(`${seller.id} (${seller.username})`);
    const own = await vouchers.listBySeller(seller.id);
    result.vouchers += own.length;
    if (options.dryRun) continue;
    const company = await companies.getBySeller(seller.id);
    if (company) await activations.mirrorOnCompany(seller.id, seller.is_activated !== false);
    await profiles.refreshSellerSummary(own, sellerSummaryOf(seller, company));
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dryRun = process.argv.includes('--dry-run');
  backfillSellerActivation(documentClient(), env().TABLE_NAME, { dryRun })
    .then((result) => {
      console.log(
        `${dryRun ? 'Dry run: would rewrite' : 'Rewrote'} ${result.vouchers} vouchers of ${result.sellers} sellers`,
      );
      console.log(`Not activated (hidden from the lists until an admin activates them): ${result.hidden.length}`);
      for (const seller of result.hidden) console.log(`  ${seller}`);
    })
    .catch((error: unknown) => {
      console.error('Back-fill failed:', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
