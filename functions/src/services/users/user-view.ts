import type { ApiUser } from '@gm/shared/auth/contracts';
import { ROLE_IDS } from '@gm/shared/auth/roles';
import { regionLabel } from '@gm/shared/catalogue/reference-data';
import type { CompanyRecord } from '../../repositories/company-repository.ts';
import type { UserRecord } from '../../repositories/user-repository.ts';

/** The API's view of a user (01 §3): role as user_role.role, names in detail, never credentials. */
export function toApiUser(user: UserRecord, company: CompanyRecord | undefined): ApiUser {
  const fullname = [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role_id: ROLE_IDS[user.role],
    user_role: { role: { id: ROLE_IDS[user.role], name: user.role } },
    region_id: user.region_id,
    detail: {
      firstName: user.first_name,
      lastName: user.last_name,
      fullname,
      address: user.address,
      city: user.city,
      zip_code: user.zip_code,
      phone_number: user.phone_number,
    },
    isActivated: user.is_activated,
    is_tourism: user.is_tourism,
    is_partner: user.is_partner,
    is_employee: user.is_employee === true,
    can_generate: user.can_generate,
    gift_locked: user.gift_locked,
    is_custom_auth: user.is_custom_auth,
    is_custom_confirmation: user.is_custom_confirmation === true,
    tourism_id: user.tourism_id ?? null,
    employee_uuid: user.employee_uuid ?? null,
    monthly_reporting: user.monthly_reporting === true,
    origin: user.origin ?? null,
    order_email: user.order_email,
    subdomain: user.subdomain,
    seller_id: user.seller_id,
    company: company
      ? {
          id: company.id,
          name: company.name,
          logo: company.logo,
          region: regionLabel(company.region_id),
          region_id: company.region_id,
          url: company.url,
          description: company.description,
          header_logo: company.header_logo,
          background_color: company.background_color,
          text_color: company.text_color,
        }
      : null,
    created_at: user.created_at,
  };
}
