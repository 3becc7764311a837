import { describe, expect, it } from 'vitest';
import { SELLER_TEXT, type SellerRegistration } from '@gm/shared/auth/seller-registration';
import { MSG } from '@gm/shared/validation/messages';
import { IMAGE_DAMAGED, IMAGE_TOO_MANY_PIXELS } from '@gm/shared/uploads/contracts';
import type { Identity } from '../../adapters/cognito-identity.ts';
import type { PrivateDocumentStorage } from '../../adapters/private-document-storage.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import type { TransactionPart } from '../../repositories/transaction-part.ts';
import { UniquenessConflict, type UserRecord } from '../../repositories/user-repository.ts';
import type { Deps } from '../deps.ts';
import { registerSeller } from './register-seller.ts';
import { testJpeg, testPng } from '../uploads/test-images.ts';
import type { Mail } from '../../adapters/ses-mailer.ts';

const PNG = testPng();
const JPEG = testJpeg();
const upload = (bytes: Uint8Array, name: string, type: string): UploadedFile => ({
  bytes,
  name,
  type,
  size: bytes.length,
});

const input = (overrides: Partial<SellerRegistration<UploadedFile>> = {}): SellerRegistration<UploadedFile> => ({
  mode: 'seller',
  account: {
    username: 'Alpenhof',
    email: 'office@alpenhof.at',
    password: 'Geheim123!',
    phone_number: '+43512123456',
    region_id: 2,
  },
  owner: { firstName: 'Maria', lastName: 'Huber', bday: '1980-04-12' },
  documents: { front: upload(PNG, 'a.png', 'image/png'), back: upload(JPEG, 'b.jpg', 'image/jpeg'), additional: null },
  company: {
    name: 'Alpenhof GmbH',
    description: null,
    url: null,
    vat_number: null,
    address: null,
    city: null,
    zip_code: null,
  },
  payout: { iban: 'AT611904300234573201', bic: 'BKAUATWW' },
  consents: { dataPrivacy: true, terms: true, commission: true },
  ...overrides,
});

/** Small in-memory stand-ins that record what happened; the real ones are covered by the integration test. */
function fakes(options: { createFails?: Error; accountFails?: Error; taken?: 'email' | 'username' } = {}) {
  const objects = new Map<string, string>();
  const created: Array<{ user: UserRecord; extra: readonly TransactionPart[] }> = [];
  const removed: Array<{ id: string; extra: readonly TransactionPart[] }> = [];
  const documents: PrivateDocumentStorage = {
    async put(key, _body, contentType) {
      objects.set(key, contentType);
    },
    async remove(keys) {
      for (const key of keys) objects.delete(key);
    },
    async presignGet(key) {
      return `signed:${key}`;
    },
    async removeAll(prefix) {
      for (const key of [...objects.keys()]) if (key.startsWith(prefix)) objects.delete(key);
    },
  };
  const mails: Mail[] = [];
  const part = (kind: string) => (id: unknown) =>
    ({ ConditionCheck: { TableName: kind, Key: { id }, ConditionExpression: 'x' } }) as TransactionPart;
  const identity: Identity = {
    async createAccount() {
      if (options.accountFails) throw options.accountFails;
    },
    async deleteAccount() {},
    async signIn() {
      return 'id-token';
    },
    async setPassword() {},
    async changeEmail() {},
    async hasPasswordSignIn() {
      return true;
    },
  };
  let ids = 0;
  const deps = {
    users: {
      async ownerOf(field: 'email' | 'username') {
        return options.taken === field ? 'someone' : undefined;
      },
      async create(user: UserRecord, extra: readonly TransactionPart[] = []) {
        if (options.createFails) throw options.createFails;
        created.push({ user, extra });
      },
      async remove(user: Pick<UserRecord, 'id'>, extra: readonly TransactionPart[] = []) {
        removed.push({ id: user.id, extra });
      },
    },
    companies: { createPart: part('company+'), deletePart: part('company-') },
    verifications: { createPart: part('verification+'), deletePart: part('verification-') },
    payoutAccounts: { createPart: part('payout+'), deletePart: part('payout-') },
    documents,
    identity,
    mailer: { send: async (mail: Mail) => void mails.push(mail) },
    clock: () => new Date('2026-11-25T10:00:00Z'),
    newId: () => `id-${++ids}`,
    newToken: () => 'randomrandomrandomrandom',
  } as unknown as Pick<
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
  return { deps, objects, created, removed, mails };
}

