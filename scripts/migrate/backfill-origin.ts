import { pathToFileURL } from 'node:url';
import { ScanCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ORIGIN, type Origin } from '@gm/shared/admin/users';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { isConditionalCheckFailed } from '../../functions/src/repositories/transaction-errors.ts';

/**
 * One-off migration (issue 11): writes `origin` on every user profile that has none. The only place
 * a Scan of the table is allowed: it runs once, by hand, outside any request.
 *
 * What an old profile gets:
 * - linked to a social identity (`UNIQUE#IDENTITY#<provider>#…` item naming the user) → the provider;
 * - buyer → `register`; seller → `partner_registration` if `is_partner`, else `seller_registration`;
 *   scanner → `seller` (made by its seller); admin → `admin`.
 *
 * Idempotent: each update is conditioned on `origin` still being absent or null, so a second run (or a
 * profile written meanwhile with its origin) changes nothing. `--dry-run` counts without writing.
 *
 *   npx tsx scripts/migrate/backfill-origin.ts [--dry-run]   (TABLE_NAME and AWS settings from the environment)
 */
export type BackfillCounts = {
  /** User profiles read. */
  profiles: number;
  /** Profiles that already had an origin. */
  alreadySet: number;
  /** Profiles written (or, in a dry run, that would be). */
  updated: number;
  /** Profiles that got an origin meanwhile (the condition failed): left as they are. */
  skipped: number;
  /** Written (or would-be) per origin value. */
  byOrigin: Record<string, number>;
};

type ProfileItem = {
  PK: string;
  SK: string;
  id: string;
  role?: string;
  is_partner?: boolean;
  origin?: string | null;
};

export function originFor(profile: ProfileItem, provider: string | undefined): Origin {
  if (provider) return provider.toLowerCase();
  switch (profile.role) {
    case 'seller':
      return profile.is_partner ? ORIGIN.partnerRegistration : ORIGIN.sellerRegistration;
    case 'scanner':
      return ORIGIN.seller;
    case 'admin':
      return ORIGIN.admin;
    default:
      return ORIGIN.register;
  }
}

export async function backfillOrigin(
  db: DynamoDBDocumentClient,
  tableName: string,
  options: { dryRun: boolean },
): Promise<BackfillCounts> {
  const profiles: ProfileItem[] = [];
  /** user id → the provider of its (first seen) social identity. */
  const providers = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '(SK = :profile AND entity = :user) OR begins_with(PK, :identity)',
        ExpressionAttributeValues: { ':profile': 'PROFILE', ':user': 'User', ':identity': 'UNIQUE#IDENTITY#' },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      if (item.SK === 'PROFILE') profiles.push(item as ProfileItem);
      else if (typeof item.user_id === 'string') {
        // UNIQUE#IDENTITY#<provider>#<subject>: the provider has no '#' (Cognito provider names).
        const provider = String(item.PK).split('#')[2];
        if (provider && !providers.has(item.user_id)) providers.set(item.user_id, provider);
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  const counts: BackfillCounts = { profiles: profiles.length, alreadySet: 0, updated: 0, skipped: 0, byOrigin: {} };
  for (const profile of profiles) {
    if (profile.origin) {
      counts.alreadySet++;
      continue;
    }
    const origin = originFor(profile, providers.get(profile.id));
    if (!options.dryRun) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { PK: profile.PK, SK: profile.SK },
            UpdateExpression: 'SET origin = :origin',
            ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(origin) OR origin = :null)',
            ExpressionAttributeValues: { ':origin': origin, ':null': null },
          }),
        );
      } catch (error) {
        if (!isConditionalCheckFailed(error)) throw error;
        counts.skipped++;
        continue;
      }
    }
    counts.updated++;
    counts.byOrigin[origin] = (counts.byOrigin[origin] ?? 0) + 1;
  }
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dryRun = process.argv.includes('--dry-run');
  backfillOrigin(documentClient(), env().TABLE_NAME, { dryRun })
    .then((counts) => {
      console.log(
        `${dryRun ? 'Dry run: would write' : 'Wrote'} origin on ${counts.updated} of ${counts.profiles} profiles`,
      );
      console.log(`  already set: ${counts.alreadySet}, changed meanwhile (skipped): ${counts.skipped}`);
      for (const [origin, n] of Object.entries(counts.byOrigin)) console.log(`  ${origin.padEnd(22)} ${n}`);
    })
    .catch((error: unknown) => {
      console.error('Back-fill failed:', error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
}
