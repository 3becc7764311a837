import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOURISM_TEXT, employeeCodeListSchema, isEmployeeCodeShape } from '@gm/shared/admin/tourism';
import { createTestAccount } from '../../../../scripts/test/accounts.ts';
import { api } from '../../../../scripts/test/api.ts';
import { qrTextsInPdf } from '../../../../scripts/test/pdf-qr.ts';
import { createPartner, createTourismAccount, generateCodes } from '../../../../scripts/test/tourism-core-fixtures.ts';
import { clock, companies, resolve, tourism, users } from '../../lib/deps.ts';
import { generateEmployeeCodes } from './employee-codes.ts';

const generate = (token: string, body: unknown, key: string = randomUUID()) =>
  api('POST', 'employee-code/generate', { token, body, headers: { 'idempotency-key': key } });

describe('employee codes (03 §2 /tourism/employee-codes, /employee-codes; §7)', () => {
  it('a tourism account generates codes for one of its partners; they are active, unused and listed newest first', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const answer = await generate(t.token, { max: 3, partnerID: p.userId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.message).toBe('3 Codes wurden erstellt.');
    const codes = answer.body.data as { value: string; is_active: boolean; user: unknown; company: { name: string } }[];
    expect(codes).toHaveLength(3);
    for (const code of codes) {
      expect(isEmployeeCodeShape(code.value)).toBe(true);
      expect(code).toMatchObject({ is_active: true, user: null, company: { name: p.company } });
    }

    const list = await api('GET', 'employee-code/all?page=1', { token: t.token });
    expect(list.status).toBe(200);
    const page = employeeCodeListSchema.parse(list.body);
    expect(page.total).toBe(3);
    expect(page.data.map((c) => c.value).sort()).toEqual(codes.map((c) => c.value).sort());
    expect(page.data[0]!.company?.name).toBe(p.company);
  });

  it('validates max and partnerID, and needs the Idempotency-Key', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    for (const max of [0, 501, '', 'abc']) {
      const answer = await generate(t.token, { max, partnerID: p.userId });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.max).toBeDefined();
    }
    const noPartner = await generate(t.token, { max: 1 });
    expect(noPartner.status).toBe(422);
    expect(noPartner.body.errors.partnerID).toEqual([TOURISM_TEXT.partnerRequired]);
    const noKey = await api('POST', 'employee-code/generate', {
      token: t.token,
      body: { max: 1, partnerID: p.userId },
    });
    expect(noKey.status).toBe(422);
    expect(noKey.body.errors.idempotency_key).toBeDefined();
  });

  it('a repeated request with the same Idempotency-Key answers the same codes and writes none', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const key = randomUUID();
    const first = await generate(t.token, { max: 4, partnerID: p.userId }, key);
    const again = await generate(t.token, { max: 4, partnerID: p.userId }, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    const list = await api('GET', 'employee-code/all', { token: t.token });
    expect(list.body.total).toBe(4);
  });

  it('a tourism account never reaches another tourism account’s partners or codes', async () => {
    const t1 = await createTourismAccount();
    const t2 = await createTourismAccount();
    const p1 = await createPartner(t1.userId);
    const [code] = await generateCodes(t1.token, 2, p1.userId);

    const foreign = await generate(t2.token, { max: 1, partnerID: p1.userId });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.partnerID).toEqual([TOURISM_TEXT.partnerUnknown]);

    const list = await api('GET', 'employee-code/all', { token: t2.token });
    expect(list.body.total).toBe(0);
    const filtered = await api('GET', `employee-code/all?partnerID=${p1.userId}`, { token: t2.token });
    expect(filtered.status).toBe(422);
    const toggle = await api('PUT', `employee-code/status/${code}`, { token: t2.token, body: { status: 'inactive' } });
    expect(toggle.status).toBe(404);
    const pdf = await api('POST', 'employee-code/download', { token: t2.token, body: { code } });
    expect(pdf.status).toBe(404);
  });

  it('a partner with can_generate generates and lists its own codes; without it, or as a plain seller, 404; buyers 403', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId, { can_generate: true });
    const other = await createPartner(t.userId, { can_generate: true });
    const own = await generateCodes(p.token, 2);
    await generateCodes(t.token, 1, other.userId);
    const list = await api('GET', 'employee-code/all', { token: p.token });
    expect(list.status).toBe(200);
    expect((list.body.data as { value: string }[]).map((c) => c.value).sort()).toEqual([...own].sort());
    // The tourism account sees the partner's codes and the other partner's together, one partner with partnerID.
    const all = await api('GET', 'employee-code/all', { token: t.token });
    expect(all.body.total).toBe(3);
    const one = await api('GET', `employee-code/all?partnerID=${p.userId}`, { token: t.token });
    expect(one.body.total).toBe(2);

    const noCodes = await createPartner(t.userId, { can_generate: false });
    expect((await generate(noCodes.token, { max: 1 })).status).toBe(404);
    expect((await api('GET', 'employee-code/all', { token: noCodes.token })).status).toBe(404);
    const seller = await createTestAccount('seller');
    expect((await generate(seller.token, { max: 1 })).status).toBe(404);
    const buyer = await createTestAccount('user');
    expect((await generate(buyer.token, { max: 1 })).status).toBe(403);
  });

  it('pages 10 a page with a cursor, and filters by keyword (code or company)', async () => {
    const t = await createTourismAccount();
    const p1 = await createPartner(t.userId);
    const p2 = await createPartner(t.userId);
    const codes1 = await generateCodes(t.token, 12, p1.userId);
    await generateCodes(t.token, 3, p2.userId);
    const first = employeeCodeListSchema.parse((await api('GET', 'employee-code/all', { token: t.token })).body);
    expect(first).toMatchObject({ total: 15, last_page: 2, per_page: 10, current_page: 1 });
    expect(first.data).toHaveLength(10);
    expect(first.next_page_url).toContain('cursor=');
    const next = new URL(first.next_page_url!);
    const second = employeeCodeListSchema.parse(
      (await api('GET', `employee-code/all${next.search}`, { token: t.token })).body,
    );
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((c) => c.value)).size).toBe(15);

    const byCompany = await api('GET', `employee-code/all?keyword=${encodeURIComponent(p2.company)}`, {
      token: t.token,
    });
    expect(byCompany.body.total).toBe(3);
    const byCode = await api('GET', `employee-code/all?keyword=${codes1[0]!.toLowerCase()}`, { token: t.token });
    expect((byCode.body.data as { value: string }[]).map((c) => c.value)).toEqual([codes1[0]]);
  });

  it('activates and deactivates a code', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const [code] = await generateCodes(t.token, 1, p.userId);
    const off = await api('PUT', `employee-code/status/${code}`, { token: t.token, body: { status: 'inactive' } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ message: TOURISM_TEXT.codeDeactivated, data: { value: code, is_active: false } });
    const on = await api('PUT', `employee-code/status/${code}`, { token: t.token, body: { status: 'active' } });
    expect(on.body.data.is_active).toBe(true);
    const bad = await api('PUT', `employee-code/status/${code}`, { token: t.token, body: {} });
    expect(bad.status).toBe(422);
  });

  it('downloads printable cards as PDF whose QR codes lead to the registration on the tourism tenant', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const codes = await generateCodes(t.token, 3, p.userId);
    const response = await fetchPdf(t.token, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const texts = await qrTextsInPdf(bytes);
    expect(texts).toHaveLength(3);
    for (const text of texts)
      expect(text).toMatch(new RegExp(`^https?://${t.subdomain}\\.[^/]+/register/buyer\\?code=`));
    expect(texts.map((text) => text.split('code=')[1]).sort()).toEqual([...codes].sort());

    const one = await fetchPdf(t.token, { code: codes[0] });
    expect(await qrTextsInPdf(new Uint8Array(await one.arrayBuffer()))).toHaveLength(1);
  });

  it('stays unique under concurrent generation (API), and a collision draws again (service)', async () => {
    const t = await createTourismAccount();
    const p = await createPartner(t.userId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => generate(t.token, { max: 100, partnerID: p.userId })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const all = answers.flatMap((a) => (a.body.data as { value: string }[]).map((c) => c.value));
    expect(new Set(all).size).toBe(500);
    expect((await api('GET', 'employee-code/all', { token: t.token })).body.total).toBe(500);

    // A generator with only 256 possible codes: two concurrent runs of 20 collide often, yet every stored
    // code is distinct and each run answers exactly the codes it wrote.
    const prefix = randomUUID()
      .replace(/-/g, '')
      .slice(0, 6)
      .toUpperCase()
      .replace(/[ILOU]/g, 'A');
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const small = () =>
      `${prefix}${alphabet[Math.floor(Math.random() * 16)]}${alphabet[Math.floor(Math.random() * 16)]}`;
    const deps = { ...resolve({ users, companies, tourism, clock }), newCode: small };
    const actor = { userId: t.userId, role: 'seller' as const, roleId: 2 as const, email: t.email };
    const runs = await Promise.all([
      generateEmployeeCodes(deps, actor, { max: 20, partnerID: p.userId }),
      generateEmployeeCodes(deps, actor, { max: 20, partnerID: p.userId }),
    ]);
    const drawn = runs.flatMap((r) => r.data.map((c) => c.value));
    expect(new Set(drawn).size).toBe(40);
    const stored = await tourism().getCodes(drawn);
    expect(stored).toHaveLength(40);
  });
});

async function fetchPdf(token: string, body: unknown): Promise<Response> {
  const { inject } = await import('vitest');
  return fetch(new URL('employee-code/download', inject('apiUrl')), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
