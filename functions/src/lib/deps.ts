import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createCognitoIdentity } from '../adapters/cognito-identity.ts';
import { createS3MediaStorage } from '../adapters/media-storage.ts';
import { createS3MediaReader } from '../adapters/media-reader.ts';
import { createS3PrivateDocumentStorage } from '../adapters/private-document-storage.ts';
import { createS3ExportFiles } from '../adapters/export-files.ts';
import { createS3PrivateFiles } from '../adapters/private-files.ts';
import { createS3PrivateFileReader } from '../adapters/private-file-reader.ts';
import { createSellerInvoiceRepository } from '../repositories/seller-invoice-repository.ts';
import { createSesMailer } from '../adapters/ses-mailer.ts';
import { createS3MailOutbox, createSqsMailQueue } from '../adapters/sqs-mail-queue.ts';
import { createSsmParameters } from '../adapters/ssm-parameters.ts';
import { createImpersonationKeys } from '../adapters/impersonation-keys.ts';
import { createAccountStatusRepository } from '../repositories/account-status-repository.ts';
import { createAuditRepository, createAuditWriter } from '../repositories/audit-repository.ts';
import { createImpersonationSessionRepository } from '../repositories/impersonation-session-repository.ts';
import { createSessionRepository, createSignOutReader } from '../repositories/session-repository.ts';
import { createCategoryRepository, listCategoryTree } from '../repositories/category-repository.ts';
import { createNewsletterRepository } from '../repositories/newsletter-repository.ts';
import { createNewsletterSecrets } from '../adapters/newsletter-secret.ts';
import { createContactRepository } from '../repositories/contact-repository.ts';
import { createCouponRepository } from '../repositories/coupon-repository.ts';
import { createIdempotencyRepository } from '../repositories/idempotency-repository.ts';
import { createCompanyRepository } from '../repositories/company-repository.ts';
import { createPlatformAdminRepository } from '../repositories/platform-admin-repository.ts';
import { createPasswordResetRepository } from '../repositories/password-reset-repository.ts';
import { createOrderRepository } from '../repositories/order-repository.ts';
import { createOrderAdminRepository } from '../repositories/order-admin-repository.ts';
import { createPaymentRepository } from '../repositories/payment-repository.ts';
import { createPayoutAccountRepository } from '../repositories/payout-account-repository.ts';
import { createPayoutRunRepository } from '../repositories/payout-run-repository.ts';
import { createProfileRepository } from '../repositories/profile-repository.ts';
import { createRateLimitRepository } from '../repositories/rate-limit-repository.ts';
import { createSellerSettingsReader, createSettingsRepository } from '../repositories/settings-repository.ts';
import { createSellerDashboardRepository } from '../repositories/seller-dashboard-repository.ts';
import { createAccountingRepository } from '../repositories/accounting-repository.ts';
import { createStripeEventRepository } from '../repositories/stripe-event-repository.ts';
import { createStripeCustomerRepository } from '../repositories/stripe-customer-repository.ts';
import { createUploadRepository } from '../repositories/upload-repository.ts';
import { createTemplateRepository } from '../repositories/template-repository.ts';
import { createUserReader, createUserRepository } from '../repositories/user-repository.ts';
import { createUserVoucherRepository } from '../repositories/user-voucher-repository.ts';
import { createPersonalisationRepository } from '../repositories/personalisation-repository.ts';
import { createBuyerVoucherRepository } from '../repositories/buyer-voucher-repository.ts';
import { createRedemptionRepository } from '../repositories/redemption-repository.ts';
import { createScannerStaffRepository } from '../repositories/scanner-staff-repository.ts';
import { createCognitoAccountStatus } from '../adapters/cognito-account-status.ts';
import { createTransferRepository } from '../repositories/transfer-repository.ts';
import { createTransactionChunks } from '../repositories/transaction-chunks.ts';
import { createGiftRepository } from '../repositories/gift-repository.ts';
import { createVerificationRepository } from '../repositories/verification-repository.ts';
import { createVoucherReader, createVoucherRepository } from '../repositories/voucher-repository.ts';
import { createWishlistRepository } from '../repositories/wishlist-repository.ts';
import {
  createEmployeeVoucherRepository,
  listEmployeeVouchersOfTourism,
} from '../repositories/employee-voucher-repository.ts';
import { createEmployeeVoucherCache } from '../services/employee-vouchers/employee-voucher-cache.ts';
import {
  createCategoryTreeCache,
  createSnapshotCatalogue,
  type CatalogueCache,
} from '../services/catalogue/catalogue-cache.ts';
import { decodeSearchSnapshot } from '../services/catalogue/search-snapshot.ts';
import { createSearchSnapshotRepository } from '../repositories/search-snapshot-repository.ts';
import { createS3SearchSnapshotStore } from '../adapters/search-snapshot-store.ts';
import { createSellerMailRepository } from '../repositories/seller-mail-repository.ts';
import { createTourismRepository } from '../repositories/tourism-repository.ts';
import { createSalesPauseCache } from '../services/orders/sales-pause.ts';
import { createImageUploads } from '../services/uploads/image-uploads.ts';
import { createTenantShopCache, getTenantShop } from '../services/users/tenant-shop.ts';
import { cognitoClient, documentClient, s3Client, sesClient, sqsClient, ssmClient } from './clients.ts';
import { dataEnv, env } from './env.ts';
import { once } from './deps/provider.ts';
import { powertoolsLog } from './observability.ts';
import { powertoolsMetrics } from './business-metrics.ts';