describe('registerSeller', () => {
  it('stores the documents privately and writes user, company, verification and payout in one create', async () => {
    const { deps, objects, created, mails } = fakes();
    const answer = await registerSeller(deps, input());
    expect(answer.message).toBe(SELLER_TEXT.registered);
    // 02 §1: the mail that the product checks the account and gets in touch within 24 hours.
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('innerhalb von 24 Stunden');
    expect(answer.user).toMatchObject({
      id: 'id-1',
      isActivated: false,
      is_partner: false,
      company: { name: 'Alpenhof GmbH' },
    });
    expect([...objects.entries()]).toEqual([
      ['verification/id-1/front-randomrandomrand.png', 'image/png'],
      ['verification/id-1/back-randomrandomrand.jpg', 'image/jpeg'],
    ]);
    expect(created).toHaveLength(1);
    expect(created[0]!.extra.map((p) => p.ConditionCheck?.TableName)).toEqual(['company+', 'verification+', 'payout+']);
  });

  it('checks the bytes: a PNG name on other content is refused before anything is stored', async () => {
    const { deps, objects, created } = fakes();
    const fake = upload(new Uint8Array([0x47, 0x49, 0x46, 0x38]), 'a.png', 'image/png');
    const error = await registerSeller(deps, input({ documents: { front: fake, back: fake, additional: null } })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      id_front: [SELLER_TEXT.documentType],
      id_back: [SELLER_TEXT.documentType],
    });
    expect(objects.size).toBe(0);
    expect(created).toHaveLength(0);
  });

  it('decodes the documents: a PNG with HTML after its end, a truncated JPEG and too many pixels are refused', async () => {
    const { deps, objects, created } = fakes();
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const polyglot = new Uint8Array([...PNG, ...html]);
    const truncated = JPEG.slice(0, JPEG.length - 20);
    const huge = testPng({ width: 4097, height: 1 });
    const error = await registerSeller(
      deps,
      input({
        documents: {
          front: upload(polyglot, 'a.png', 'image/png'),
          back: upload(truncated, 'b.jpg', 'image/jpeg'),
          additional: upload(huge, 'c.png', 'image/png'),
        },
      }),
    ).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({
      id_front: [IMAGE_DAMAGED],
      id_back: [IMAGE_DAMAGED],
      id_additional: [IMAGE_TOO_MANY_PIXELS],
    });
    expect(objects.size).toBe(0);
    expect(created).toHaveLength(0);
  });

  it('uploads nothing when the e-mail is already taken', async () => {
    const { deps, objects } = fakes({ taken: 'email' });
    const error = await registerSeller(deps, input()).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({ email: [MSG.emailTaken] });
    expect(objects.size).toBe(0);
  });

  it('deletes the uploaded documents again when the transaction finds a name taken', async () => {
    const { deps, objects } = fakes({ createFails: new UniquenessConflict(['username']) });
    const error = await registerSeller(deps, input()).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({ username: [MSG.usernameTaken] });
    expect(objects.size).toBe(0);
  });

  it('removes items and documents when Cognito refuses the account', async () => {
    const { deps, objects, removed } = fakes({
      accountFails: Object.assign(new Error('exists'), { name: 'UsernameExistsException' }),
    });
    const error = await registerSeller(deps, input()).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({ email: [MSG.emailTaken] });
    expect(removed).toEqual([{ id: 'id-1', extra: expect.any(Array) }]);
    expect(removed[0]!.extra.map((p) => p.ConditionCheck?.TableName)).toEqual(['company-', 'verification-', 'payout-']);
    expect(objects.size).toBe(0);
  });

  it('registers a partner without documents, company or payout', async () => {
    const { deps, objects, created } = fakes();
    const answer = await registerSeller(
      deps,
      input({
        mode: 'partner',
        owner: null,
        documents: null,
        company: null,
        payout: null,
        consents: { dataPrivacy: true, terms: true, commission: false },
      }),
    );
    expect(answer.user).toMatchObject({ is_partner: true, company: null });
    expect(objects.size).toBe(0);
    expect(created[0]!.extra).toEqual([]);
    expect(created[0]!.user.consents?.commission).toBeNull();
  });
});
