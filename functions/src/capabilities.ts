import {
  EXPORTS_PREFIX,
  MAIL_OUTBOX_PREFIX,
  MEDIA_OBJECTS_PREFIX,
  SEARCH_SNAPSHOTS_PREFIX,
  SELLER_INVOICES_PREFIX,
  UPLOADS_PREFIX,
  VERIFICATION_PREFIX,
} from './adapters/bucket-prefixes.ts';
import type { GsiName } from './repositories/table-definition.ts';

/**
 * What a function may do with AWS, as named capabilities: each route of the manifest (routes.ts)
 * and each job declares the ones it uses (`uses`), infra/lib/api-stack.ts turns them into the IAM
 * policy of that function's role, and the local API checks every SDK call a handler makes against
 * its route's declaration (scripts/dev/capability-guard.ts), so an int test that reaches an
 * undeclared call fails.
 *
 * Every function additionally reads the impersonation public key (lib/authenticate.ts) and writes
 * its logs; those grants are not capabilities.
 */

/** DynamoDB actions as IAM names. A TransactWriteItems call is authorised per item by these. */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

export type BucketName = 'media' | 'private';
export type S3Action =
  's3:GetObject' | 's3:PutObject' | 's3:DeleteObject' | 's3:AbortMultipartUpload' | 's3:ListBucket';
/** The SSM parameters a function may read, by role (their names come from the CDK config). */
export type ParameterName = 'stripe' | 'newsletterSecret' | 'impersonationPrivateKey';

export type Capability = {
  readonly name: string;
  /** Actions on the table itself. */
  readonly table?: readonly TableAction[];
  /**
   * When set, `table` is granted only on items whose partition key starts with one of these
   * prefixes (IAM `dynamodb:LeadingKeys`).
   */
  readonly partitions?: readonly string[];
  /** Query on these global secondary indexes. */
  readonly indexes?: readonly GsiName[];
  readonly objects?: { readonly bucket: BucketName; readonly prefix: string; readonly actions: readonly S3Action[] };
  /** Cognito user-pool actions (admin API with the function's own credentials). */
  readonly cognito?: readonly `cognito-idp:${string}`[];
  /** Sending to the mail queue (the worker alone sends through SES). */
  readonly mail?: true;
  readonly parameters?: readonly ParameterName[];
};

/** Without side effects (the annotation tells bundlers so): a bundle that imports none of the capabilities drops them all. */
/* @__NO_SIDE_EFFECTS__ */
function capability<const C extends Capability>(c: C): C {
  return c;
}

// --- Table ---------------------------------------------------------------------------------------

/** Reading items by key and querying the table (not its indexes). */
export const TABLE_READ = capability({
  name: 'table read',
  table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
});
/** Writing items: put, update, delete, conditions; transactions are authorised per item by these. */
export const TABLE_WRITE = capability({
  name: 'table write',
  table: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
});
/**
 * Only the per-IP / per-account rate-limit counters (`RATE#…`, repositories/rate-limit-repository.ts):
 * lets a route that otherwise only reads (login, coupon check, balance check) count its callers
 * without any other write. Enforced by IAM with `dynamodb:LeadingKeys`.
 */
export const RATE_LIMIT = capability({
  name: 'rate limit counters',
  table: ['dynamodb:UpdateItem'],
  partitions: ['RATE#'],
});
/**
 * Only the user partitions (`USER#…`: the sign-in sessions `SESSION#…` and the sign-out cut-off,
 * repositories/session-repository.ts): login stores its session, refresh ends a refused one.
 * Enforced by IAM with `dynamodb:LeadingKeys`.
 */
export const SESSIONS = capability({
  name: 'sessions',
  table: ['dynamodb:PutItem', 'dynamodb:DeleteItem'],
  partitions: ['USER#'],
});
/**
 * Reading items by key only (no Query): routes that must not read whole partitions, such as the
 * search, which answers from the search snapshot and never from the catalogue projection.
 */
export const TABLE_GET = capability({
  name: 'table get',
  table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
});
/** The category tree: one Query of the `CATEGORY` partition (repositories/category-repository.ts). */
export const CATEGORY_TREE = capability({
  name: 'category tree',
  table: ['dynamodb:Query'],
  partitions: ['CATEGORY'],
});
/**
 * The search snapshot as the containers read it: the pointer item (`SEARCH#SNAPSHOT`, GetItem) and
 * the snapshot objects below `search-snapshots/` in the private bucket (issue 15).
 */
