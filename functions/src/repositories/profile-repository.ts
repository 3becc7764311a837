import {
  TransactWriteCommand,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { companyKeys } from './company-repository.ts';
import { payoutAccountKeys } from './payout-account-repository.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { userKeys } from './user-repository.ts';
import { verificationKeys } from './verification-repository.ts';
import { searchTextOf, voucherKeys } from './voucher-repository.ts';

/**
 * Profile edits (`POST user/{id}`, docs/data-model.md §4.1 "Change e-mail …"): the profile, its
 * uniqueness items, the seller's company, payout account and verification change in ONE transaction.
 * The profile is conditioned on `version` (optimistic lock); an e-mail change swaps the `UNIQUE#EMAIL#`
 * items (old: held by this user; new: must not exist); documents only while not verified.
 */

/** Why a profile save was refused; nothing was written. */
export class ProfileWriteRefused extends Error {
  constructor(readonly reason: 'version' | 'email-taken' | 'verified') {
    super(`profile write refused: ${reason}`);
    this.name = 'ProfileWriteRefused';
  }
}

export type CompanyProfileFields = {
  name: string;
  description: string | null;
  url: string | null;
  vat_number: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  region_id: number;
  /** undefined keeps the stored image. */
  logo?: string;
  header_logo?: string;
};

export type VerificationProfileFields = {
  first_name: string;
  last_name: string;
  bday: string;
  id_front_key: string;
  id_back_key: string;
  id_additional_key: string | null;
};

export type ProfileSave = {
  userId: string;
  /** The version the client edited; 0 = a profile never edited (no `version` attribute yet). */
  expectedVersion: number;
  /** Profile attributes to SET (never keys, `version`, `username`). */
  profile: Record<string, unknown>;
  emailChange?: { from: string; to: string };
  company?: CompanyProfileFields;
  payout?: { iban: string; bic: string; account_holder: string };
  verification?: VerificationProfileFields;
  now: string;
  /** For a company created by this save. */
  newCompanyId?: string;
};

type Tag = 'profile' | 'email-old' | 'email-new' | 'company' | 'payout' | 'verification';

/** `SET #a = :a, …` for plain values and `#b = if_not_exists(#b, :b)` for defaults. */
function setExpression(values: Record<string, unknown>, defaults: Record<string, unknown> = {}) {
  const names: Record<string, string> = {};
  const attributeValues: Record<string, unknown> = {};
  const parts: string[] = [];
  let n = 0;
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const key = `a${n++}`;
    names[`#${key}`] = name;
    attributeValues[`:${key}`] = value;
    parts.push(`#${key} = :${key}`);
  }
  for (const [name, value] of Object.entries(defaults)) {
    const key = `a${n++}`;
    names[`#${key}`] = name;
    attributeValues[`:${key}`] = value;
    parts.push(`#${key} = if_not_exists(#${key}, :${key})`);
  }
  return { expression: `SET ${parts.join(', ')}`, names, values: attributeValues };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;

export function createProfileRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** Runs a transaction, retrying DynamoDB's transaction conflicts; answers the indexes of failed conditions. */
  async function transact(input: TransactWriteCommandInput): Promise<number[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        await db.send(new TransactWriteCommand(input));
        return [];
      } catch (error) {
        const failed = failedConditions(error);
        if (failed === undefined) throw error;
        if (failed.length > 0) return failed;
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (!reasons.some((r) => r.Code === 'TransactionConflict') || attempt >= 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, 15 * 2 ** attempt + Math.random() * 20));
      }
    }
  }

  function profilePart(save: ProfileSave): TransactionPart {
    const set = setExpression({ ...save.profile, version: save.expectedVersion + 1, updated_at: save.now });
    const values: Record<string, unknown> = { ...set.values };
    let condition: string;
    if (save.expectedVersion === 0) {
      condition = 'attribute_exists(PK) AND attribute_not_exists(#ver)';
    } else {
      condition = 'attribute_exists(PK) AND #ver = :expected';
      values[':expected'] = save.expectedVersion;
    }
    if (save.emailChange) {
      condition += ' AND #mail = :oldEmail';
      values[':oldEmail'] = save.emailChange.from;
    }
    return {
      Update: {
        TableName: tableName,
        Key: userKeys.profile(save.userId),
        UpdateExpression: set.expression,
        ConditionExpression: condition,
        ExpressionAttributeNames: {
          ...set.names,
          '#ver': 'version',
          ...(save.emailChange ? { '#mail': 'email' } : {}),
        },
        ExpressionAttributeValues: values,
      },
    };
  }

  function companyPart(sellerId: string, company: CompanyProfileFields, now: string, newId: string): TransactionPart {
    const { logo, header_logo, ...fields } = company;
    const set = setExpression(
      {
        ...fields,
        logo,
        header_logo,
        seller_id: sellerId,
        entity: 'Company',
        ...companyKeys.all(company.name, sellerId),
        updated_at: now,
      },
      {
        id: newId,
        created_at: now,
        is_header_show: true,
        background_color: null,
        text_color: null,
        header_1: null,
        header_2: null,
        ...(logo === undefined ? { logo: null } : {}),
        ...(header_logo === undefined ? { header_logo: null } : {}),
      },
    );
    return {
      Update: {
        TableName: tableName,
        Key: companyKeys.company(sellerId),
        UpdateExpression: set.expression,
        ExpressionAttributeNames: set.names,
        ExpressionAttributeValues: set.values,
      },
    };
  }

  function payoutPart(sellerId: string, payout: NonNullable<ProfileSave['payout']>, now: string): TransactionPart {
    const set = setExpression(
      { ...payout, seller_id: sellerId, entity: 'PayoutAccount', updated_at: now },
      { stripe_account_id: null, payouts_enabled: false, created_at: now },
    );
    return {
      Update: {
        TableName: tableName,
        Key: payoutAccountKeys.item(sellerId),
        UpdateExpression: set.expression,
        ExpressionAttributeNames: set.names,
        ExpressionAttributeValues: set.values,
      },
    };
  }

  function verificationPart(sellerId: string, verification: VerificationProfileFields, now: string): TransactionPart {
    // A rejected or submitted record goes back to review; a verified one is never touched (02 §4).
    const set = setExpression(
      { ...verification, seller_id: sellerId, entity: 'Verification', status: 'submitted', updated_at: now },
      { created_at: now, verified_at: null, verified_by: null },
    );
    return {
      Update: {
        TableName: tableName,
        Key: verificationKeys.item(sellerId),
        UpdateExpression: set.expression,
        ConditionExpression: 'attribute_not_exists(PK) OR #st <> :verified',
        ExpressionAttributeNames: { ...set.names, '#st': 'status' },
        ExpressionAttributeValues: { ...set.values, ':verified': 'verified' },
      },
    };
  }

  return {
    /** Commits the whole save or nothing; ProfileWriteRefused says which condition failed. */
    async save(save: ProfileSave): Promise<void> {
      const parts: Array<{ tag: Tag; part: TransactionPart }> = [{ tag: 'profile', part: profilePart(save) }];
      if (save.emailChange) {
        parts.push({
          tag: 'email-old',
          part: {
            Delete: {
              TableName: tableName,
              Key: userKeys.unique('email', save.emailChange.from),
              ConditionExpression: 'user_id = :id',
              ExpressionAttributeValues: { ':id': save.userId },
            },
          },
        });
        parts.push({
          tag: 'email-new',
          part: {
            Put: {
              TableName: tableName,
              Item: { ...userKeys.unique('email', save.emailChange.to), entity: 'Unique', user_id: save.userId },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        });
      }
      if (save.company)
        parts.push({
          tag: 'company',
          part: companyPart(save.userId, save.company, save.now, save.newCompanyId ?? save.userId),
        });
      if (save.payout) parts.push({ tag: 'payout', part: payoutPart(save.userId, save.payout, save.now) });
      if (save.verification)
        parts.push({ tag: 'verification', part: verificationPart(save.userId, save.verification, save.now) });

      const failed = (await transact({ TransactItems: parts.map((p) => p.part) })).map((index) => parts[index]!.tag);
      if (failed.length === 0) return;
      // The profile's own condition first: a stale form must be reloaded whatever else failed.
      if (failed.includes('profile') || failed.includes('email-old')) throw new ProfileWriteRefused('version');
      if (failed.includes('email-new')) throw new ProfileWriteRefused('email-taken');
      if (failed.includes('verification')) throw new ProfileWriteRefused('verified');
      throw new Error(`profile save failed on ${failed.join(', ')}`);
    },

    /**
     * Compensation when the identity provider refused the new e-mail after the commit: the profile and
     * the uniqueness items go back to the old address (only while nothing else changed them).
     */
    async revertEmail(userId: string, change: { from: string; to: string }, now: string): Promise<void> {
      const failed = await transact({
        TransactItems: [
          {
            Update: {
              TableName: tableName,
              Key: userKeys.profile(userId),
              UpdateExpression: 'SET #mail = :from, updated_at = :now ADD #ver :one',
              ConditionExpression: '#mail = :to',
              ExpressionAttributeNames: { '#mail': 'email', '#ver': 'version' },
              ExpressionAttributeValues: { ':from': change.from, ':to': change.to, ':now': now, ':one': 1 },
            },
          },
          {
            Delete: {
              TableName: tableName,
              Key: userKeys.unique('email', change.to),
              ConditionExpression: 'user_id = :id',
              ExpressionAttributeValues: { ':id': userId },
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: { ...userKeys.unique('email', change.from), entity: 'Unique', user_id: userId },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      });
      if (failed.length) throw new Error('could not revert the e-mail change');
    },

    /**
     * The seller summary embedded in the seller's vouchers and their catalogue entries (data-model §1
     * "Projections for lists"), after a company or username change. One small transaction per voucher;
     * a voucher deleted or moved meanwhile is skipped.
     */
    async refreshSellerSummary(vouchers: readonly Voucher[], seller: Voucher['seller']): Promise<void> {
      for (const voucher of vouchers) {
        const updated = { ...voucher, seller };
        try {
          await db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Update: {
                    TableName: tableName,
                    Key: voucherKeys.voucher(voucher.id),
                    UpdateExpression: 'SET seller = :seller',
                    ConditionExpression:
                      'attribute_exists(PK) AND seller_id = :sid AND attribute_not_exists(deleted_at)',
                    ExpressionAttributeValues: { ':seller': seller, ':sid': seller.id },
                  },
                },
                ...(voucher.is_tourism
                  ? []
                  : [
                      {
                        Update: {
                          TableName: tableName,
                          Key: voucherKeys.catalogue(voucher.id),
                          UpdateExpression: 'SET seller = :seller, search_text = :text',
                          ConditionExpression: 'attribute_exists(PK)',
                          ExpressionAttributeValues: { ':seller': seller, ':text': searchTextOf(updated) },
                        },
                      },
                    ]),
              ],
            }),
          );
        } catch (error) {
          if (failedConditions(error)?.length || isConditionalCheckFailed(error)) continue;
          throw error;
        }
      }
    },
  };
}
