import { IMPERSONATION_TEXT } from '@gm/shared/admin/impersonation';
import { parseProfileInput, PROFILE_TEXT, type ProfileInput, type SaveProfileResponse } from '@gm/shared/users/profile';
import { regionLabel } from '@gm/shared/catalogue/reference-data';
import { toFieldErrors } from '@gm/shared/validation/fields';
import { MSG } from '@gm/shared/validation/messages';
import type { Actor } from '../../lib/auth.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import { ProfileWriteRefused, type ProfileSave } from '../../repositories/profile-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import { verificationDocumentKey, type VerificationRecord } from '../../repositories/verification-repository.ts';
import { takenError } from '../auth/create-account.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';
import { loadProfile } from './profile-view.ts';

export type UpdateProfileDeps = Pick<
  Deps,
  | 'log'
  | 'users'
  | 'audit'
  | 'companies'
  | 'verifications'
  | 'payoutAccounts'
  | 'profiles'
  | 'uploads'
  | 'documents'
  | 'identity'
  | 'clock'
  | 'newId'
  | 'newToken'
> & { vouchers: Pick<Deps['vouchers'], 'listBySeller'> };

type Side = 'front' | 'back' | 'additional';
const DOCUMENT_FIELD: Record<Side, 'id_front' | 'id_back' | 'id_additional'> = {
  front: 'id_front',
  back: 'id_back',
  additional: 'id_additional',
};

/** Only the owner changes their password; profiles: see `assertMayEditProfile`. */
export function assertOwnProfile(actor: Actor, id: string): void {
  if (actor.userId !== id) throw new ForbiddenError();
}

/**
 * POST user/{id} (01 §2/§5/§7, 02 §2/§5/§7). Main course:
 * 1. own profile only; the body is parsed by the profile's role and tab (buyer, seller, verification);
 * 2. the username never changes (01 §5), a stale `version` is refused before anything is uploaded;
 *    a social-login account cannot change its e-mail (422 on `email`, nothing written);
 * 3. new logos are published into the media bucket, new ID documents moved into the private bucket;
 * 4. profile, uniqueness swap, company, payout account and verification commit in ONE transaction
 *    (a taken e-mail, a stale version or a verified account writes nothing, and new documents are removed);
 * 5. after the commit: the Cognito e-mail (reverted in the table if Cognito refuses), replaced
 *    documents and a replaced cover image are deleted, and the seller summary in the seller's vouchers
 *    is refreshed (a failed commit deletes the logos it had published instead).
 */
/** The owner edits their profile; an admin edits anyone's from /users (issue 11; audited as `update_user`). */
export function assertMayEditProfile(actor: Actor, id: string): void {
  if (actor.userId !== id && actor.role !== 'admin') throw new ForbiddenError();
}