export const SEARCH_SNAPSHOT_READ = capability({
  name: 'search snapshot read',
  table: ['dynamodb:GetItem'],
  partitions: ['SEARCH#'],
  objects: { bucket: 'private', prefix: SEARCH_SNAPSHOTS_PREFIX, actions: ['s3:GetObject'] },
});
/**
 * Only the aggregated counters and their applied markers (issue 15, the stats aggregator fed by the
 * table's stream; repositories/stats-aggregate-repository.ts): `SELLER#<id>#STATS`, `PLATFORM#STATS`,
 * `USER#<id>` (its `STATS` item), `VOUCHER#<id>` (its `STATS` item and the voucher's popularity), the
 * catalogue entries' popularity (`CATALOGUE`) and `STATS_APPLIED#…`. Enforced by IAM with
 * `dynamodb:LeadingKeys` (prefixes: the seller, user and voucher partitions as a whole, as the local
 * capability guard matches them).
 */
export const STATS_AGGREGATION = capability({
  name: 'stats aggregation',
  table: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
  partitions: ['SELLER#', 'PLATFORM#STATS', 'USER#', 'VOUCHER#', 'CATALOGUE', 'STATS_APPLIED#'],
});
/**
 * Only the invoice numbering (issue 15, the same Lambda as the stats aggregation;
 * repositories/invoice-numbering-repository.ts): reads the sellers' counters and the drafts, and in
 * one transaction moves a counter (`COUNTER#INVOICE#…`), puts the invoices (`INVOICE#…`), sets the
 * order lines' `invoice_no` and deletes their drafts (`ORDER#…`). Enforced by IAM with `dynamodb:LeadingKeys`.
 */
export const INVOICE_NUMBERING = capability({
  name: 'invoice numbering',
  table: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
  ],
  partitions: ['COUNTER#INVOICE#', 'INVOICE#', 'ORDER#'],
});
export const QUERY_GSI1 = capability({ name: 'query GSI1', indexes: ['GSI1'] });
export const QUERY_GSI2 = capability({ name: 'query GSI2', indexes: ['GSI2'] });
export const QUERY_GSI3 = capability({ name: 'query GSI3', indexes: ['GSI3'] });

// --- Buckets -------------------------------------------------------------------------------------

/** Public files (vouchers' images, logos): reading them back (PDF rendering, promotion checks). */
export const MEDIA_READ = capability({
  name: 'media read',
  objects: { bucket: 'media', prefix: MEDIA_OBJECTS_PREFIX, actions: ['s3:GetObject'] },
});
/** Public files: writing (promoted uploads, rendered images) and deleting replaced ones. */
export const MEDIA_WRITE = capability({
  name: 'media write',
  objects: { bucket: 'media', prefix: MEDIA_OBJECTS_PREFIX, actions: ['s3:PutObject', 's3:DeleteObject'] },
});
/**
 * Presigned image uploads in the private bucket: issuing one (PUT), and the save that claims it
 * (reads its head and bytes, copies it into media, deletes it).
 */
export const UPLOADS = capability({
  name: 'uploads',
  objects: {
    bucket: 'private',
    prefix: UPLOADS_PREFIX,
    actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  },
});
/** Large downloads handed out as presigned GETs (written, multipart when large, then read through the link). */
export const EXPORTS = capability({
  name: 'exports',
  objects: {
    bucket: 'private',
    prefix: EXPORTS_PREFIX,
    actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
  },
});
/** Sellers' identity documents: reading (admin review, presigned view). */
export const VERIFICATION_READ = capability({
  name: 'verification documents read',
  objects: { bucket: 'private', prefix: VERIFICATION_PREFIX, actions: ['s3:GetObject'] },
});
/** Sellers' identity documents: storing and removing them (listing for the account deletion). */
export const VERIFICATION_WRITE = capability({
  name: 'verification documents write',
  objects: {
    bucket: 'private',
    prefix: VERIFICATION_PREFIX,
    actions: ['s3:PutObject', 's3:DeleteObject', 's3:ListBucket'],
  },
});
export const SELLER_INVOICES_READ = capability({
  name: 'seller invoices read',
  objects: { bucket: 'private', prefix: SELLER_INVOICES_PREFIX, actions: ['s3:GetObject'] },
});
export const SELLER_INVOICES_WRITE = capability({
  name: 'seller invoices write',
  objects: { bucket: 'private', prefix: SELLER_INVOICES_PREFIX, actions: ['s3:PutObject'] },
});

// --- Cognito, SES, parameters --------------------------------------------------------------------

