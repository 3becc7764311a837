import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch-get.ts';
import { queryAll, queryCount, queryUpTo } from './query-all.ts';
import { failedConditions, isConditionalCheckFailed } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { userKeys, type UserRecord } from './user-repository.ts';
import { employeeVoucherPartition } from './voucher-repository.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * Tourism programme, core (issue 13; docs/data-model.md "Tourism"): employee codes, the partner
 * switches on seller profiles, the employee's unique claim number, and the public read of employee
 * vouchers for the partner carousel.
 */

/** An employee code (`EMPLOYEE_CODE#<code>`): single use, bound to one partner of one tourism account. */
export type EmployeeCodeRecord = {
  code: string;
  /** The partner seller the code binds its employee to. */
  seller_id: string;
  tourism_id: string;
  is_active: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
  /** The partner's company name at generation (snapshot for the keyword filter; the table shows the current one). */
  company_name: string;
  /** Set once, by the registration that used the code. */
  user_id?: string;
  used_at?: string;
  username?: string;
  user_fullname?: string | null;
};

export const employeeCodeKeys = {
  code: (code: string) => ({ PK: `EMPLOYEE_CODE#${code}`, SK: 'EMPLOYEE_CODE' }),
  /** GSI1: one partner's codes, newest first. */
  byPartner: (partnerId: string) => `SELLER#${partnerId}#EMPLOYEE_CODES`,
  /** GSI2: one tourism account's codes, newest first (every partner of it). */
  byTourism: (tourismId: string) => `TOURISM#${tourismId}#EMPLOYEE_CODES`,
  sort: (createdAt: string, code: string) => `${createdAt}#${code}`,
  claimNo: (claimNo: string) => ({ PK: `UNIQUE#CLAIM_NO#${claimNo}`, SK: 'UNIQUE' }),
};

export type CodePartition = { index: 'GSI1' | 'GSI2'; pk: string };

/** A card of the public carousel, read from the account's GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS` (written by the employee-voucher builder). */
export type EmployeeVoucherCard = {
  id: string;
  seller_id: string;
  tourism_id?: string | null;
  title: string;
  employee_value: string | null;
  background_image: string | null;
};

export type TourismRepository = ReturnType<typeof createTourismRepository>;

