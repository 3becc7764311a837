import { paginate, type Paged } from '@gm/shared/api/paged';
import { regionLabel } from '@gm/shared/catalogue/reference-data';
import {
  WALLET_TEXT,
  type UserVoucher,
  type UserVoucherDetail,
  type QrResolveResponse,
  type UserVoucherPersonalisationView,
  type WalletSeller,
} from '@gm/shared/wallet/contracts';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import type { TemplateRecord } from '../../repositories/template-repository.ts';
import type { UserVoucherRecord } from '../../repositories/user-voucher-repository.ts';
import type { Deps } from '../deps.ts';

/** A media key (`user-vouchers/…`) or path (`/media/…`) as the URL path the web loads; other URLs unchanged. */
export function mediaPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^(https?:|data:|\/media\/)/.test(value)) return value;
  return `/media/${value.replace(/^\/+/, '').replace(/^media\//, '')}`;
}

/** The API shape of a user voucher (01 §3), for its owner. `templates` resolves the chosen template's image. */
export function toUserVoucher(
  record: UserVoucherRecord,
  templates: ReadonlyMap<string, Pick<TemplateRecord, 'image'>> = new Map(),
): UserVoucher {
  const p = record.personalisation;
  const personalisation: UserVoucherPersonalisationView | null = p
    ? {
        template_id: p.template_id,
        template_image: p.template_id ? mediaPath(templates.get(p.template_id)?.image) : null,
        custom_image: mediaPath(p.custom_image),
        custom_background_image: mediaPath(p.custom_background_image),
        background_aid: p.background_aid,
        text_color: p.text_color,
        note: p.note,
        price_hidden: p.price_hidden,
        updated_at: p.updated_at,
      }
    : null;
  return {
    id: record.id,
    code: record.code,
    qr: record.qr,
    order_id: record.order_id,
    order_no: record.order_no,
    voucher_id: record.voucher_id,
    seller_id: record.seller_id,
    voucher: record.voucher,
    type: record.type,
    qty: record.qty,
    value: record.value,
    remaining_qty: record.remaining_qty,
    remaining_value: record.remaining_value,
    valid_until: record.valid_until,
    status: record.status,
    sent_via: record.sent_via ?? null,
    personalisation,
    from_name: record.from_name ?? null,
    has_transfer_link: Boolean(record.transfer_code),
    acquired_at: record.acquired_at,
    created_at: record.created_at,
    version: record.version,
  };
}

