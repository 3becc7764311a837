import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { batchGet } from './batch-get.ts';
import { queryAll } from './query-all.ts';
import { redemptionKeys } from './redemption-repository.ts';
import { isConditionalCheckFailed } from './transaction-errors.ts';
import { employeeVoucherPartition, voucherKeys, type VoucherRecord } from './voucher-repository.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * Employee vouchers and employee redemptions (issue 13; docs/data-model.md §3 "Redemption", §4.2,
 * §4.5 "Employee redemption"). The voucher items themselves are `VOUCHER#<id>` (written by the
 * builder through the voucher repository); this repository reads GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`, flips
 * the tourism account's fields (`employee_value`, `is_active`) and writes the employee redemption.
 */
export type EmployeeRedemptionRecord = {
  id: string;
  redemption_no: string;
  kind: 'employee';
  voucher_id: string;
  seller_id: string;
  tourism_id: string;
  title: string;
  employee_value: string;
  employee_user_id: string;
  employee_username: string;
  employee_code: string | null;
  /** Cents; 0 (an employee voucher has no price), kept for the ledger's shape. */
  redeemed_value: number;
  scanned_by: { user_id: string; username: string };
  channel: 'scan' | 'manual';
  is_revoked: boolean;
  created_at: string;
};

export const employeeKeys = {
  /** Once per employee and voucher: `EMPLOYEE_USE#<voucherId>#<employeeUserId>` / `EMPLOYEE_USE`. */
  use: (voucherId: string, employeeUserId: string) => ({
    PK: `EMPLOYEE_USE#${voucherId}#${employeeUserId}`,
    SK: 'EMPLOYEE_USE',
  }),
  /** GSI3 of an employee redemption: one tourism account's ledger (the Redemptions CSV). */
  tourismRedemptions: (tourismId: string) => `TOURISM#${tourismId}#EMPLOYEE_REDEMPTIONS`,
  /** GSI1 of an employee redemption: the redemptions of one employee code (data-model). */
  codeRedemptions: (code: string) => `EMPLOYEE_CODE#${code}#REDEMPTIONS`,
};

export type EmployeeRedeemOutcome = 'ok' | 'used' | 'inactive' | 'conflict';

export type EmployeeVoucherRepository = ReturnType<typeof createEmployeeVoucherRepository>;

/**
 * One tourism account's live employee vouchers, newest first (GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`,
 * bounded by that account's partners: read to the end). On its own for the employee voucher cache
 * (lib/deps.ts `employeeVoucherCache`), so its routes do not bundle the whole repository (issue 15).
 */
export async function listEmployeeVouchersOfTourism(
  db: DynamoDBDocumentClient,
  tableName: string,
  tourismId: string,
): Promise<VoucherRecord[]> {
  const items = await queryAll(
    db,
    new QueryCommand({
      TableName: tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': employeeVoucherPartition(tourismId) },
      ScanIndexForward: false,
    }),
  );
  return items.map((item) => withoutKeys(item) as VoucherRecord).filter((voucher) => !voucher.deleted_at);
}

