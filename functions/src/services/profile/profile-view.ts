import type { Profile } from '@gm/shared/users/profile';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { PayoutAccountRecord } from '../../repositories/payout-account-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';
import type { VerificationRecord } from '../../repositories/verification-repository.ts';
import type { Deps } from '../deps.ts';
import { toApiUser } from '../users/user-view.ts';

export type ProfileReadDeps = Pick<Deps, 'users' | 'companies' | 'verifications' | 'payoutAccounts'>;

/** The profile as the tabs edit it: the API user plus version, company details, verification state and payout account. */
export function toProfile(
  user: UserRecord,
  extra: {
    company?: CompanyRecord | undefined;
    verification?: VerificationRecord | undefined;
    payout?: PayoutAccountRecord | undefined;
  },
): Profile {
  const base = toApiUser(user, extra.company);
  const { company, verification, payout } = extra;
  return {
    ...base,
    version: user.version ?? 0,
    bday: user.bday ?? null,
    company:
      base.company && company
        ? {
            ...base.company,
            vat_number: company.vat_number,
            address: company.address ?? null,
            city: company.city ?? null,
            zip_code: company.zip_code ?? null,
          }
        : null,
    verification: verification
      ? {
          status: verification.status,
          firstName: verification.first_name,
          lastName: verification.last_name,
          bday: verification.bday,
          documents: {
            id_front: Boolean(verification.id_front_key),
            id_back: Boolean(verification.id_back_key),
            id_additional: Boolean(verification.id_additional_key),
          },
        }
      : null,
    payout: payout ? { iban: payout.iban, bic: payout.bic, payouts_enabled: payout.payouts_enabled } : null,
  };
}

/** Reads a profile with what belongs to its role (sellers: company, verification, payout account). */
export async function loadProfile(deps: ProfileReadDeps, user: UserRecord): Promise<Profile> {
  if (user.role !== 'seller') return toProfile(user, {});
  const [company, verification, payout] = await Promise.all([
    deps.companies.getBySeller(user.id),
    deps.verifications.get(user.id),
    deps.payoutAccounts.get(user.id),
  ]);
  return toProfile(user, { company, verification, payout });
}
