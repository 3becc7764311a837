import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '@gm/shared/auth/contracts';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { api, sentMails } from '../../../../scripts/test/api.ts';
import { LOGIN_LIMIT } from './login.ts';
import { REGISTRATION_LIMIT, UNIQUE_CHECK_LIMIT } from './registration-limit.ts';

const octet = () => Math.floor(Math.random() * 250) + 1;
const randomIp = () => `10.${octet()}.${octet()}.${octet()}`;

/** Registrations are limited per IP: each test registers from an address of its own unless it names one. */
function register(body: unknown, ip = randomIp()) {
  return api('POST', 'auth/register', { body, headers: { 'x-viewer-address': ip } });
}

function buyerForm(overrides: Record<string, unknown> = {}) {
  const suffix = randomUUID().slice(0, 8);
  return {
    username: `anna-${suffix}`,
    firstName: 'Anna',
    lastName: 'Muster',
    email: `anna-${suffix}@example.com`,
    password: 'Geheim123!',
    confirmPassword: 'Geheim123!',
    region_id: 2,
    dataPrivacy: true,
    terms: true,
    ...overrides,
  };
}

describe('buyer registration and login', () => {
  it('registers a buyer, signs them in and lets them read their own profile only', async () => {
    const form = buyerForm({ email: `Mixed-${randomUUID().slice(0, 6)}@Example.com` });
    const registered = await register(form);
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({
      username: form.username,
      email: String(form.email).toLowerCase(),
      role_id: 3,
      user_role: { role: { id: 3, name: 'user' } },
      detail: { fullname: 'Anna Muster' },
      origin: 'register',
    });
    expect(registered.body.user).not.toHaveProperty('password');

    const login = await api('POST', 'auth/login', {
      body: { email: String(form.email).toUpperCase(), password: form.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(registered.body.user.id);

    const me = await api('GET', `user/${login.body.user.id}`, { token: login.body.token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(String(form.email).toLowerCase());

    const other = await register(buyerForm());
    const foreign = await api('GET', `user/${other.body.user.id}`, { token: login.body.token });
    expect(foreign.status).toBe(403);
  });

  it('answers wrong e-mail and wrong password identically', async () => {
    const form = buyerForm();
    await register(form);
    const wrongPassword = await api('POST', 'auth/login', { body: { email: form.email, password: 'Falsch1234' } });
    const unknownEmail = await api('POST', 'auth/login', {
      body: { email: `nobody-${randomUUID()}@example.com`, password: 'Falsch1234' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.message).toBe(TEXT.loginFailed);
  });

  it('refuses taken e-mail and username with German field messages and writes nothing', async () => {
    const first = buyerForm();
    expect((await register(first)).status).toBe(201);

    const sameEmail = await register(buyerForm({ email: first.email }));
    expect(sameEmail.status).toBe(422);
    expect(sameEmail.body.errors).toEqual({ email: [MSG.emailTaken] });

    const attempt = buyerForm({ username: first.username.toUpperCase() });
    const sameUsername = await register(attempt);
    expect(sameUsername.status).toBe(422);
    expect(sameUsername.body.errors).toEqual({ username: [MSG.usernameTaken] });
    // The failed attempt's e-mail was not reserved: nothing half-written.
    const emailFree = await api('POST', 'auth/unique', {
      body: { field: 'email', model: 'user', entity: attempt.email },
    });
    expect(emailFree.status).toBe(200);
    const login = await api('POST', 'auth/login', { body: { email: attempt.email, password: attempt.password } });
    expect(login.status).toBe(401);
  });

  it('lets exactly one of several racing registrations of one e-mail win', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.com`;
    const results = await Promise.all(Array.from({ length: 6 }, () => register(buyerForm({ email }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(5);
  });

  it('validates the form with the spec’s messages', async () => {
    const res = await register(buyerForm({ password: 'kurz', confirmPassword: 'anders', email: 'x', terms: false }));
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toEqual([MSG.min(8)]);
    expect(res.body.errors.email).toEqual([MSG.email]);
    expect(res.body.errors.terms).toEqual([MSG.required]);
  });
});

describe('login throttling (issue 14)', () => {
  const ipOf = () => `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const attempt = (email: string, password: string, ip: string) =>
    api('POST', 'auth/login', { body: { email, password }, headers: { 'x-viewer-address': ip } });

  it('locks an account after 10 failed sign-ins from any address, and an unknown address the same way', async () => {
    const form = buyerForm();
    expect((await register(form)).status).toBe(201);
    const unknown = `nobody-${randomUUID().slice(0, 8)}@test.example`;
    for (const email of [String(form.email), unknown]) {
      for (let i = 0; i < LOGIN_LIMIT.perAccount; i++)
        expect((await attempt(email, 'Falsch123!', ipOf())).status, `${email} #${i}`).toBe(401);
      const locked = await attempt(email, String(form.password), ipOf());
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: AUTH_TEXT.tooManyLogins });
    }
  });

  it('stops one address after 50 failed sign-ins, whatever accounts it tries', async () => {
    const ip = ipOf();
    const form = buyerForm();
    expect((await register(form)).status).toBe(201);
    for (let i = 0; i < LOGIN_LIMIT.perIp; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          attempt(`probe-${i + j}-${randomUUID().slice(0, 6)}@test.example`, 'x1234567', ip),
        ),
      );
    expect((await attempt(String(form.email), String(form.password), ip)).status).toBe(429);
    // The same account signs in from another address.
    expect((await attempt(String(form.email), String(form.password), ipOf())).status).toBe(200);
  });
});

describe('registration limit per IP', () => {
  it('refuses the attempt after the hour’s allowance with a German 429 and writes nothing, other IPs still register', async () => {
    const ip = randomIp();
    const first = buyerForm();
    expect((await register(first, ip)).status).toBe(201);
    // Attempts with a taken e-mail count too (they are quick and probe addresses); a broken form does not.
    expect((await register(buyerForm({ email: 'kaputt' }), ip)).status).toBe(422);
    for (let i = 1; i < REGISTRATION_LIMIT.hits; i++)
      expect((await register(buyerForm({ email: first.email }), ip)).status).toBe(422);

    const refused = buyerForm();
    const blocked = await register(refused, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(AUTH_TEXT.tooManyRegistrations);
    // Nothing was written: the e-mail and the username are still free.
    expect(
      (await api('POST', 'auth/unique', { body: { field: 'email', model: 'user', entity: refused.email } })).status,
    ).toBe(200);
    expect(
      (await api('POST', 'auth/unique', { body: { field: 'username', model: 'user', entity: refused.username } }))
        .status,
    ).toBe(200);
    expect(
      (await api('POST', 'auth/login', { body: { email: refused.email, password: refused.password } })).status,
    ).toBe(401);

    const elsewhere = await register(refused);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.user.email).toBe(refused.email);
  });
});

describe('auth/unique', () => {
  it('reports a taken value except for its own record', async () => {
    const form = buyerForm();
    const { body } = await register(form);
    const taken = await api('POST', 'auth/unique', {
      body: { field: 'username', model: 'user', entity: form.username },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.username).toEqual([MSG.usernameTaken]);
    const own = await api('POST', 'auth/unique', {
      body: { field: 'username', model: 'user', entity: form.username, id: body.user.id },
    });
    expect(own.status).toBe(200);
  });

  it('answers 429 once a viewer used up its checks, whatever X-Forwarded-For it sends (issue 14)', async () => {
    const viewer = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const check = (i: number) =>
      api('POST', 'auth/unique', {
        body: { field: 'email', model: 'user', entity: `probe-${i}-${randomUUID().slice(0, 6)}@test.example` },
        headers: { 'x-viewer-address': viewer, 'x-forwarded-for': `192.0.2.${i % 250}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < UNIQUE_CHECK_LIMIT.hits; i += 20)
      statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, j) => check(i + j)))).map((r) => r.status));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await check(UNIQUE_CHECK_LIMIT.hits);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(AUTH_TEXT.tooManyUniqueChecks);
    // Another viewer is not affected.
    const other = await api('POST', 'auth/unique', {
      body: { field: 'email', model: 'user', entity: `free-${randomUUID()}@test.example` },
      headers: { 'x-viewer-address': `${viewer}1` },
    });
    expect(other.status).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password, and never reveals unknown addresses', async () => {
    const form = buyerForm();
    await register(form);
    const since = Math.floor(Date.now() / 1000) - 1;

    const unknown = await api('POST', 'auth/forgot-password', { body: { email: `ghost-${randomUUID()}@example.com` } });
    const known = await api('POST', 'auth/forgot-password', { body: { email: form.email } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const mail = (await sentMails(since)).find((m) => m.destination.to.includes(form.email));
    expect(mail?.subject).toContain('Passwort');
    const token = /forgot-password\/([A-Za-z0-9_-]+)/.exec(mail?.body.text ?? '')?.[1];
    expect(token).toBeTruthy();

    const reset = {
      email: form.email,
      new_password: 'NeuesPw123',
      confirm_password: 'NeuesPw123',
      password_token: token,
    };
    expect((await api('POST', 'auth/reset-password', { body: reset })).status).toBe(200);
    expect((await api('POST', 'auth/login', { body: { email: form.email, password: 'NeuesPw123' } })).status).toBe(200);
    expect((await api('POST', 'auth/login', { body: { email: form.email, password: form.password } })).status).toBe(
      401,
    );

    const again = await api('POST', 'auth/reset-password', {
      body: { ...reset, new_password: 'Anderes123', confirm_password: 'Anderes123' },
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(TEXT.resetTokenInvalid);
  });

  it('rejects a wrong token and limits mails per address', async () => {
    const bad = await api('POST', 'auth/reset-password', {
      body: {
        email: 'a@example.com',
        new_password: 'NeuesPw123',
        confirm_password: 'NeuesPw123',
        password_token: 'nope',
      },
    });
    expect(bad.status).toBe(404);
    const email = `limit-${randomUUID().slice(0, 8)}@example.com`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('POST', 'auth/forgot-password', { body: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
