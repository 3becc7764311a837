import { GetCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { VoucherCard } from '@gm/shared/catalogue/contracts';
import { batchGetAll } from './batch-get.ts';
import { queryAll } from './query-all.ts';
import { orderNotReversingCheck } from './reversal-guard.ts';
import type { TransactionPart } from './transaction-part.ts';
import { withoutKeys } from './item-keys.ts';

/**
 * `USER_VOUCHER#<id>` / `USER_VOUCHER` and `CODE#<code>` / `CODE` (docs/data-model.md "UserVoucher",
 * "VoucherCode"): a bought voucher in its owner's wallet, and the code that the QR URL and manual
 * entry resolve through. Issued by the order completion (services/orders/complete-payment.ts), in the
 * order line's transaction.
 */
export type UserVoucherOwner = { userId: string } | { guestEmail: string };

export type UserVoucherRecord = {
  id: string;
  code: string;
  /** `<APP_URL>/qr/<code>`: what the QR image on the voucher encodes. */
  qr: string;
  order_id: string;
  order_no: string;
  voucher_id: string;
  seller_id: string;
  /** The voucher as sold (snapshot). */
  voucher: VoucherCard;
  type: VoucherCard['type'];
  qty: number;
  /** Cents; value vouchers (the chosen value per unit), else null. */
  value: number | null;
  remaining_qty: number;
  /** Cents. */
  remaining_value: number;
  /** Date (yyyy-mm-dd), validUntil(). */
  valid_until: string;
  owner_user_id?: string;
  owner_guest_email?: string;
  /** `reversing`: frozen by a running reversal of its order (issue 11); `reversal_claim` holds the reversal's claim token. */
  status: 'active' | 'reversing' | 'redeemed' | 'reversed';
  reversal_claim?: string;
  sent_via: null | 'voucher_download' | 'email' | 'transferred';
  /** The buyer's design (01 §3 personalisation form); absent until first personalised. Images are media keys. */
  personalisation?: UserVoucherPersonalisation;
  /** The open share link (TRANSFER#<code>), if any. */
  transfer_code?: string;
  /** Who gave it (gifts and transfers), shown on the voucher. */
  from_name?: string;
  /** Gift option 'Einlösung' (issues 5/6): `once` = a value voucher is redeemed in one go; absent = `multiple`. */
  voucher_usage?: 'multiple' | 'once';
  /** The order line whose gift produced it (gifts only). */
  gift_order_id?: string;
  acquired_at: string;
  created_at: string;
  version: number;
};

export type UserVoucherPersonalisation = {
  /** An admin template (TEMPLATE#<id>) chosen as background, or null. */
  template_id: string | null;
  /** Media key of the buyer's own cropped photo (730×676 JPEG), or null. */
  custom_image: string | null;
  /** Media key of an uploaded full background, or null. */
  custom_background_image: string | null;
  /** Which default background was chosen when neither template nor photo is used. */
  background_aid: string | null;
  /** Text colour on the voucher, `#rrggbb`. */
  text_color: string | null;
  /** Personal message, ≤ 120 characters. */
  note: string | null;
  /** 'Preis verstecken': the PDF and card leave out value/price. */
  price_hidden: boolean;
  updated_at: string;
};

export const userVoucherKeys = {
  item: (id: string) => ({ PK: `USER_VOUCHER#${id}`, SK: 'USER_VOUCHER' }),
  code: (code: string) => ({ PK: `CODE#${code}`, SK: 'CODE' }),
  /** GSI1: the owner's wallet (absent while unclaimed). */
  wallet: (owner: Pick<UserVoucherRecord, 'owner_user_id' | 'owner_guest_email'>) =>
    owner.owner_user_id
      ? `USER#${owner.owner_user_id}#WALLET`
      : owner.owner_guest_email
        ? `GUEST#${owner.owner_guest_email.toLowerCase()}#WALLET`
        : undefined,
  bySeller: (sellerId: string) => `SELLER#${sellerId}#USER_VOUCHERS`,
  expiry: 'EXPIRY',
};

export type UserVoucherRepository = ReturnType<typeof createUserVoucherRepository>;

export function createUserVoucherRepository(db: DynamoDBDocumentClient, tableName: string) {
  const strip = (item: Record<string, unknown>): UserVoucherRecord => withoutKeys(item) as UserVoucherRecord;

  return {
    /** Put the user voucher and its code, both only if new: for the completion transaction of an order line. */
    issueParts(record: UserVoucherRecord): TransactionPart[] {
      const wallet = userVoucherKeys.wallet(record);
      return [
        {
          Put: {
            TableName: tableName,
            Item: {
              ...userVoucherKeys.item(record.id),
              ...(wallet ? { GSI1PK: wallet, GSI1SK: `${record.acquired_at}#${record.id}` } : {}),
              GSI2PK: userVoucherKeys.bySeller(record.seller_id),
              GSI2SK: `${record.created_at}#${record.id}`,
              ...(record.status === 'active'
                ? { GSI3PK: userVoucherKeys.expiry, GSI3SK: `${record.valid_until}#${record.id}` }
                : {}),
              entity: 'UserVoucher',
              ...record,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: tableName,
            Item: {
              ...userVoucherKeys.code(record.code),
              entity: 'VoucherCode',
              user_voucher_id: record.id,
              seller_id: record.seller_id,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ];
    },

    /**
     * Issue 6, data-model §4.5 "Redeem": the conditional decrement of the remaining balance, for the
     * redemption's transaction. A partial take needs strictly more left than it takes, so it never
     * reaches 0; the final take (`final`) needs exactly what is left and sets `status = redeemed`,
     * removing the `EXPIRY` keys. Value vouchers take `value` cents; product vouchers take `qty`
     * units and their face value (`value`). `today` (Vienna date) refuses an expired voucher unless
     * the staff confirmed it (then undefined). Never touches `version` (personalisation's lock).
     * A partial take is refused on a `voucher_usage = once` gift (docs/decisions/seller.md).
     */
    redeemPart(
      id: string,
      take: { kind: 'value' | 'qty'; qty: number; value: number; final: boolean; today?: string; at: string },
    ): TransactionPart {
      const values: Record<string, unknown> = { ':active': 'active', ':at': take.at };
      const names: Record<string, string> = { '#status': 'status' };
      const conditions = ['#status = :active'];
      if (take.today) {
        conditions.push('valid_until >= :today');
        values[':today'] = take.today;
      }
      if (!take.final) {
        // Gift option 'Nur auf einmal einlösbar' (docs/decisions/seller.md): only a final take may touch a `once` voucher.
        conditions.push('(attribute_not_exists(voucher_usage) OR voucher_usage <> :once)');
        values[':once'] = 'once';
      }
      let update: string;
      if (take.kind === 'value') {
        values[':v'] = take.value;
        conditions.push(take.final ? 'remaining_value = :v' : 'remaining_value > :v');
        update = take.final
          ? 'SET remaining_value = :zero, #status = :redeemed, updated_at = :at REMOVE GSI3PK, GSI3SK'
          : 'SET updated_at = :at ADD remaining_value :minusV';
      } else {
        values[':q'] = take.qty;
        conditions.push(take.final ? 'remaining_qty = :q' : 'remaining_qty > :q');
        update = take.final
          ? 'SET remaining_qty = :zero, remaining_value = :zero, #status = :redeemed, updated_at = :at REMOVE GSI3PK, GSI3SK'
          : 'SET updated_at = :at ADD remaining_qty :minusQ, remaining_value :minusV';
        if (!take.final) values[':minusQ'] = -take.qty;
      }
      if (take.final) {
        values[':zero'] = 0;
        values[':redeemed'] = 'redeemed';
      } else {
        values[':minusV'] = -take.value;
      }
      return {
        Update: {
          TableName: tableName,
          Key: userVoucherKeys.item(id),
          UpdateExpression: update,
          ConditionExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      };
    },

    /**
     * Issue 6, data-model §4.5 "Revoke": gives a redemption's amount back (`status = active`, `EXPIRY` keys
     * again); refused for a reversed voucher and one frozen by a running reversal (issue 11; the revocation
     * also carries `orderNotReversingPart`, so a fully redeemed voucher of a reversed order stays redeemed).
     */
    restorePart(id: string, give: { qty: number; value: number; validUntil: string; at: string }): TransactionPart {
      return {
        Update: {
          TableName: tableName,
          Key: userVoucherKeys.item(id),
          UpdateExpression:
            'SET #status = :active, GSI3PK = :expiry, GSI3SK = :expirySk, updated_at = :at ADD remaining_qty :q, remaining_value :v',
          ConditionExpression: 'attribute_exists(PK) AND #status <> :reversed AND #status <> :reversing',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':active': 'active',
            ':reversed': 'reversed',
            ':reversing': 'reversing',
            ':expiry': userVoucherKeys.expiry,
            ':expirySk': `${give.validUntil}#${id}`,
            ':at': give.at,
            ':q': give.qty,
            ':v': give.value,
          },
        },
      };
    },

    /** Issue 11: ConditionCheck that the voucher's order is neither reversed nor being reversed (reversal-guard.ts). */
    orderNotReversingPart(orderId: string): TransactionPart {
      return orderNotReversingCheck(tableName, orderId);
    },

    async get(id: string): Promise<UserVoucherRecord | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: userVoucherKeys.item(id), ConsistentRead: true }),
      );
      return Item ? strip(Item) : undefined;
    },

    /** Several wallet vouchers in one round trip (consistent BatchGets of ≤ 100), in the order of `ids`. */
    async getMany(ids: readonly string[]): Promise<(UserVoucherRecord | undefined)[]> {
      const items = await batchGetAll(db, tableName, ids.map(userVoucherKeys.item), true);
      return items.map((item) => (item ? strip(item) : undefined));
    },

    async getCode(code: string): Promise<{ user_voucher_id: string; seller_id: string } | undefined> {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: userVoucherKeys.code(code), ConsistentRead: true }),
      );
      return Item
        ? { user_voucher_id: Item.user_voucher_id as string, seller_id: Item.seller_id as string }
        : undefined;
    },

    /**
     * Account deletion (issue 11): a deleted owner's voucher stays valid (redeemable by its code) and keeps
     * `owner_user_id` (the tombstone's id), but loses the owner's design (note, photos) and open link.
     * Idempotent; `version` is bumped so a personalisation form read before cannot write it back.
     */
    anonymisePart(id: string): TransactionPart {
      return {
        Update: {
          TableName: tableName,
          Key: userVoucherKeys.item(id),
          UpdateExpression: 'REMOVE transfer_code, personalisation ADD version :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      };
    },

    /** The owner's wallet (bounded partition), newest first. */
    async listByOwner(owner: UserVoucherOwner): Promise<UserVoucherRecord[]> {
      const pk =
        'userId' in owner
          ? userVoucherKeys.wallet({ owner_user_id: owner.userId })
          : userVoucherKeys.wallet({ owner_guest_email: owner.guestEmail });
      const items = await queryAll(
        db,
        new QueryCommand({
          TableName: tableName,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ScanIndexForward: false,
        }),
      );
      return items.map(strip);
    },

    /**
     * Issue 5 (01 §4 sent_via): records how the owner let the voucher out of the wallet, only while it
     * is still unset (`voucher_download` never overwrites `email` or `transferred`) and only for its
     * owner. True when this call set it. Never touches `version` (personalisation's lock).
     */
    async setSentViaIfUnset(
      id: string,
      ownerUserId: string,
      via: NonNullable<UserVoucherRecord['sent_via']>,
    ): Promise<boolean> {
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: userVoucherKeys.item(id),
            UpdateExpression: 'SET sent_via = :via',
            ConditionExpression:
              'owner_user_id = :me AND (attribute_not_exists(sent_via) OR attribute_type(sent_via, :null))',
            ExpressionAttributeValues: { ':via': via, ':me': ownerUserId, ':null': 'NULL' },
          }),
        );
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
  };
}
