import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TransferKind } from '@gm/shared/wallet/transfer';
import { failedConditions } from './transaction-errors.ts';
import type { TransactionPart } from './transaction-part.ts';
import { buyerVoucherKeys } from './buyer-voucher-repository.ts';
import { userVoucherKeys, type UserVoucherRecord } from './user-voucher-repository.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `TRANSFER#<transferCode>` / `TRANSFER` (docs/data-model.md "Transfer", §4.5 "Create share link",
 * "Receive"): an open share link. At most one per voucher: the voucher's `transfer_code` names it, and
 * a new link deletes the old one in the same transaction. Receiving a user voucher moves the owner and
 * re-keys its `CODE#` item, so whatever the giver kept (printed QR, PDF, old link) stops working.
 */
export type TransferRecord = {
  code: string;
  kind: TransferKind;
  /** USER_VOUCHER#<id> or BUYER_VOUCHER#<id>. */
  target_id: string;
  /** Who created the link (the owner at the time); absent for links of unclaimed gifts. */
  from_user_id: string | null;
  /** Set when the link was mailed (send by e-mail, transfer-send-mail, gift by e-mail). */
  email?: string;
  created_at: string;
  /** Epoch seconds: the end of the voucher's validity (the item expires with it). */
  expires_at: number;
};

export const transferKeys = {
  item: (code: string) => ({ PK: `TRANSFER#${code}`, SK: 'TRANSFER' }),
};

export type CreateLinkOutcome = 'created' | 'changed';
export type ReceiveOutcome = 'received' | 'lost';

export type ReceiveUserVoucher = {
  transferCode: string;
  userVoucher: Pick<UserVoucherRecord, 'id' | 'code' | 'seller_id'>;
  receiverUserId: string;
  newCode: string;
  newQr: string;
  fromName: string | null;
  now: string;
};

export type TransferRepository = ReturnType<typeof createTransferRepository>;

