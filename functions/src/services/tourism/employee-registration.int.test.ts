import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TOURISM_TEXT, EMPLOYEE_CODE_ATTEMPTS } from '@gm/shared/admin/tourism';
import { tenantShopResponseSchema } from '@gm/shared/orders/checkout-extras';
import { api } from '../../../../scripts/test/api.ts';
import {
  buyerForm,
  createPartner,
  createTourismAccount,
  generateCodes,
  randomIp,
  registerOnTenant,
} from '../../../../scripts/test/tourism-core-fixtures.ts';
import { putEmployeeVoucher } from '../../../../scripts/test/tourism-fixtures.ts';
import { documentClient } from '../../lib/clients.ts';
import { tourism, users } from '../../lib/deps.ts';
import { env } from '../../lib/env.ts';
import { employeeCodeKeys } from '../../repositories/tourism-repository.ts';

describe('employee registration with a code on the tourism tenant (03 §5, §9)', () => {
  it('the tenant lookup says the shop is a tourism tenant', async () => {
    const t = await createTourismAccount();
    const shop = await api('GET', `user/company/name?subdomain=${t.subdomain}`);
    expect(shop.status).toBe(200);
    expect(tenantShopResponseSchema.parse(shop.body).data.is_tourism).toBe(true);
  });

  it('a valid code binds the new buyer as employee of this tourism account and of the code’s partner', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const [code] = await generateCodes(t.token, 1, p.userId);
    // Typed in lower case with a dash: folded back to the code.
    const typed = `${code!.slice(0, 4).toLowerCase()}-${code!.slice(4)}`;
    const answer = await registerOnTenant(t.subdomain, buyerForm({ code: typed, subdomain: t.subdomain }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.user).toMatchObject({
      is_employee: true,
      employee_uuid: expect.any(String),
      tourism_id: t.userId,
    });

    const profile = await users().get(answer.body.user.id);
    expect(profile).toMatchObject({
      is_employee: true,
      employee_code: code,
      tourism_id: t.userId,
      partner_id: p.userId,
      claim_no: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
    });
    const unique = await documentClient().send(
      new GetCommand({ TableName: env().TABLE_NAME, Key: employeeCodeKeys.claimNo(profile!.claim_no!) }),
    );
    expect(unique.Item).toMatchObject({ entity: 'Unique', user_id: answer.body.user.id });
    const stored = await tourism().getCode(code!, true);
    expect(stored).toMatchObject({ user_id: answer.body.user.id, used_at: expect.any(String) });

    // The new employee's token opens the employee wallet (employee-voucher slice).
    const wallet = await api('GET', 'employee-voucher/wallet', { token: answer.body.token });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);

    // The code shows its employee in the list, and the employee's redemptions (03 §3 "Code").
    const voucher = await putEmployeeVoucher({
      userId: p.userId,
      username: `partner-${p.userId}`,
      tourismId: t.userId,
      companyName: p.company,
    });
    const redeemed = await api('POST', 'employee-voucher/manual-redeem', {
      token: answer.body.token,
      body: { id: voucher.id, employee_value: '1+1 gratis' },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const list = await api('GET', 'employee-code/all', { token: t.token });
    expect(list.body.data[0]).toMatchObject({
      value: code,
      user: { id: answer.body.user.id },
      redemptions: [{ title: voucher.title, redemption_no: expect.any(String) }],
    });

    // Used: the next registration with it is refused.
    const again = await registerOnTenant(t.subdomain, buyerForm({ code }));
    expect(again.status).toBe(422);
    expect(again.body.errors.code).toEqual([TOURISM_TEXT.codeInvalid]);
  });

  it('refuses a missing, unknown, inactive or foreign code with a German message on `code`', async () => {
    const t = await createTourismAccount();
    const other = await createTourismAccount();
    const p = await createPartner(t.userId);
    const otherPartner = await createPartner(other.userId);
    const [inactive] = await generateCodes(t.token, 1, p.userId);
    await api('PUT', `employee-code/status/${inactive}`, { token: t.token, body: { status: 'inactive' } });
    const [foreign] = await generateCodes(other.token, 1, otherPartner.userId);

    const missing = await registerOnTenant(t.subdomain, buyerForm());
    expect(missing.status).toBe(422);
    expect(missing.body.errors.code).toEqual([TOURISM_TEXT.codeRequired]);
    for (const code of ['ZZZZZZZZ', 'kurz', inactive, foreign]) {
      const answer = await registerOnTenant(t.subdomain, buyerForm({ code }));
      expect(answer.status, String(code)).toBe(422);
      expect(answer.body.errors.code).toEqual([TOURISM_TEXT.codeInvalid]);
    }
    // On the main site or a normal shop a code is refused; without one the buyer registers as usual.
    expect((await registerOnTenant(null, buyerForm({ code: foreign }))).status).toBe(422);
    const plain = await registerOnTenant(null, buyerForm());
    expect(plain.status).toBe(201);
    expect(plain.body.user.is_employee).toBe(false);
  });

  it('limits code attempts per IP', async () => {
    const t = await createTourismAccount();
    const ip = randomIp();
    for (let i = 0; i < EMPLOYEE_CODE_ATTEMPTS.hits; i++) {
      const answer = await registerOnTenant(t.subdomain, buyerForm({ code: 'ZZZZZZZZ' }), ip);
      expect(answer.status).toBe(422);
    }
    const blocked = await registerOnTenant(t.subdomain, buyerForm({ code: 'ZZZZZZZZ' }), ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOURISM_TEXT.codeAttempts);
  });

  it('20 concurrent registrations with one code make exactly one employee', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const [code] = await generateCodes(t.token, 1, p.userId);
    const forms = Array.from({ length: 20 }, () => buyerForm({ code }));
    const answers = await Promise.all(forms.map((form) => registerOnTenant(t.subdomain, form)));
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.filter((s) => s === 201),
      JSON.stringify(answers.filter((a) => a.status >= 500).map((a) => a.body)),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    for (const loser of answers.filter((a) => a.status === 422))
      expect(loser.body.errors.code).toEqual([TOURISM_TEXT.codeInvalid]);
    const winner = answers.find((a) => a.status === 201)!;
    expect((await tourism().getCode(code!, true))?.user_id).toBe(winner.body.user.id);
    // No loser left an account behind: their e-mails are free.
    for (const form of forms) {
      const owner = await users().ownerOf('email', form.email);
      if (owner) expect(owner).toBe(winner.body.user.id);
    }
  });
});