export async function updateProfile(
  deps: UpdateProfileDeps,
  actor: Actor,
  id: string,
  body: unknown,
): Promise<SaveProfileResponse> {
  assertMayEditProfile(actor, id);
  const user = await deps.users.get(id);
  if (!user) throw new NotFoundError('Benutzer nicht gefunden.');

  const parsed = parseProfileInput(user.role, body);
  if (!parsed.success) throw new ValidationError(toFieldErrors(parsed.error));
  const input = parsed.data;

  if (input.kind !== 'verification' && input.username && input.username !== user.username) {
    throw ValidationError.field('username', PROFILE_TEXT.usernameLocked);
  }
  if (input.version !== (user.version ?? 0)) throw new ConflictError(PROFILE_TEXT.changedMeanwhile);

  if (actor.impersonatedBy) await refuseWhileImpersonating(deps, user, input);

  const now = deps.clock().toISOString();
  const save: ProfileSave = { userId: user.id, expectedVersion: input.version, profile: {}, now };
  const newEmail = input.kind === 'verification' ? user.email : input.email;
  if (newEmail !== user.email) {
    const owner = await deps.users.ownerOf('email', newEmail);
    if (owner && owner !== user.id) throw takenError(['email']);
    // A social-login account has no Cognito user we could move to the new address: refuse before anything is written.
    if (!(await deps.identity.hasPasswordSignIn(user.email)))
      throw ValidationError.field('email', PROFILE_TEXT.emailSocialLocked);
    save.emailChange = { from: user.email, to: newEmail };
  }

  let company: CompanyRecord | undefined;
  let claimed: string[] = [];
  let replaced: string[] = [];
  /** Media published by this save (deleted again if the save fails) and media it makes unused (deleted after it succeeded). */
  const media: { published: string[]; replaced: string[] } = { published: [], replaced: [] };
  switch (input.kind) {
    case 'buyer':
      save.profile = {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        address: input.address,
        city: input.city,
        zip_code: input.zip_code,
        phone_number: input.phone_number,
        region_id: input.region_id,
        order_email: input.order_email ?? null,
      };
      break;
    case 'account':
      save.profile = {
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        order_email: input.order_email ?? null,
      };
      break;
    case 'seller': {
      company = await deps.companies.getBySeller(user.id);
      save.profile = {
        email: input.email,
        phone_number: input.phone_number,
        region_id: input.region_id,
        order_email: input.order_email ?? null,
        address: input.address,
        city: input.city,
        zip_code: input.zip_code,
      };
      const random = () => deps.newToken().slice(0, 16);
      const logo = input.logo_upload_id
        ? await deps.uploads.publish(
            actor,
            input.logo_upload_id,
            'company-logo',
            `companies/${user.id}/logo-${random()}`,
          )
        : undefined;
      const headerLogo = input.header_logo_upload_id
        ? await deps.uploads.publish(
            actor,
            input.header_logo_upload_id,
            'company-cover',
            `companies/${user.id}/header-${random()}`,
          )
        : undefined;
      save.company = {
        name: input.company_name,
        description: input.description,
        url: input.url,
        vat_number: input.vat_number,
        address: input.address,
        city: input.city,
        zip_code: input.zip_code,
        region_id: input.region_id,
        ...(logo ? { logo } : {}),
        ...(headerLogo ? { header_logo: headerLogo } : {}),
      };
      media.published = [logo, headerLogo].filter((url): url is string => Boolean(url));
      // The logo is copied into every voucher snapshot (cart lines, orders, wallets), so a replaced logo
      // stays; the cover (header_logo) is shown only live on the seller page and can go.
      if (headerLogo && company?.header_logo && company.header_logo !== headerLogo)
        media.replaced = [company.header_logo];
      if (!company) save.newCompanyId = deps.newId();
      if (input.iban && input.bic)
        save.payout = { iban: input.iban, bic: input.bic, account_holder: input.company_name };
      break;
    }
    case 'verification': {
      const stored = await deps.verifications.get(user.id);
      if (stored?.status === 'verified') throw verifiedError();
      const documents = await claimDocuments(deps, actor, user.id, input);
      claimed = Object.values(documents).filter((key): key is string => Boolean(key));
      const keys = {
        front: documents.front ?? stored?.id_front_key ?? null,
        back: documents.back ?? stored?.id_back_key ?? null,
        additional: documents.additional ?? stored?.id_additional_key ?? null,
      };
      // All three documents are required in the profile (02 §5), stored or new.
      const missing = (Object.keys(keys) as Side[]).filter((side) => !keys[side]);
      if (missing.length) {
        await removeDocuments(deps, claimed);
        throw new ValidationError(Object.fromEntries(missing.map((side) => [DOCUMENT_FIELD[side], [MSG.required]])));
      }
      replaced = replacedKeys(stored, documents);
      save.profile = { first_name: input.firstName, last_name: input.lastName, bday: input.bday };
      save.verification = {
        first_name: input.firstName,
        last_name: input.lastName,
        bday: input.bday,
        id_front_key: keys.front!,
        id_back_key: keys.back!,
        id_additional_key: keys.additional,
      };
      break;
    }
  }

  try {
    await deps.profiles.save(save);
  } catch (error) {
    await removeDocuments(deps, claimed);
    await deps.uploads.discard(media.published, 'profile: save failed');
    if (error instanceof ProfileWriteRefused) {
      if (error.reason === 'email-taken') throw takenError(['email']);
      if (error.reason === 'verified') throw verifiedError();
      throw new ConflictError(PROFILE_TEXT.changedMeanwhile);
    }
    throw error;
  }
  // The save held against the version read, so `company` was the stored one: its old cover is unused now.
  await deps.uploads.discard(media.replaced, 'profile: cover replaced');

  if (save.emailChange) {
    try {
      await deps.identity.changeEmail(save.emailChange.from, save.emailChange.to);
    } catch (error) {
      await deps.profiles.revertEmail(user.id, save.emailChange, deps.clock().toISOString());
      if ((error as Error).name === 'AliasExistsException' || (error as Error).name === 'UsernameExistsException')
        throw takenError(['email']);
      if ((error as Error).name === 'UserNotFoundException')
        throw ValidationError.field('email', PROFILE_TEXT.emailSocialLocked);
      throw error;
    }
  }
  await removeDocuments(deps, replaced);

  const fresh = await deps.users.get(user.id);
  if (!fresh) throw new NotFoundError('Benutzer nicht gefunden.');
  const profile = await loadProfile(deps, fresh);
  if (input.kind === 'seller' && profile.company && summaryChanged(company, profile.company, user, fresh)) {
    await deps.profiles.refreshSellerSummary(await deps.vouchers.listBySeller(user.id), {
      id: user.id,
      username: fresh.username,
      company: {
        name: profile.company.name,
        logo: profile.company.logo,
        region: regionLabel(profile.company.region_id),
        url: profile.company.url,
      },
      is_activated: fresh.is_activated !== false,
    });
  }
  if (actor.userId !== user.id) {
    // An admin edited someone else's profile (/users): recorded after the commit, naming the tab and the fields sent.
    await deps.audit.put(
      auditEntry(
        deps,
        'update_user',
        { actor: actor.userId, target: user.id },
        { kind: input.kind, fields: Object.keys(save.profile).sort(), email_changed: Boolean(save.emailChange) },
      ),
    );
  }
  return { message: PROFILE_TEXT.saved, user: profile };
}

