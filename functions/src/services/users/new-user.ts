import type { Origin } from '@gm/shared/admin/users';
import type { UserRecord } from '../../repositories/user-repository.ts';

/** `origin` is required: every account creation says where it came from (the admin list's column). */
type Identity = Pick<UserRecord, 'id' | 'username' | 'email' | 'role'> & { origin: Origin };

/**
 * A new user's profile: the given identity and details on top of the defaults every account starts
 * with (activated, no flags, no company links). Registration, federated sign-in, seeds and tests
 * all build profiles here, so a new profile field gets its default in one place.
 */
export function newUserRecord(identity: Identity & Partial<UserRecord>, now: Date): UserRecord {
  const at = now.toISOString();
  return {
    first_name: null,
    last_name: null,
    address: null,
    city: null,
    zip_code: null,
    phone_number: null,
    region_id: null,
    is_activated: true,
    is_tourism: false,
    is_partner: false,
    can_generate: false,
    gift_locked: false,
    is_custom_auth: false,
    is_custom_confirmation: false,
    monthly_reporting: false,
    order_email: null,
    subdomain: null,
    seller_id: null,
    created_at: at,
    updated_at: at,
    ...identity,
  };
}
