import { ORIGIN } from '@gm/shared/admin/users';
import type { AuthResponse } from '@gm/shared/auth/contracts';
import { SELLER_TEXT, sniffImageType, type SellerRegistration } from '@gm/shared/auth/seller-registration';
import { IMAGE_DAMAGED, IMAGE_TOO_MANY_PIXELS } from '@gm/shared/uploads/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { TransactionPart } from '../../repositories/transaction-part.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { verificationDocumentKey, type VerificationRecord } from '../../repositories/verification-repository.ts';
import type { Deps } from '../deps.ts';
import { registrationReceivedMail } from '../admin/account-mails.ts';
import { toApiUser } from '../users/user-view.ts';
import { tourismAccountOfTenant } from '../tourism/partners.ts';
import { checkImage } from '../uploads/image-check.ts';
import { createAccount, takenError } from './create-account.ts';

type SellerDeps = Pick<
  Deps,
  | 'users'
  | 'companies'
  | 'verifications'
  | 'payoutAccounts'
  | 'documents'
  | 'identity'
  | 'mailer'
  | 'clock'
  | 'newId'
  | 'newToken'
>;

type Side = 'front' | 'back' | 'additional';
const FIELD_OF: Record<Side, string> = { front: 'id_front', back: 'id_back', additional: 'id_additional' };
type StoredDocument = { side: Side; key: string };

/**
 * Registers a seller or partner (02 §2, §5). Main course:
 * 1. the ID documents must really be JPEG or PNG (by their bytes, not their name);
 * 2. a quick look at e-mail and username spares uploading files for a taken name;
 * 3. the documents go to the private bucket under the new user id;
 * 4. user, uniqueness items, company, verification and payout account commit in ONE transaction
 *    (a taken value writes nothing, and the uploaded documents are deleted again);
 * 5. the Cognito account (group seller); if Cognito refuses, items and documents are removed;
 * 6. the mail that the product checks the account and gets in touch within 24 hours.
 * The seller starts not activated: the product checks the documents and activates the account.
 */
export async function registerSeller(
  deps: SellerDeps,
  input: SellerRegistration<UploadedFile>,
  context: { tenant?: string } = {},
): Promise<AuthResponse> {
  const documents = checkedDocuments(input);

  const [emailOwner, usernameOwner] = await Promise.all([
    deps.users.ownerOf('email', input.account.email),
    deps.users.ownerOf('username', input.account.username),
  ]);
  const taken = [...(emailOwner ? (['email'] as const) : []), ...(usernameOwner ? (['username'] as const) : [])];
  if (taken.length) throw takenError(taken);

  const now = deps.clock().toISOString();
  // Issue 13: a partner registering on a tourism tenant belongs to that tenant's tourism account.
  const tourism = input.mode === 'partner' ? await tourismAccountOfTenant(deps, context.tenant) : undefined;
  const user = { ...sellerUser(deps.newId(), input, now), ...(tourism ? { tourism_id: tourism.id } : {}) };
  const stored = await storeDocuments(deps, user.id, documents);

  const company: CompanyRecord | undefined = input.company
    ? sellerCompany(deps.newId(), user, input.company, now)
    : undefined;
  const verification: VerificationRecord | undefined =
    input.owner && stored.length ? sellerVerification(user.id, input.owner, stored, now) : undefined;
  const parts: TransactionPart[] = [];
  const undoParts: TransactionPart[] = [];
  if (company) {
    parts.push(deps.companies.createPart(company));
    undoParts.push(deps.companies.deletePart(user.id));
  }
  if (verification) {
    parts.push(deps.verifications.createPart(verification));
    undoParts.push(deps.verifications.deletePart(user.id));
  }
  if (input.payout) {
    const holder = input.company?.name ?? [input.owner?.firstName, input.owner?.lastName].filter(Boolean).join(' ');
    parts.push(
      deps.payoutAccounts.createPart({
        seller_id: user.id,
        account_holder: holder,
        iban: input.payout.iban,
        bic: input.payout.bic,
        stripe_account_id: null,
        payouts_enabled: false,
        created_at: now,
        updated_at: now,
      }),
    );
    undoParts.push(deps.payoutAccounts.deletePart(user.id));
  }

  await createAccount(deps, user, input.account.password, {
    parts,
    undoParts,
    cleanUp: () => removeDocuments(deps, stored),
  });

  // 02 §1: the product checks the account and gets in touch within 24 hours. The account exists now,
  // so a failed mail must not fail the registration (a retry would only meet "e-mail taken").
  await deps.mailer.send(registrationReceivedMail(user.email, user.username)).catch((error: unknown) => {
    console.error(JSON.stringify({ level: 'error', message: 'registration mail failed', error: String(error) }));
  });

  const token = await deps.identity.signIn(user.email, input.account.password);
  if (!token) throw new Error('sign-in right after registration failed');
  return { token, user: toApiUser(user, company), message: SELLER_TEXT.registered };
}