export { resolve } from './deps/provider.ts';

/**
 * The production wiring: one provider per dependency, each built once per container on first use.
 * Handlers name the providers they need (`resolve({ users, identity })`), so a handler's bundle
 * holds only the AWS clients its use case touches: the bundle build marks every module-level
 * initialiser pure (bundle-build.ts), so esbuild drops the unused providers. Providers whose
 * libraries are heavy or run code at import live in their own module (lib/deps/payments.ts:
 * Stripe), so only the bundles that import it carry them; the budgets are held by
 * scripts/test/bundle-budgets.test.ts.
 */
const table = () => dataEnv().TABLE_NAME;

export const users = once(() => createUserRepository(documentClient(), table()));
/**
 * What the wrapper of every route (lib/http.ts) reads and writes, as small as that: a profile by id and
 * the sign-out cut-off (authentication), single audit entries (writes under impersonation). The full
 * repositories go only into the bundles of the routes that name them (issue 15); a route whose service
 * only reads profiles by id names `users: userReader`.
 */
export const userReader = once(() => createUserReader(documentClient(), table()));
export const signOutReader = once(() => createSignOutReader(documentClient(), table()));
export const auditWriter = once(() => createAuditWriter(documentClient(), table()));
export const companies = once(() => createCompanyRepository(documentClient(), table()));
/** The tenant shop by subdomain, cached like the catalogue (CATALOGUE_CACHE_SECONDS, at most 60 s; issue 13). */
export const tenantShops = once(() =>
  createTenantShopCache(
    (subdomain) => getTenantShop({ users: users(), companies: companies() }, subdomain),
    Math.min(env().CATALOGUE_CACHE_SECONDS, 60) * 1000,
  ),
);
export const verifications = once(() => createVerificationRepository(documentClient(), table()));
export const payoutAccounts = once(() => createPayoutAccountRepository(documentClient(), table()));
export const payoutRuns = once(() => createPayoutRunRepository(documentClient(), table()));
export const profiles = once(() => createProfileRepository(documentClient(), table()));
export const categories = once(() => createCategoryRepository(documentClient(), table()));
export const vouchers = once(() => createVoucherRepository(documentClient(), table()));
/** A voucher by id and a seller's vouchers read alone (`resolve({ vouchers: voucherReader })` where a route only reads them). */
export const voucherReader = once(() => createVoucherReader(documentClient(), table()));
export const searchSnapshots = once(() => createSearchSnapshotRepository(documentClient(), table()));
export const searchSnapshotStore = once(() => createS3SearchSnapshotStore(s3Client(), env().PRIVATE_BUCKET));
/** The catalogue this container holds, once `catalogue` built it: what `catalogueChanges` tells. */
let heldCatalogue: CatalogueCache | undefined;
/** The search snapshot: its pointer read at most every 5 s (never more often than CATALOGUE_CACHE_SECONDS), loaded when newer. */
export const catalogue = once(
  () =>
    (heldCatalogue = createSnapshotCatalogue(
      {
        pointer: () => searchSnapshots().get(),
        load: async (pointer) => decodeSearchSnapshot(await searchSnapshotStore().get(pointer.key, pointer.raw_bytes)),
      },
      Math.min(env().CATALOGUE_CACHE_SECONDS, 5) * 1000,
    )),
);
/**
 * For the catalogue writes: invalidates the catalogue this container holds, if any (in the local API
 * the search's; on AWS a write's function holds none). The writes so do not bundle the index and the
 * snapshot decoder (issue 15).
 */
