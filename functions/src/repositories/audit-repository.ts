import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listCountKeys, readListCount } from './list-counts.ts';
import { queryUpTo } from './query-all.ts';
import type { TransactionPart } from './transaction-part.ts';

/**
 * The admin audit trail (data-model "Audit"): immutable entries of who did what to whom. Every admin
 * write (activation, toggles, deletion, reversal, settings, subdomains, revocations) and every write
 * made under impersonation puts one. Listed newest first by actor (GSI1), by target (GSI2) or all (GSI3).
 */
export type AuditAction =
  | 'impersonate'
  | 'impersonated_write'
  | 'end_impersonation'
  | 'activate_seller'
  | 'deactivate_user'
  | 'activate_user'
  | 'view_document'
  | 'verify_documents'
  | 'delete_user'
  | 'update_user'
  | 'toggle_gift'
  | 'toggle_auth'
  | 'toggle_custom_confirmation'
  | 'toggle_monthly_reporting'
  | 'reverse_order'
  | 'delete_order'
  | 'revoke_redemption'
  | 'set_subdomain'
  | 'update_settings'
  | 'run_payout'
  | 'complete_seller_payout'
  | 'send_seller_invoice'
  // Issue 13 (tourism): the admin's tourism switch, partner toggles (admin or the tourism account).
  | 'toggle_tourism'
  | 'toggle_partner'
  | 'toggle_can_generate';

export type AuditEntry = {
  id: string;
  action: AuditAction;
  actor_id: string;
  target_id: string;
  details: Record<string, unknown>;
  at: string;
};

export type AuditPage = { items: AuditEntry[]; lastKey?: Record<string, unknown> };

export const auditKeys = {
  entry: (id: string) => ({ PK: `AUDIT#${id}`, SK: 'AUDIT' }),
  byActor: (actorId: string) => `USER#${actorId}#AUDIT`,
  byTarget: (targetId: string) => `USER#${targetId}#AUDITED`,
  all: 'AUDIT',
};

export type AuditRepository = ReturnType<typeof createAuditRepository>;

function item(entry: AuditEntry) {
  const sk = `${entry.at}#${entry.id}`;
  return {
    ...auditKeys.entry(entry.id),
    GSI1PK: auditKeys.byActor(entry.actor_id),
    GSI1SK: sk,
    GSI2PK: auditKeys.byTarget(entry.target_id),
    GSI2SK: sk,
    GSI3PK: auditKeys.all,
    GSI3SK: sk,
    entity: 'Audit',
    ...entry,
  };
}

/**
 * Puts single entries and nothing else: what every route's impersonated-write audit needs (lib/http.ts),
 * so a route that does not use the repository does not bundle it (issue 15). The repository's `put` is this.
 */
export function createAuditWriter(db: DynamoDBDocumentClient, tableName: string) {
  return {
    /** Puts one entry on its own (the write it records has already committed). */
    async put(entry: AuditEntry): Promise<void> {
      await db.send(
        new PutCommand({ TableName: tableName, Item: item(entry), ConditionExpression: 'attribute_not_exists(PK)' }),
      );
    },
  };
}

export function createAuditRepository(db: DynamoDBDocumentClient, tableName: string) {
  const query = (name: 'GSI1' | 'GSI2' | 'GSI3', pk: string) =>
    new QueryCommand({
      TableName: tableName,
      IndexName: name,
      KeyConditionExpression: `${name}PK = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
    });

  async function page(
    name: 'GSI1' | 'GSI2' | 'GSI3',
    pk: string,
    limit: number,
    startKey?: Record<string, unknown>,
  ): Promise<AuditPage> {
    const { items, lastKey } = await queryUpTo(db, query(name, pk), limit, startKey);
    return {
      items: items.map((raw) => {
        const { id, action, actor_id, target_id, details, at } = raw as AuditEntry;
        return { id, action, actor_id, target_id, details: details ?? {}, at };
      }),
      ...(lastKey ? { lastKey } : {}),
    };
  }

  return {
    put: createAuditWriter(db, tableName).put,

    /** The entry as part of the transaction whose write it records, so both commit or neither. */
    part(entry: AuditEntry): TransactionPart {
      return { Put: { TableName: tableName, Item: item(entry), ConditionExpression: 'attribute_not_exists(PK)' } };
    },

    /** What one admin did (also under impersonation), newest first. */
    listByActor: (actorId: string, limit: number, startKey?: Record<string, unknown>) =>
      page('GSI1', auditKeys.byActor(actorId), limit, startKey),

    /** What was done to one user, newest first. */
    listByTarget: (targetId: string, limit: number, startKey?: Record<string, unknown>) =>
      page('GSI2', auditKeys.byTarget(targetId), limit, startKey),

    /** Everything, newest first. */
    listAll: (limit: number, startKey?: Record<string, unknown>) => page('GSI3', auditKeys.all, limit, startKey),

    /**
     * How many entries each list holds (`total` of the paged answer): the aggregator's row counts
     * `USER#<id>#STATS/AUDIT_COUNTS` (repositories/list-counts.ts), one GetItem — not a COUNT of the partition.
     */
    countByActor: (actorId: string) => readListCount(db, tableName, listCountKeys.audit(actorId), 'by_actor'),
    countByTarget: (targetId: string) => readListCount(db, tableName, listCountKeys.audit(targetId), 'of_target'),
  };
}