async function templateImages(
  deps: Pick<Deps, 'templates'>,
  records: readonly UserVoucherRecord[],
): Promise<Map<string, TemplateRecord>> {
  const ids = new Set(records.map((r) => r.personalisation?.template_id).filter((id): id is string => Boolean(id)));
  if (ids.size === 0) return new Map();
  const all = await deps.templates.listAll();
  return new Map(all.filter((t) => ids.has(t.id)).map((t) => [t.id, t]));
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

function matches(record: UserVoucherRecord, keyword: string): boolean {
  const haystack = fold(
    [
      record.voucher.title,
      record.voucher.seller.company?.name ?? '',
      record.voucher.seller.username,
      record.code,
      record.order_no,
    ].join(' '),
  );
  return fold(keyword)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * POST user-voucher/search/user-vouchers: the caller's wallet (GSI1 `USER#<me>#WALLET`, a bounded
 * partition), newest first unless `isNewest` is false, filtered by keyword (title, seller, code,
 * order number) and by tenant shop (`subdomain`, else the request's tenant host: only vouchers of
 * the seller owning that subdomain; an unknown subdomain lists nothing), `paginate` per page (9)
 * with next_page_url.
 */
export async function searchWallet(
  deps: Pick<Deps, 'userVouchers' | 'templates' | 'users'>,
  actor: Actor,
  input: {
    keyword?: string | null | undefined;
    page: number;
    paginate: number;
    isNewest?: boolean | null | undefined;
    subdomain?: string | null | undefined;
  },
  pageUrl: (page: number) => string,
  tenant?: string | undefined,
): Promise<{ user_vouchers: Paged<UserVoucher> }> {
  const subdomain = (input.subdomain || tenant || '').toLowerCase();
  const [all, shopSeller] = await Promise.all([
    deps.userVouchers.listByOwner({ userId: actor.userId }),
    subdomain ? deps.users.ownerOf('subdomain', subdomain) : undefined,
  ]);
  let records = subdomain ? all.filter((r) => shopSeller !== undefined && r.seller_id === shopSeller) : all;
  const keyword = input.keyword?.trim();
  if (keyword) records = records.filter((r) => matches(r, keyword));
  if (input.isNewest === false) records = [...records].reverse();
  const page = paginate(records, input.page, input.paginate, pageUrl);
  const templates = await templateImages(deps, page.data);
  return { user_vouchers: { ...page, data: page.data.map((r) => toUserVoucher(r, templates)) } };
}

/** The caller's own user voucher, or 404 (never 403: whether another buyer's id exists is not told). */
export async function ownUserVoucher(
  deps: Pick<Deps, 'userVouchers'>,
  actor: Actor,
  id: string,
): Promise<UserVoucherRecord> {
  const record = await deps.userVouchers.get(id);
  if (!record || !record.owner_user_id || record.owner_user_id !== actor.userId) throw new NotFoundError();
  return record;
}

async function sellerInfo(deps: Pick<Deps, 'companies' | 'users'>, record: UserVoucherRecord): Promise<WalletSeller> {
  const [company, stored] = await Promise.all([
    deps.companies.getBySeller(record.seller_id),
    deps.users.get(record.seller_id),
  ]);
  // A deleted seller (issue 11) is shown from the voucher's snapshot only, never from its tombstone.
  const profile = stored?.deleted_at ? undefined : stored;
  const ownAddress = Boolean(company?.address);
  return {
    id: record.seller_id,
    username: profile?.username ?? record.voucher.seller.username ?? null,
    company_name: company?.name || record.voucher.seller.company?.name || record.voucher.seller.username,
    logo: company?.logo ?? record.voucher.seller.company?.logo ?? null,
    address: (ownAddress ? company?.address : profile?.address) ?? null,
    zip_code: (ownAddress ? company?.zip_code : profile?.zip_code) ?? null,
    city: (ownAddress ? company?.city : profile?.city) ?? null,
    region:
      regionLabel(company?.region_id ?? profile?.region_id ?? record.voucher.region_id) ??
      record.voucher.seller.company?.region ??
      null,
    phone: profile?.phone_number ?? null,
    email: profile?.order_email || profile?.email || null,
    url: company?.url ?? record.voucher.seller.company?.url ?? null,
  };
}

/** GET user-voucher/{id}: the wallet voucher detail with seller info and the voucher's current texts and images; owner only. */
export async function getUserVoucher(
  deps: Pick<Deps, 'userVouchers' | 'templates' | 'companies' | 'users' | 'vouchers'>,
  actor: Actor,
  id: string,
): Promise<{ user_voucher: UserVoucherDetail }> {
  const record = await ownUserVoucher(deps, actor, id);
  const [templates, seller, voucher] = await Promise.all([
    templateImages(deps, [record]),
    sellerInfo(deps, record),
    deps.vouchers.get(record.voucher_id),
  ]);
  const live = voucher && !voucher.deleted_at ? voucher : undefined;
  return {
    user_voucher: {
      ...toUserVoucher(record, templates),
      seller,
      voucher_info: live
        ? {
            description: live.description,
            long_description: live.long_description,
            note: live.note,
            image_1: live.image_1,
            image_2: live.image_2,
            image_3: live.image_3,
            expiry_date: live.expiry_date,
            isReserve: live.isReserve,
          }
        : null,
    },
  };
}

/**
 * GET user-voucher/qr/{code}: resolves a QR URL for a browser (docs/decisions/wallet.md "The QR URL opened in a browser"):
 * the catalogue voucher to show, plus the user voucher id when the caller is its owner. The code is a
 * 128-bit bearer credential, so answering for it reveals nothing a holder does not already have.
 */
export async function resolveQr(
  deps: Pick<Deps, 'userVouchers'>,
  actor: Actor | undefined,
  code: string,
): Promise<QrResolveResponse> {
  const entry = /^[0-9A-Z]{20,40}$/i.test(code) ? await deps.userVouchers.getCode(code.toUpperCase()) : undefined;
  const record = entry ? await deps.userVouchers.get(entry.user_voucher_id) : undefined;
  if (!record || record.code !== code.toUpperCase()) throw new NotFoundError();
  return {
    voucher_id: record.voucher_id,
    user_voucher_id: actor && record.owner_user_id === actor.userId ? record.id : null,
  };
}

/** Per address and per caller IP, per hour (forgot-password uses the same pattern). */
export const GUEST_RETRIEVAL_LIMITS = { perAddress: 3, perIp: 20, windowSeconds: 3600 } as const;
/**
 * POST retrieve/guest-vouchers: counts the request against the per-IP and per-address limits (429),
 * puts a `guest-vouchers` job on the mail queue and answers. Nothing before the answer depends on
 * whether the address has vouchers (issue 14: constant time), so neither the answer nor its timing
 * tells whether someone ordered; the mail worker finds and mails them (`mailGuestVouchers`).
 */
export async function retrieveGuestVouchers(
  deps: Pick<Deps, 'rateLimiter' | 'mailQueue' | 'clock'>,
  input: { email: string },
  ip: string,
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const now = Math.floor(deps.clock().getTime() / 1000);
  const { perAddress, perIp, windowSeconds } = GUEST_RETRIEVAL_LIMITS;
  if (!(await deps.rateLimiter.hit('guest-retrieval-ip', ip, perIp, windowSeconds, now)))
    throw new TooManyRequestsError();
  if (!(await deps.rateLimiter.hit('guest-retrieval', email, perAddress, windowSeconds, now)))
    throw new TooManyRequestsError();
  await deps.mailQueue.enqueue({ kind: 'guest-vouchers', email });
  return { message: WALLET_TEXT.guestRetrievalSent };
}