export function createTransferRepository(db: DynamoDBDocumentClient, tableName: string) {
  const putTransfer = (record: TransferRecord): TransactionPart => {
    const { expires_at, ...rest } = record;
    return {
      Put: {
        TableName: tableName,
        Item: { ...transferKeys.item(record.code), entity: 'Transfer', ...rest, ttl: expires_at },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  };

  async function transact(items: TransactionPart[]): Promise<number[] | undefined> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return undefined;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.length) return failed;
      throw error;
    }
  }

  return {
    /** The open link, or undefined when unknown or past the voucher's validity (TTL deletes late). */
    async get(code: string, nowSeconds: number): Promise<TransferRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: transferKeys.item(code), ConsistentRead: true }),
      );
      if (!Item) return undefined;
      const ttl = Item.ttl as number | undefined;
      if (ttl !== undefined && ttl <= nowSeconds) return undefined;
      return { ...(withoutKeys(Item, 'ttl') as Omit<TransferRecord, 'expires_at'>), expires_at: ttl ?? 0 };
    },

    /**
     * §4.5 "Create share link": Put the new link, Delete the old one (if any), point the user voucher at
     * the new one — only while the caller owns it, it is active and still names `previousCode`.
     * `sentVia` records how the link left (email) in the same write. 'changed' = a condition failed.
     */
    async createUserVoucherLink(input: {
      record: TransferRecord;
      ownerUserId: string;
      previousCode: string | null;
      sentVia?: 'email';
    }): Promise<CreateLinkOutcome> {
      const { record, ownerUserId, previousCode } = input;
      const values: Record<string, unknown> = { ':new': record.code, ':me': ownerUserId, ':active': 'active' };
      let condition = 'owner_user_id = :me AND #status = :active AND ';
      if (previousCode) {
        condition += 'transfer_code = :old';
        values[':old'] = previousCode;
      } else {
        condition += 'attribute_not_exists(transfer_code)';
      }
      let update = 'SET transfer_code = :new';
      if (input.sentVia) {
        update += ', sent_via = :sentVia';
        values[':sentVia'] = input.sentVia;
      }
      // No version bump: `version` guards the design form (personalisation), which a link does not change.
      const items: TransactionPart[] = [
        putTransfer(record),
        {
          Update: {
            TableName: tableName,
            Key: userVoucherKeys.item(record.target_id),
            UpdateExpression: update,
            ConditionExpression: condition,
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: values,
          },
        },
      ];
      if (previousCode) items.push({ Delete: { TableName: tableName, Key: transferKeys.item(previousCode) } });
      return (await transact(items)) ? 'changed' : 'created';
    },

    /**
     * §4.5 "Receive", one transaction: Delete the link (must exist), move the user voucher to the
     * receiver (condition: it still names this link, is active and still has the code we read), Delete
     * `CODE#<old>` (must belong to this voucher), Put `CODE#<new>`. 'lost' = another receiver was first,
     * or the giver replaced the link meanwhile; nothing was written.
     */
    async receiveUserVoucher(input: ReceiveUserVoucher): Promise<ReceiveOutcome> {
      const { userVoucher, receiverUserId, now } = input;
      const values: Record<string, unknown> = {
        ':transfer': input.transferCode,
        ':active': 'active',
        ':oldCode': userVoucher.code,
        ':me': receiverUserId,
        ':wallet': userVoucherKeys.wallet({ owner_user_id: receiverUserId }),
        ':walletSk': `${now}#${userVoucher.id}`,
        ':now': now,
        ':newCode': input.newCode,
        ':qr': input.newQr,
        ':transferred': 'transferred',
        ':one': 1,
      };
      let update =
        'SET owner_user_id = :me, GSI1PK = :wallet, GSI1SK = :walletSk, acquired_at = :now, code = :newCode, qr = :qr, sent_via = :transferred';
      if (input.fromName) {
        update += ', from_name = :from';
        values[':from'] = input.fromName;
      }
      update += ' REMOVE transfer_code, owner_guest_email ADD version :one';
      const failed = await transact([
        {
          Delete: {
            TableName: tableName,
            Key: transferKeys.item(input.transferCode),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: userVoucherKeys.item(userVoucher.id),
            UpdateExpression: update,
            ConditionExpression: 'transfer_code = :transfer AND #status = :active AND code = :oldCode',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: values,
          },
        },
        {
          Delete: {
            TableName: tableName,
            Key: userVoucherKeys.code(userVoucher.code),
            ConditionExpression: 'user_voucher_id = :id',
            ExpressionAttributeValues: { ':id': userVoucher.id },
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...userVoucherKeys.code(input.newCode),
              entity: 'VoucherCode',
              user_voucher_id: userVoucher.id,
              seller_id: userVoucher.seller_id,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ]);
      return failed ? 'lost' : 'received';
    },

    /**
     * A link for a buyer-designed voucher: Put the new link, Delete the old one, point the voucher at the
     * new one while the caller owns it and it still names `previousCode`. No version bump (the version
     * guards the designer form).
     */
    async createBuyerVoucherLink(input: {
      record: TransferRecord;
      ownerUserId: string;
      previousCode: string | null;
    }): Promise<CreateLinkOutcome> {
      const { record, ownerUserId, previousCode } = input;
      const values: Record<string, unknown> = { ':new': record.code, ':me': ownerUserId };
      let condition = 'owner_user_id = :me AND ';
      if (previousCode) {
        condition += 'transfer_code = :old';
        values[':old'] = previousCode;
      } else {
        condition += 'attribute_not_exists(transfer_code)';
      }
      const items: TransactionPart[] = [
        putTransfer(record),
        {
          Update: {
            TableName: tableName,
            Key: buyerVoucherKeys.item(record.target_id),
            UpdateExpression: 'SET transfer_code = :new',
            ConditionExpression: condition,
            ExpressionAttributeValues: values,
          },
        },
      ];
      if (previousCode) items.push({ Delete: { TableName: tableName, Key: transferKeys.item(previousCode) } });
      return (await transact(items)) ? 'changed' : 'created';
    },

    /** Receiving a buyer-designed voucher: Delete the link (must exist), move `owner_user_id` and GSI1 (condition: it still names the link). */
    async receiveBuyerVoucher(input: {
      transferCode: string;
      buyerVoucherId: string;
      receiverUserId: string;
      now: string;
    }): Promise<ReceiveOutcome> {
      const failed = await transact([
        {
          Delete: {
            TableName: tableName,
            Key: transferKeys.item(input.transferCode),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: buyerVoucherKeys.item(input.buyerVoucherId),
            UpdateExpression:
              'SET owner_user_id = :me, GSI1PK = :list, updated_at = :now REMOVE transfer_code ADD #version :one',
            ConditionExpression: 'transfer_code = :transfer',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: {
              ':me': input.receiverUserId,
              ':list': buyerVoucherKeys.owner(input.receiverUserId),
              ':now': input.now,
              ':transfer': input.transferCode,
              ':one': 1,
            },
          },
        },
      ]);
      return failed ? 'lost' : 'received';
    },

    /** Account deletion (issue 11): closes an open link (idempotent). */
    deletePart(code: string): TransactionPart {
      return { Delete: { TableName: tableName, Key: transferKeys.item(code) } };
    },

    /** Parts for other transactions that open a link (gift by e-mail, §4.5 "Gift"). */
    putParts(record: TransferRecord): TransactionPart[] {
      return [putTransfer(record)];
    },
  };
}
