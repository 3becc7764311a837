import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createCognitoIdentity } from '../adapters/cognito-identity.ts';
import { createSesMailer } from '../adapters/ses-mailer.ts';
import { createCategoryRepository } from '../repositories/category-repository.ts';
import { createCompanyRepository } from '../repositories/company-repository.ts';
import { createPasswordResetRepository } from '../repositories/password-reset-repository.ts';
import { createRateLimitRepository } from '../repositories/rate-limit-repository.ts';
import { createUserRepository } from '../repositories/user-repository.ts';
import { createVoucherRepository } from '../repositories/voucher-repository.ts';
import { createCatalogueCache } from '../services/catalogue/catalogue-cache.ts';
import type { Deps } from '../services/deps.ts';
import { cognitoClient, documentClient, sesClient } from './clients.ts';
import { env } from './env.ts';

let deps: Deps | undefined;

/** The production wiring, built once per container on first use. */
export function appDeps(): Deps {
  if (deps) return deps;
  const e = env();
  const db = documentClient();
  const vouchers = createVoucherRepository(db, e.TABLE_NAME);
  deps = {
    users: createUserRepository(db, e.TABLE_NAME),
    companies: createCompanyRepository(db, e.TABLE_NAME),
    categories: createCategoryRepository(db, e.TABLE_NAME),
    vouchers,
    catalogue: createCatalogueCache(vouchers, e.CATALOGUE_CACHE_SECONDS * 1000),
    passwordResets: createPasswordResetRepository(db, e.TABLE_NAME),
    rateLimiter: createRateLimitRepository(db, e.TABLE_NAME),
    identity: createCognitoIdentity(cognitoClient(), e.COGNITO_USER_POOL_ID, e.COGNITO_CLIENT_ID),
    mailer: createSesMailer(sesClient(), e.MAIL_FROM),
    clock: () => new Date(),
    newId: () => randomUUID(),
    newToken: () => randomBytes(32).toString('base64url'),
    hashToken: (token) => createHash('sha256').update(token).digest('hex'),
    appUrl: e.APP_URL,
  };
  return deps;
}

export function resetAppDeps(): void {
  deps = undefined;
}
