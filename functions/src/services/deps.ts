import type { Identity } from '../adapters/cognito-identity.ts';
import type { Mailer } from '../adapters/ses-mailer.ts';
import type { CategoryRepository } from '../repositories/category-repository.ts';
import type { CompanyRepository } from '../repositories/company-repository.ts';
import type { PasswordResetRepository } from '../repositories/password-reset-repository.ts';
import type { RateLimiter } from '../repositories/rate-limit-repository.ts';
import type { UserRepository } from '../repositories/user-repository.ts';
import type { VoucherRepository } from '../repositories/voucher-repository.ts';
import type { CatalogueCache } from './catalogue/catalogue-cache.ts';
import type { ImageUploads } from './uploads/image-uploads.ts';

/** Everything a use case may depend on; each service picks the part it needs. */
export type Deps = {
  users: UserRepository;
  companies: CompanyRepository;
  categories: CategoryRepository;
  vouchers: VoucherRepository;
  catalogue: CatalogueCache;
  passwordResets: PasswordResetRepository;
  rateLimiter: RateLimiter;
  identity: Identity;
  mailer: Mailer;
  /** Presigned image uploads and their publication into the media bucket. */
  uploads: ImageUploads;
  clock: () => Date;
  newId: () => string;
  /** Unguessable URL-safe token (≥ 256 bits). */
  newToken: () => string;
  /** sha256 hex of a token: what we store instead of the token. */
  hashToken: (token: string) => string;
  appUrl: string;
};
