import { randomUUID } from 'node:crypto';
import { companies, payoutAccounts, transactions } from '../../functions/src/lib/deps.ts';
import { createTestAccount, type TestAccount } from './accounts.ts';

export const TEST_IBAN = 'AT611904300234573201';

/** A seller as the registration leaves it: profile, company and payout account (IBAN/BIC, no Stripe account yet). */
export async function sellerWithPayoutAccount(): Promise<TestAccount & { company: string }> {
  const seller = await createTestAccount('seller');
  const now = new Date().toISOString();
  const company = `Firma ${randomUUID().slice(0, 6)} GmbH`;
  await transactions().commit([
    companies().createPart({
      id: randomUUID(),
      seller_id: seller.userId,
      name: company,
      description: null,
      url: 'https://firma.example',
      logo: null,
      header_logo: null,
      region_id: 1,
      vat_number: null,
      background_color: null,
      text_color: null,
      header_1: null,
      header_2: null,
      is_header_show: false,
      created_at: now,
      updated_at: now,
    }),
    payoutAccounts().createPart({
      seller_id: seller.userId,
      account_holder: company,
      iban: TEST_IBAN,
      bic: 'BKAUATWW',
      stripe_account_id: null,
      payouts_enabled: false,
      created_at: now,
      updated_at: now,
    }),
  ]);
  return { ...seller, company };
}