/**
 * An admin acting as the user (issue 11) may edit the profile but not the account's e-mail, payout
 * data (IBAN/BIC) or ID documents: those stay the user's own. Unchanged values pass, so the
 * profile form (which always sends them) still saves.
 */
async function refuseWhileImpersonating(
  deps: Pick<UpdateProfileDeps, 'payoutAccounts'>,
  user: UserRecord,
  input: ProfileInput,
): Promise<void> {
  if (input.kind === 'verification') throw new ForbiddenError(IMPERSONATION_TEXT.refused);
  const same = (a: string | null | undefined, b: string | null | undefined) =>
    (a ?? '').replace(/\s+/g, '').toUpperCase() === (b ?? '').replace(/\s+/g, '').toUpperCase();
  if (!same(input.email, user.email)) throw ValidationError.field('email', IMPERSONATION_TEXT.refused);
  if (input.kind === 'seller' && (input.iban || input.bic)) {
    const stored = await deps.payoutAccounts.get(user.id);
    if (!same(input.iban, stored?.iban)) throw ValidationError.field('iban', IMPERSONATION_TEXT.refused);
    if (!same(input.bic, stored?.bic)) throw ValidationError.field('bic', IMPERSONATION_TEXT.refused);
  }
}

function verifiedError(): ValidationError {
  return new ValidationError(
    {
      id_front: [PROFILE_TEXT.verifiedLocked],
      id_back: [PROFILE_TEXT.verifiedLocked],
      id_additional: [PROFILE_TEXT.verifiedLocked],
    },
    PROFILE_TEXT.verifiedLocked,
  );
}

async function claimDocuments(
  deps: Pick<UpdateProfileDeps, 'uploads' | 'documents' | 'newToken' | 'log'>,
  actor: Actor,
  sellerId: string,
  input: Extract<ProfileInput, { kind: 'verification' }>,
): Promise<Partial<Record<Side, string>>> {
  const wanted: Array<[Side, string | null | undefined]> = [
    ['front', input.id_front_upload_id],
    ['back', input.id_back_upload_id],
    ['additional', input.id_additional_upload_id],
  ];
  const out: Partial<Record<Side, string>> = {};
  for (const [side, uploadId] of wanted) {
    if (!uploadId) continue;
    try {
      out[side] = await deps.uploads.claimPrivate(actor, uploadId, 'verification-document', (extension) =>
        verificationDocumentKey(sellerId, side, deps.newToken().slice(0, 16), extension),
      );
    } catch (error) {
      await removeDocuments(deps, Object.values(out));
      // The upload's problem belongs to its field on the form.
      if (error instanceof ValidationError)
        throw new ValidationError({ [DOCUMENT_FIELD[side]]: error.errors.upload_id ?? [error.message] }, error.message);
      throw error;
    }
  }
  return out;
}

function replacedKeys(stored: VerificationRecord | undefined, documents: Partial<Record<Side, string>>): string[] {
  if (!stored) return [];
  const old: Record<Side, string | null> = {
    front: stored.id_front_key,
    back: stored.id_back_key,
    additional: stored.id_additional_key,
  };
  return (Object.keys(documents) as Side[]).flatMap((side) => (old[side] ? [old[side]] : []));
}

/** Best effort: unreferenced private objects are harmless, a failed clean-up must not hide the answer. */
async function removeDocuments(
  deps: Pick<UpdateProfileDeps, 'documents' | 'log'>,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await deps.documents.remove(keys).catch((error: unknown) => {
    deps.log.error('could not remove verification documents', { error });
  });
}

function summaryChanged(
  before: CompanyRecord | undefined,
  after: { name: string; logo: string | null; region_id: number | null; url: string | null },
  userBefore: UserRecord,
  userAfter: UserRecord,
): boolean {
  if (!before) return true;
  return (
    before.name !== after.name ||
    before.logo !== after.logo ||
    before.region_id !== after.region_id ||
    before.url !== after.url ||
    userBefore.username !== userAfter.username
  );
}