/** Creating a sign-in (registration): the user, its password, its group; deleted again on failure. */
export const ACCOUNT_CREATE = capability({
  name: 'account create',
  cognito: [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminDeleteUser',
  ],
});
/** Changing a sign-in's password or e-mail address, and asking whether it has a password. */
export const ACCOUNT_CREDENTIALS = capability({
  name: 'account credentials',
  cognito: ['cognito-idp:AdminSetUserPassword', 'cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminGetUser'],
});
/** Finding an address's sign-ins (social links), enabling, disabling and deleting them. */
export const ACCOUNT_STATUS = capability({
  name: 'account status',
  cognito: [
    'cognito-idp:ListUsers',
    'cognito-idp:AdminEnableUser',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminDeleteUser',
  ],
});
/**
 * Handing a mail to the mail queue (issue 14: every mail is a job; only the mail worker talks to
 * SES): sqs:SendMessage on that queue, and a large job's body in the private bucket's `mail-outbox/`.
 */
export const MAIL = capability({
  name: 'mail',
  mail: true,
  objects: { bucket: 'private', prefix: MAIL_OUTBOX_PREFIX, actions: ['s3:PutObject'] },
});
/** The Stripe secret and webhook signing keys. */
export const STRIPE_KEYS = capability({ name: 'stripe keys', parameters: ['stripe'] });
export const NEWSLETTER_SECRET = capability({ name: 'newsletter secret', parameters: ['newsletterSecret'] });
/** The private key that signs impersonation tokens. */
export const IMPERSONATION_SIGNING = capability({
  name: 'impersonation signing',
  parameters: ['impersonationPrivateKey'],
});

/** Every capability, for tests and reports. */
export const CAPABILITIES: readonly Capability[] = [
  TABLE_READ,
  TABLE_GET,
  CATEGORY_TREE,
  SEARCH_SNAPSHOT_READ,
  TABLE_WRITE,
  RATE_LIMIT,
  SESSIONS,
  STATS_AGGREGATION,
  INVOICE_NUMBERING,
  QUERY_GSI1,
  QUERY_GSI2,
  QUERY_GSI3,
  MEDIA_READ,
  MEDIA_WRITE,
  UPLOADS,
  EXPORTS,
  VERIFICATION_READ,
  VERIFICATION_WRITE,
  SELLER_INVOICES_READ,
  SELLER_INVOICES_WRITE,
  ACCOUNT_CREATE,
  ACCOUNT_CREDENTIALS,
  ACCOUNT_STATUS,
  MAIL,
  STRIPE_KEYS,
  NEWSLETTER_SECRET,
  IMPERSONATION_SIGNING,
];

/** A declaration: at least one capability or the explicit `NOTHING` (a route that touches no AWS service). */
export type Uses = readonly Capability[];
export const NOTHING: Uses = [];

/** The union of a declaration, merged per service (what the IAM policy and the local check use). */
export type Grants = {
  table: TableAction[];
  /** Table actions limited to partition-key prefixes (`dynamodb:LeadingKeys`), unless `table` has them anyway. */
  scopedTable: { actions: TableAction[]; partitions: string[] }[];
  indexes: GsiName[];
  objects: { bucket: BucketName; prefix: string; actions: S3Action[] }[];
  cognito: string[];
  mail: boolean;
  parameters: ParameterName[];
};

export function grantsOf(uses: Uses): Grants {
  const objects = new Map<string, { bucket: BucketName; prefix: string; actions: Set<S3Action> }>();
  for (const c of uses) {
    if (!c.objects) continue;
    const key = `${c.objects.bucket}:${c.objects.prefix}`;
    const entry = objects.get(key) ?? { bucket: c.objects.bucket, prefix: c.objects.prefix, actions: new Set() };
    for (const a of c.objects.actions) entry.actions.add(a);
    objects.set(key, entry);
  }
  const uniq = <T>(values: T[]) => [...new Set(values)].sort();
  const table = uniq(uses.flatMap((c) => (c.partitions ? [] : (c.table ?? []))));
  const scopedTable = uses
    .filter((c) => c.partitions)
    .map((c) => ({
      actions: uniq((c.table ?? []).filter((a) => !table.includes(a))),
      partitions: uniq([...c.partitions!]),
    }))
    .filter((s) => s.actions.length > 0);
  return {
    table,
    scopedTable,
    indexes: uniq(uses.flatMap((c) => c.indexes ?? [])),
    objects: [...objects.values()]
      .map((o) => ({ bucket: o.bucket, prefix: o.prefix, actions: [...o.actions].sort() }))
      .sort((a, b) => `${a.bucket}:${a.prefix}`.localeCompare(`${b.bucket}:${b.prefix}`)),
    cognito: uniq(uses.flatMap((c) => c.cognito ?? [])),
    mail: uses.some((c) => c.mail),
    parameters: uniq(uses.flatMap((c) => c.parameters ?? [])),
  };
}

/** A stable text for a declaration: functions with equal grants share one IAM role. */
export function grantsKey(uses: Uses): string {
  return JSON.stringify(grantsOf(uses));
}