export const catalogueChanges = once(() => ({ invalidate: () => heldCatalogue?.invalidate() }));
export const categoryTree = once(() =>
  createCategoryTreeCache(
    { listTree: (options) => listCategoryTree(documentClient(), table(), options) },
    env().CATALOGUE_CACHE_SECONDS * 1000,
  ),
);
export const employeeVouchers = once(() => createEmployeeVoucherRepository(documentClient(), table()));
export const employeeVoucherCache = once(() =>
  createEmployeeVoucherCache(
    { listOfTourism: (tourismId) => listEmployeeVouchersOfTourism(documentClient(), table(), tourismId) },
    Math.min(env().CATALOGUE_CACHE_SECONDS, 60) * 1000,
  ),
);
export const passwordResets = once(() => createPasswordResetRepository(documentClient(), table()));
export const rateLimiter = once(() => createRateLimitRepository(documentClient(), table()));
export const settings = once(() => createSettingsRepository(documentClient(), table()));
/** A seller's settings read alone (`resolve({ settings: sellerSettingsReader })` where a route only reads them). */
export const sellerSettingsReader = once(() => createSellerSettingsReader(documentClient(), table()));
export const identity = once(() =>
  createCognitoIdentity(cognitoClient(), env().COGNITO_USER_POOL_ID, env().COGNITO_CLIENT_ID),
);
/** Sends through SES: only the mail worker (workers/mail-queue.ts); use cases enqueue on `mailQueue`. */
export const mailer = once(() => createSesMailer(sesClient(), env().MAIL_FROM, env().SES_CONFIGURATION_SET));
/** Large job bodies (claim check) in the private bucket under `mail-outbox/`. */
export const mailOutbox = once(() => createS3MailOutbox(s3Client(), env().PRIVATE_BUCKET));
/** Every mail of the product is a job on this queue (issue 14). */
export const mailQueue = once(() => createSqsMailQueue(sqsClient(), env().MAIL_QUEUE_URL, mailOutbox()));
export const wishlist = once(() => createWishlistRepository(documentClient(), table()));
export const templates = once(() => createTemplateRepository(documentClient(), table()));
export const audit = once(() => createAuditRepository(documentClient(), table()));
export const impersonationSessions = once(() => createImpersonationSessionRepository(documentClient(), table()));
export const sessions = once(() => createSessionRepository(documentClient(), table()));
export const platformAdmin = once(() => createPlatformAdminRepository(documentClient(), table()));
export const activations = once(() => createAccountStatusRepository(documentClient(), table()));
export const contacts = once(() => createContactRepository(documentClient(), table()));
export const contactInbox = once(() => env().CONTACT_EMAIL ?? env().MAIL_FROM);
export const media = once(() => createS3MediaStorage(s3Client(), env().MEDIA_BUCKET));
export const mediaReader = once(() => createS3MediaReader(s3Client(), env().MEDIA_BUCKET));
export const documents = once(() => createS3PrivateDocumentStorage(s3Client(), env().PRIVATE_BUCKET));
export const exportFiles = once(() => createS3ExportFiles(s3Client(), env().PRIVATE_BUCKET));
export const uploads = once(() =>
  createImageUploads({
    uploadRecords: createUploadRepository(documentClient(), table()),
    privateFiles: createS3PrivateFiles(s3Client(), env().PRIVATE_BUCKET, env().MEDIA_BUCKET),
    media: media(),
    clock: clock(),
    newToken: newToken(),
    log: log(),
  }),
);
/** SSM SecureString parameters (the Stripe keys on AWS), read once per container; unused locally. */
export const secretParameters = once(() => createSsmParameters(ssmClient()));
/** The impersonation token keys (issue 11): PEMs locally, SSM parameters on AWS. */
export const impersonationKeys = once(() => createImpersonationKeys(env(), secretParameters));
/** The newsletter (issue 13): subscribers and tokens, and the HMACs under its secret. */
export const newsletter = once(() => createNewsletterRepository(documentClient(), table()));
export const newsletterSecrets = once(() => createNewsletterSecrets(env(), secretParameters));
export const paymentRecords = once(() => createPaymentRepository(documentClient(), table()));
export const orders = once(() => createOrderRepository(documentClient(), table()));
export const orderAdmin = once(() => createOrderAdminRepository(documentClient(), table()));
export const coupons = once(() => createCouponRepository(documentClient(), table()));
/** `sales_paused` of the global settings, cached like the catalogue (CATALOGUE_CACHE_SECONDS, at most 60 s). */
export const salesPause = once(() =>
  createSalesPauseCache(settings(), Math.min(env().CATALOGUE_CACHE_SECONDS, 60) * 1000),
);
export const userVouchers = once(() => createUserVoucherRepository(documentClient(), table()));
export const personalisations = once(() => createPersonalisationRepository(documentClient(), table()));
export const buyerVouchers = once(() => createBuyerVoucherRepository(documentClient(), table()));
export const redemptions = once(() => createRedemptionRepository(documentClient(), table()));
export const scannerStaff = once(() => createScannerStaffRepository(documentClient(), table()));
export const accountStatus = once(() => createCognitoAccountStatus(cognitoClient(), env().COGNITO_USER_POOL_ID));
export const transfers = once(() => createTransferRepository(documentClient(), table()));
export const gifts = once(() => createGiftRepository(documentClient(), table()));
export const stripeEvents = once(() => createStripeEventRepository(documentClient(), table()));
export const stripeCustomers = once(() => createStripeCustomerRepository(documentClient(), table()));
export const idempotency = once(() => createIdempotencyRepository(documentClient(), table()));
export const sellerDashboard = once(() => createSellerDashboardRepository(documentClient(), table()));
export const accounting = once(() => createAccountingRepository(documentClient(), table()));
export const sellerInvoices = once(() => createSellerInvoiceRepository(documentClient(), table()));
export const privateFileReader = once(() => createS3PrivateFileReader(s3Client(), env().PRIVATE_BUCKET));
export const sellerMails = once(() => createSellerMailRepository(documentClient(), table()));
export const tourism = once(() => createTourismRepository(documentClient(), table()));
export const transactions = once(() => createTransactionChunks(documentClient()));
/** The structured log (Powertools Logger) and the business metrics (Powertools Metrics, flushed per invocation). */
export const log = once(() => powertoolsLog());
export const metrics = once(() => powertoolsMetrics());
export const clock = once(() => () => new Date());
export const newId = once(() => () => randomUUID());
export const newToken = once(() => () => randomBytes(32).toString('base64url'));
export const hashToken = once(() => (token: string) => createHash('sha256').update(token).digest('hex'));
export const appUrl = once(() => env().APP_URL);

/** What saving a seller's voucher form needs: creating it (POST voucher) and editing it (POST voucher/{id}). */
export const voucherFormProviders = {
  vouchers,
  catalogueChanges,
  categoryTree,
  users: userReader,
  companies,
  settings: sellerSettingsReader,
  uploads,
  clock,
  newId,
  employeeVoucherCache,
};
