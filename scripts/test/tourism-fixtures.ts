import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Voucher } from '@gm/shared/catalogue/contracts';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';
import { createCategoryRepository } from '../../functions/src/repositories/category-repository.ts';
import { createCompanyRepository } from '../../functions/src/repositories/company-repository.ts';
import { createVoucherRepository } from '../../functions/src/repositories/voucher-repository.ts';
import { newClaimNo } from '../../functions/src/services/employee-vouchers/claim-number.ts';
import { createTestAccount, type TestAccount } from './accounts.ts';
import { testVoucher } from './test-vouchers.ts';

/**
 * Tourism test fixtures (issue 13, owned by h/employee-vouchers): a tourism account, a partner seller
 * and an employee with exactly the profile fields of docs/data-model.md ("Tourism"), created through
 * the product's test account helper. Employees get `claim_no` and its `UNIQUE#CLAIM_NO#…` item as
 * the registration with a code writes them (h/tourism-core builds that registration).
 */
export type TourismAccount = TestAccount & { subdomain: string | null; companyName: string };
export type Partner = TestAccount & { tourismId: string; username: string; companyName: string };
export type Employee = TestAccount & { tourismId: string; partnerId: string; claimNo: string; username: string };

const db = () => documentClient();
const table = () => env().TABLE_NAME;

async function putCompany(sellerId: string, name: string): Promise<void> {
  const now = new Date().toISOString();
  await createCompanyRepository(db(), table()).put({
    id: `company-${sellerId}`,
    seller_id: sellerId,
    name,
    description: null,
    url: null,
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
  });
}

/** A seller profile with `is_tourism: true` (the admin switch's result), its company and optionally a subdomain (the tourism tenant). */
export async function createTourismAccount(options: { subdomain?: string } = {}): Promise<TourismAccount> {
  const suffix = randomUUID().slice(0, 6);
  const account = await createTestAccount('seller', { is_tourism: true, subdomain: options.subdomain ?? null });
  const companyName = `Tourismusverband ${suffix}`;
  await putCompany(account.userId, companyName);
  return { ...account, subdomain: options.subdomain ?? null, companyName };
}

/** A partner seller (`is_partner`, GSI3 `PARTNERS`) of `tourismId`, with a company. */
export async function createPartner(tourismId: string, options: { canGenerate?: boolean } = {}): Promise<Partner> {
  const suffix = randomUUID().slice(0, 8);
  const username = `partner-${suffix}`;
  const account = await createTestAccount('seller', {
    username,
    is_partner: true,
    can_generate: options.canGenerate ?? false,
    tourism_id: tourismId,
    origin: 'partner_registration',
  });
  const companyName = `Partnerbetrieb ${suffix}`;
  await putCompany(account.userId, companyName);
  return { ...account, tourismId, username, companyName };
}

/** A buyer bound as employee of `tourismId` through a code of `partnerId`, with its claim number item. */
export async function createEmployee(tourismId: string, partnerId: string): Promise<Employee> {
  const suffix = randomUUID().slice(0, 8);
  const username = `employee-${suffix}`;
  const claimNo = newClaimNo();
  const code = newClaimNo();
  const account = await createTestAccount('user', {
    username,
    is_employee: true,
    employee_uuid: randomUUID(),
    employee_code: code,
    tourism_id: tourismId,
    partner_id: partnerId,
    claim_no: claimNo,
  });
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: {
        PK: `UNIQUE#CLAIM_NO#${claimNo}`,
        SK: 'UNIQUE',
        entity: 'Unique',
        user_id: account.userId,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { ...account, tourismId, partnerId, claimNo, username };
}

/** A category (no sub-categories) the builder accepts. */
export async function createTestCategory(name = `Kategorie ${randomUUID().slice(0, 6)}`) {
  const id = `test-category-${randomUUID().slice(0, 8)}`;
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  await createCategoryRepository(db(), table()).putMany([{ id, name, slug, icon: null, logo: null }], []);
  return { id, name, slug };
}

/**
 * An employee voucher of `partner` written straight through the voucher repository (as the builder
 * stores it: no catalogue entry, GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`, its claim number item).
 */
export async function putEmployeeVoucher(
  partner: Pick<Partner, 'userId' | 'username' | 'tourismId' | 'companyName'>,
  overrides: Partial<Voucher> = {},
): Promise<Voucher & { employee_claim_no: string }> {
  const id = `ev-${randomUUID().slice(0, 12)}`;
  const voucher = testVoucher(id, partner.userId, {
    title: `Team ${id.slice(3, 11)}`,
    type: 'value',
    qty_val: null,
    qty_min: null,
    qty_max: null,
    val_min: 0,
    val_max: 0,
    price_filter: 0,
    is_tourism: true,
    employee_value: '1+1 gratis',
    expiry_date: 10,
    seller: {
      id: partner.userId,
      username: partner.username,
      company: { name: partner.companyName, logo: null, region: null, url: null },
    },
    ...overrides,
  });
  const claimNo = newClaimNo();
  const now = new Date().toISOString();
  await createVoucherRepository(db(), table()).create(
    voucher,
    { updated_at: now },
    { tourism_id: partner.tourismId, employee_claim_no: claimNo },
  );
  return { ...voucher, employee_claim_no: claimNo };
}