/**
 * Each document with its real type, decoded in full like every other upload (issue 14: a file that
 * only starts like a JPEG/PNG is no ID document); anything else answers 422 on its field.
 */
function checkedDocuments(
  input: SellerRegistration<UploadedFile>,
): Array<{ side: Side; file: UploadedFile; type: 'image/jpeg' | 'image/png' }> {
  if (!input.documents) return [];
  const { front, back, additional } = input.documents;
  const files: Array<[Side, UploadedFile | null]> = [
    ['front', front],
    ['back', back],
    ['additional', additional],
  ];
  const errors: Record<string, string[]> = {};
  const checked = files.flatMap(([side, file]) => {
    if (!file) return [];
    const type = sniffImageType(file.bytes);
    if (!type) {
      errors[FIELD_OF[side]] = [SELLER_TEXT.documentType];
      return [];
    }
    const check = checkImage(file.bytes, type);
    if (!check.ok) {
      errors[FIELD_OF[side]] = [check.reason === 'dimensions' ? IMAGE_TOO_MANY_PIXELS : IMAGE_DAMAGED];
      return [];
    }
    return [{ side, file, type }];
  });
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return checked;
}

async function storeDocuments(
  deps: Pick<SellerDeps, 'documents' | 'newToken'>,
  userId: string,
  documents: ReturnType<typeof checkedDocuments>,
): Promise<StoredDocument[]> {
  const stored = documents.map(({ side, type }) => ({
    side,
    type,
    key: verificationDocumentKey(userId, side, deps.newToken().slice(0, 16), type === 'image/png' ? 'png' : 'jpg'),
  }));
  const results = await Promise.allSettled(
    stored.map((doc, i) => deps.documents.put(doc.key, documents[i]!.file.bytes, doc.type)),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await removeDocuments(deps, stored);
    throw failed.reason;
  }
  return stored.map(({ side, key }) => ({ side, key }));
}

/** Best effort: a failed clean-up must not hide the error that caused it (the keys are unreferenced). */
async function removeDocuments(deps: Pick<SellerDeps, 'documents'>, stored: readonly StoredDocument[]): Promise<void> {
  if (stored.length === 0) return;
  await deps.documents.remove(stored.map((d) => d.key)).catch((error: unknown) => {
    console.error(
      JSON.stringify({ level: 'error', message: 'could not remove verification documents', error: String(error) }),
    );
  });
}

function sellerUser(id: string, input: SellerRegistration<UploadedFile>, now: string): UserRecord {
  return {
    id,
    username: input.account.username,
    email: input.account.email,
    role: 'seller',
    first_name: input.owner?.firstName ?? null,
    last_name: input.owner?.lastName ?? null,
    address: input.company?.address ?? null,
    city: input.company?.city ?? null,
    zip_code: input.company?.zip_code ?? null,
    phone_number: input.account.phone_number,
    region_id: input.account.region_id,
    bday: input.owner?.bday ?? null,
    is_activated: false,
    is_tourism: false,
    is_partner: input.mode === 'partner',
    can_generate: false,
    gift_locked: false,
    is_custom_auth: false,
    order_email: null,
    subdomain: null,
    seller_id: null,
    is_custom_confirmation: false,
    monthly_reporting: false,
    origin: input.mode === 'partner' ? ORIGIN.partnerRegistration : ORIGIN.sellerRegistration,
    consents: { dataPrivacy: now, terms: now, commission: input.consents.commission ? now : null },
    created_at: now,
    updated_at: now,
  };
}

function sellerCompany(
  id: string,
  user: UserRecord,
  company: NonNullable<SellerRegistration['company']>,
  now: string,
): CompanyRecord {
  return {
    id,
    seller_id: user.id,
    name: company.name,
    description: company.description,
    url: company.url,
    logo: null,
    header_logo: null,
    region_id: user.region_id,
    vat_number: company.vat_number,
    background_color: null,
    text_color: null,
    header_1: null,
    header_2: null,
    // The hero (cover and titles) shows until the seller hides it on /website-configuration (issue 13).
    is_header_show: true,
    address: company.address,
    city: company.city,
    zip_code: company.zip_code,
    is_activated: false,
    created_at: now,
    updated_at: now,
  };
}

function sellerVerification(
  sellerId: string,
  owner: NonNullable<SellerRegistration['owner']>,
  stored: readonly StoredDocument[],
  now: string,
): VerificationRecord {
  const keyOf = (side: Side) => stored.find((d) => d.side === side)?.key ?? null;
  const front = keyOf('front');
  const back = keyOf('back');
  if (!front || !back) throw new Error('verification needs front and back documents');
  return {
    seller_id: sellerId,
    first_name: owner.firstName,
    last_name: owner.lastName,
    bday: owner.bday,
    id_front_key: front,
    id_back_key: back,
    id_additional_key: keyOf('additional'),
    status: 'submitted',
    verified_at: null,
    verified_by: null,
    created_at: now,
    updated_at: now,
  };
}