export function createTourismRepository(db: DynamoDBDocumentClient, tableName: string) {
  const codeFromItem = (item: Record<string, unknown>): EmployeeCodeRecord =>
    withoutKeys(item, 'search_text') as EmployeeCodeRecord;

  const codeQuery = (partition: CodePartition, keyword: string, select?: 'COUNT') =>
    new QueryCommand({
      TableName: tableName,
      IndexName: partition.index,
      KeyConditionExpression: `${partition.index}PK = :pk`,
      ...(keyword ? { FilterExpression: 'contains(search_text, :kw)' } : {}),
      ExpressionAttributeValues: { ':pk': partition.pk, ...(keyword ? { ':kw': keyword } : {}) },
      ScanIndexForward: false,
      ...(select ? { Select: select } : {}),
    });

  return {
    /**
     * Puts new codes in transactions of up to 100, each `attribute_not_exists(PK)`. A code that exists
     * already cancels its chunk; `regenerate` draws a replacement for each collided code and the chunk is
     * tried again (≤ 8 rounds). Answers the codes as stored.
     */
    async putCodes(codes: EmployeeCodeRecord[], regenerate: () => string): Promise<EmployeeCodeRecord[]> {
      const stored: EmployeeCodeRecord[] = [];
      for (let start = 0; start < codes.length; start += 100) {
        let chunk = codes.slice(start, start + 100);
        for (let round = 0; ; round++) {
          try {
            await db.send(
              new TransactWriteCommand({
                TransactItems: chunk.map((code) => ({
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...employeeCodeKeys.code(code.code),
                      GSI1PK: employeeCodeKeys.byPartner(code.seller_id),
                      GSI1SK: employeeCodeKeys.sort(code.created_at, code.code),
                      GSI2PK: employeeCodeKeys.byTourism(code.tourism_id),
                      GSI2SK: employeeCodeKeys.sort(code.created_at, code.code),
                      entity: 'EmployeeCode',
                      ...code,
                      search_text: `${code.code} ${code.company_name}`.toLowerCase(),
                    },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                })),
              }),
            );
            stored.push(...chunk);
            break;
          } catch (error) {
            const failed = failedConditions(error);
            const isConflict = (error as Error).name === 'TransactionCanceledException' && !failed?.length;
            if ((!failed?.length && !isConflict) || round >= 8) throw error;
            // A code drawn twice in the same chunk cancels it without a condition failure: redraw duplicates too.
            const seen = new Set<string>();
            chunk = chunk.map((code, i) => {
              const next = failed?.includes(i) || seen.has(code.code) ? { ...code, code: regenerate() } : code;
              seen.add(next.code);
              return next;
            });
            if (isConflict) await new Promise((r) => setTimeout(r, 20 + Math.random() * 50));
          }
        }
      }
      return stored;
    },

    async getCode(code: string, consistent = false): Promise<EmployeeCodeRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: employeeCodeKeys.code(code), ConsistentRead: consistent }),
      );
      return Item ? codeFromItem(Item) : undefined;
    },

    async getCodes(codes: readonly string[]): Promise<EmployeeCodeRecord[]> {
      const items = await batchGet(db, tableName, codes.map(employeeCodeKeys.code));
      return items.flatMap((item) => (item ? [codeFromItem(item)] : []));
    },

    /** One page of codes, newest first, `keyword` (lower case) matched in `search_text`. */
    async pageCodes(partition: CodePartition, keyword: string, limit: number, start?: Record<string, unknown>) {
      const page = await queryUpTo(db, codeQuery(partition, keyword), limit, start);
      return { items: page.items.map(codeFromItem), ...(page.lastKey ? { lastKey: page.lastKey } : {}) };
    },

    countCodes(partition: CodePartition, keyword: string): Promise<number> {
      return queryCount(db, codeQuery(partition, keyword));
    },

    /** Up to `max` codes of the partition (the PDF of the whole list). */
    async codesUpTo(partition: CodePartition, keyword: string, max: number): Promise<EmployeeCodeRecord[]> {
      const page = await queryUpTo(db, codeQuery(partition, keyword), max);
      return page.items.map(codeFromItem);
    },

    /**
     * The latest redemptions made with a code's employee (GSI1 `EMPLOYEE_CODE#<code>#REDEMPTIONS`, written by
     * the employee redemption), newest first.
     */
    async codeRedemptions(code: string, limit: number) {
      const answer = await db.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': `EMPLOYEE_CODE#${code}#REDEMPTIONS` },
          ProjectionExpression: 'id, redemption_no, title, created_at',
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (answer.Items ?? []).map((item) => ({
        id: String(item.id),
        redemption_no: String(item.redemption_no ?? ''),
        title: String(item.title ?? ''),
        created_at: String(item.created_at ?? ''),
      }));
    },

    /** Activates or deactivates a code (condition: it exists and is still the value read). */
    async setCodeActive(code: string, from: boolean, now: string): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: employeeCodeKeys.code(code),
            UpdateExpression: 'SET is_active = :to, updated_at = :now',
            ConditionExpression: 'attribute_exists(PK) AND is_active = :from',
            ExpressionAttributeValues: { ':to': !from, ':from': from, ':now': now },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },

    /**
     * The registration's part that uses the code: it must still be active, unused and of this tourism
     * account. Of concurrent registrations with one code exactly one transaction can pass it.
     */
    bindCodePart(
      code: string,
      tourismId: string,
      user: Pick<UserRecord, 'id' | 'username' | 'first_name' | 'last_name'>,
      now: string,
    ): TransactionPart {
      return {
        Update: {
          TableName: tableName,
          Key: employeeCodeKeys.code(code),
          UpdateExpression:
            'SET user_id = :uid, used_at = :now, updated_at = :now, username = :uname, user_fullname = :fullname',
          ConditionExpression:
            'attribute_exists(PK) AND is_active = :true AND attribute_not_exists(user_id) AND tourism_id = :tid',
          ExpressionAttributeValues: {
            ':uid': user.id,
            ':now': now,
            ':uname': user.username,
            ':fullname': [user.first_name, user.last_name].filter(Boolean).join(' ') || null,
            ':true': true,
            ':tid': tourismId,
          },
        },
      };
    },

    /** Compensation when Cognito refused the account: the code is free again (only if this user holds it). */
    unbindCodePart(code: string, userId: string): TransactionPart {
      return {
        Update: {
          TableName: tableName,
          Key: employeeCodeKeys.code(code),
          UpdateExpression: 'REMOVE user_id, used_at, username, user_fullname',
          ConditionExpression: 'user_id = :uid',
          ExpressionAttributeValues: { ':uid': userId },
        },
      };
    },

    claimNoPart(claimNo: string, userId: string): TransactionPart {
      return {
        Put: {
          TableName: tableName,
          Item: { ...employeeCodeKeys.claimNo(claimNo), entity: 'Unique', user_id: userId },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },

    releaseClaimNoPart(claimNo: string, userId: string): TransactionPart {
      return {
        Delete: {
          TableName: tableName,
          Key: employeeCodeKeys.claimNo(claimNo),
          ConditionExpression: 'user_id = :uid',
          ExpressionAttributeValues: { ':uid': userId },
        },
      };
    },

    /**
     * Switches `is_partner` or `can_generate` on a seller's profile, conditioned on the value read and on
     * the tourism account it belongs to (`tourismFrom`: the stored `tourism_id`, null = none). `is_partner`
     * adds or removes the GSI3 `PARTNERS` keys; `tourismTo` (when given) sets `tourism_id`.
     */
    async setPartnerFlag(input: {
      user: UserRecord;
      field: 'is_partner' | 'can_generate';
      from: boolean;
      to: boolean;
      tourismFrom: string | null;
      tourismTo: string | null;
      now: string;
      extra?: readonly TransactionPart[];
    }): Promise<boolean> {
      const { user, field, from, to, tourismFrom, tourismTo, now } = input;
      const names: Record<string, string> = { '#f': field };
      const values: Record<string, unknown> = { ':to': to, ':from': from, ':now': now, ':seller': 'seller' };
      const set = ['#f = :to', 'updated_at = :now'];
      const remove: string[] = [];
      if (tourismTo !== tourismFrom) {
        set.push('tourism_id = :tto');
        values[':tto'] = tourismTo;
      }
      if (field === 'is_partner') {
        if (to) {
          const partner = userKeys.partner(user.username);
          set.push('GSI3PK = :g3pk', 'GSI3SK = :g3sk');
          values[':g3pk'] = partner.GSI3PK;
          values[':g3sk'] = partner.GSI3SK;
        } else remove.push('GSI3PK', 'GSI3SK');
      }
      const conditions = [
        'attribute_exists(PK)',
        '#r = :seller',
        from ? '#f = :from' : '(attribute_not_exists(#f) OR #f = :from)',
      ];
      names['#r'] = 'role';
      if (tourismFrom) {
        conditions.push('tourism_id = :tfrom');
        values[':tfrom'] = tourismFrom;
      } else {
        conditions.push('(attribute_not_exists(tourism_id) OR tourism_id = :null)');
        values[':null'] = null;
      }
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName,
                  Key: userKeys.profile(user.id),
                  UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
                  ConditionExpression: conditions.join(' AND '),
                  ExpressionAttributeNames: names,
                  ExpressionAttributeValues: values,
                },
              },
              ...(input.extra ?? []),
            ],
          }),
        );
        return true;
      } catch (error) {
        if (failedConditions(error)?.includes(0)) return false;
        throw error;
      }
    },

    /** The partners (GSI3 `PARTNERS`, bounded by the sellers, ~200), in username order. */
    async allPartners(): Promise<UserRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': 'PARTNERS' },
        }),
      );
      return items.map((item) => withoutKeys(item) as UserRecord);
    },

    /**
     * Active employee vouchers of one tourism account (GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`, filter
     * active and not deleted), as carousel cards.
     */
    async activeEmployeeVouchers(tourismId: string): Promise<EmployeeVoucherCard[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          FilterExpression: 'is_active = :true AND attribute_not_exists(deleted_at)',
          ExpressionAttributeValues: { ':pk': employeeVoucherPartition(tourismId), ':true': true },
          ScanIndexForward: false,
        }),
      );
      return items.map((item) => ({
        id: String(item.id),
        seller_id: String(item.seller_id),
        tourism_id: (item.tourism_id as string | undefined) ?? null,
        title: String(item.title ?? ''),
        employee_value: (item.employee_value as string | undefined) ?? null,
        background_image:
          (item.custom_background_image as string | undefined) ?? (item.background_image as string | undefined) ?? null,
      }));
    },
  };
}