export function createEmployeeVoucherRepository(db: DynamoDBDocumentClient, tableName: string) {
  /** SET on a live employee voucher (of `tourismId` when given); false when the condition failed. */
  async function setField(
    id: string,
    name: 'employee_value' | 'is_active',
    value: unknown,
    now: string,
    tourismId: string | undefined,
    expected?: unknown,
  ): Promise<boolean> {
    try {
      await db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: voucherKeys.voucher(id),
          UpdateExpression: 'SET #field = :value, updated_at = :now ADD #version :one',
          ConditionExpression: [
            'attribute_exists(PK)',
            'is_tourism = :true',
            'attribute_not_exists(deleted_at)',
            ...(tourismId ? ['tourism_id = :tourism'] : []),
            ...(expected !== undefined ? ['#field = :expected'] : []),
          ].join(' AND '),
          ExpressionAttributeNames: { '#field': name, '#version': 'version' },
          ExpressionAttributeValues: {
            ':value': value,
            ':now': now,
            ':one': 1,
            ':true': true,
            ...(tourismId ? { ':tourism': tourismId } : {}),
            ...(expected !== undefined ? { ':expected': expected } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  return {
    /** One tourism account's live employee vouchers, newest first (`listEmployeeVouchersOfTourism`). */
    listOfTourism: (tourismId: string) => listEmployeeVouchersOfTourism(db, tableName, tourismId),

    /** The voucher id behind an employee claim number. */
    async voucherIdOfClaim(claimNo: string): Promise<string | undefined> {
      const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: voucherKeys.employeeClaim(claimNo) }));
      return typeof Item?.voucher_id === 'string' ? Item.voucher_id : undefined;
    },

    /** The employee behind a user claim number (`UNIQUE#CLAIM_NO#<claimNo>`, holds `user_id`; written by the registration). */
    async userIdOfClaim(claimNo: string): Promise<string | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: { PK: `UNIQUE#CLAIM_NO#${claimNo}`, SK: 'UNIQUE' } }),
      );
      return typeof Item?.user_id === 'string' ? Item.user_id : undefined;
    },

    setValue: (id: string, value: string, now: string, tourismId?: string) =>
      setField(id, 'employee_value', value, now, tourismId),

    /** Sets `is_active` only while it is still `from`, so two quick clicks do not cancel out silently. */
    setActive: (id: string, from: boolean, to: boolean, now: string, tourismId?: string) =>
      setField(id, 'is_active', to, now, tourismId, from),

    /** Which of `voucherIds` the employee has used already (BatchGet of the EMPLOYEE_USE items). */
    async usedBy(employeeUserId: string, voucherIds: readonly string[]): Promise<Set<string>> {
      const used = new Set<string>();
      for (let start = 0; start < voucherIds.length; start += 100) {
        const chunk = voucherIds.slice(start, start + 100);
        const items = await batchGet(
          db,
          tableName,
          chunk.map((id) => employeeKeys.use(id, employeeUserId)),
        );
        items.forEach((item, index) => {
          if (item) used.add(chunk[index]!);
        });
      }
      return used;
    },

    /**
     * ONE transaction (data-model §4.5, issue 13): Put `REDEMPTION#<id>` (kind employee), Put
     * `EMPLOYEE_USE#<voucherId>#<employee>` (not exists: once per employee and voucher), a
     * ConditionCheck that the voucher is still active, live and carries the `employee_value` the
     * redeemer saw. The partner's `employee_redemption_count` (`SELLER#…#STATS`) comes from the stats
     * aggregator (issue 15), not from this transaction.
     */
    async redeem(redemption: EmployeeRedemptionRecord): Promise<EmployeeRedeemOutcome> {
      const sortKey = `${redemption.created_at}#${redemption.id}`;
      for (let attempt = 0; ; attempt++) {
        try {
          await db.send(
            new TransactWriteCommand({
              TransactItems: [
                {
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...redemptionKeys.item(redemption.id),
                      entity: 'Redemption',
                      ...(redemption.employee_code
                        ? { GSI1PK: employeeKeys.codeRedemptions(redemption.employee_code), GSI1SK: sortKey }
                        : {}),
                      GSI3PK: employeeKeys.tourismRedemptions(redemption.tourism_id),
                      GSI3SK: sortKey,
                      ...redemption,
                    },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                },
                {
                  Put: {
                    TableName: tableName,
                    Item: {
                      ...employeeKeys.use(redemption.voucher_id, redemption.employee_user_id),
                      entity: 'EmployeeUse',
                      redemption_id: redemption.id,
                      created_at: redemption.created_at,
                    },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                },
                {
                  ConditionCheck: {
                    TableName: tableName,
                    Key: voucherKeys.voucher(redemption.voucher_id),
                    ConditionExpression:
                      'attribute_exists(PK) AND is_tourism = :true AND is_active = :true AND attribute_not_exists(deleted_at) AND employee_value = :value',
                    ExpressionAttributeValues: { ':true': true, ':value': redemption.employee_value },
                  },
                },
              ],
            }),
          );
          return 'ok';
        } catch (error) {
          if (!(error instanceof TransactionCanceledException)) throw error;
          const reasons = error.CancellationReasons ?? [];
          if (reasons[1]?.Code === 'ConditionalCheckFailed') return 'used';
          if (reasons[2]?.Code === 'ConditionalCheckFailed') return 'inactive';
          if (reasons.some((reason) => reason.Code === 'TransactionConflict') && attempt < 8) {
            await new Promise((resolve) => setTimeout(resolve, 15 * 2 ** Math.min(attempt, 5) + Math.random() * 30));
            continue;
          }
          if (reasons.some((reason) => reason.Code === 'TransactionConflict')) return 'conflict';
          throw error;
        }
      }
    },

    /** One tourism account's employee redemptions, oldest first (GSI3, bounded by its partners' use; for the CSV). */
    async listRedemptions(tourismId: string): Promise<EmployeeRedemptionRecord[]> {
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI3',
          KeyConditionExpression: 'GSI3PK = :pk',
          ExpressionAttributeValues: { ':pk': employeeKeys.tourismRedemptions(tourismId) },
        }),
      );
      return items.map((item) => withoutKeys(item) as EmployeeRedemptionRecord);
    },
  };
}
