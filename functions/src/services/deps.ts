import type { Identity } from '../adapters/cognito-identity.ts';
import type { SessionRepository } from '../repositories/session-repository.ts';
import type { Mailer } from '../adapters/ses-mailer.ts';
import type { MailOutbox } from '../adapters/sqs-mail-queue.ts';
import type { MailQueue } from './mail/mail-jobs.ts';
import type { MediaReader } from '../adapters/media-reader.ts';
import type { Payments } from '../adapters/stripe-payments.ts';
import type { PrivateDocumentStorage } from '../adapters/private-document-storage.ts';
import type { ExportFiles } from '../adapters/export-files.ts';
import type { PrivateFileReader } from '../adapters/private-file-reader.ts';
import type { SellerInvoiceRepository } from '../repositories/seller-invoice-repository.ts';
import type { ImpersonationKeys } from '../adapters/impersonation-keys.ts';
import type { AccountStatusRepository } from '../repositories/account-status-repository.ts';
import type { AccountingRepository } from '../repositories/accounting-repository.ts';
import type { AuditRepository } from '../repositories/audit-repository.ts';
import type { ImpersonationSessionRepository } from '../repositories/impersonation-session-repository.ts';
import type { CategoryRepository } from '../repositories/category-repository.ts';
import type { CompanyRepository } from '../repositories/company-repository.ts';
import type { NewsletterRepository } from '../repositories/newsletter-repository.ts';
import type { NewsletterSecrets } from '../adapters/newsletter-secret.ts';
import type { ContactRepository } from '../repositories/contact-repository.ts';
import type { CouponRepository } from '../repositories/coupon-repository.ts';
import type { PlatformAdminRepository } from '../repositories/platform-admin-repository.ts';
import type { PasswordResetRepository } from '../repositories/password-reset-repository.ts';
import type { OrderRepository } from '../repositories/order-repository.ts';
import type { OrderAdminRepository } from '../repositories/order-admin-repository.ts';
import type { PaymentRepository } from '../repositories/payment-repository.ts';
import type { PayoutAccountRepository } from '../repositories/payout-account-repository.ts';
import type { PayoutRunRepository } from '../repositories/payout-run-repository.ts';
import type { ProfileRepository } from '../repositories/profile-repository.ts';
import type { RateLimiter } from '../repositories/rate-limit-repository.ts';
import type { SellerMailRepository } from '../repositories/seller-mail-repository.ts';
import type { SettingsRepository } from '../repositories/settings-repository.ts';
import type { SellerDashboardRepository } from '../repositories/seller-dashboard-repository.ts';
import type { StripeEventRepository } from '../repositories/stripe-event-repository.ts';
import type { StripeCustomerRepository } from '../repositories/stripe-customer-repository.ts';
import type { IdempotencyRepository } from '../repositories/idempotency-repository.ts';
import type { TourismRepository } from '../repositories/tourism-repository.ts';
import type { TemplateRepository } from '../repositories/template-repository.ts';
import type { UserRepository } from '../repositories/user-repository.ts';
import type { UserVoucherRepository } from '../repositories/user-voucher-repository.ts';
import type { PersonalisationRepository } from '../repositories/personalisation-repository.ts';
import type { BuyerVoucherRepository } from '../repositories/buyer-voucher-repository.ts';
import type { RedemptionRepository } from '../repositories/redemption-repository.ts';
import type { ScannerStaffRepository } from '../repositories/scanner-staff-repository.ts';
import type { AccountStatus } from '../adapters/cognito-account-status.ts';
import type { TransferRepository } from '../repositories/transfer-repository.ts';
import type { TransactionChunks } from '../repositories/transaction-chunks.ts';
import type { GiftRepository } from '../repositories/gift-repository.ts';
import type { VerificationRepository } from '../repositories/verification-repository.ts';
import type { VoucherRepository } from '../repositories/voucher-repository.ts';
import type { WishlistRepository } from '../repositories/wishlist-repository.ts';
import type { EmployeeVoucherRepository } from '../repositories/employee-voucher-repository.ts';
import type { EmployeeVoucherCache } from './employee-vouchers/employee-voucher-cache.ts';
import type { CatalogueCache, CategoryTreeCache } from './catalogue/catalogue-cache.ts';
import type { SearchSnapshotRepository } from '../repositories/search-snapshot-repository.ts';
import type { SearchSnapshotStore } from '../adapters/search-snapshot-store.ts';
import type { ImageUploads } from './uploads/image-uploads.ts';
import type { SalesPauseReader } from './orders/sales-pause.ts';
import type { TenantShopCache } from './users/tenant-shop.ts';
import type { BusinessMetrics, Log } from './telemetry.ts';

/** Everything a use case may depend on; each service picks the part it needs. */
export type Deps = {
  /** The admin audit trail (admin actions, writes under impersonation). */
  audit: AuditRepository;
  /** IMPERSONATION#<sha256 of jti>/SESSION: an admin's live impersonation sessions (issue 11). */
  impersonationSessions: ImpersonationSessionRepository;
  /** USER#<id>/SESSION#… and USER#<id>/SIGN_OUT: web sign-in sessions and the sign-out cut-off (issue 14). */
  sessions: SessionRepository;
  /** The ES256 key pair of impersonation tokens. */
  impersonationKeys: ImpersonationKeys;
  /** Admin platform reads and writes: subdomain swap, expired vouchers, home counts (issue 11). */
  platformAdmin: PlatformAdminRepository;
  /** The admin's activation and document-review writes with their audit entries (issue 11). */
  activations: AccountStatusRepository;
  users: UserRepository;
  companies: CompanyRepository;
  /** The company-by-subdomain cache of the tenant shop lookup (issue 13); writers invalidate it. */
  tenantShops: TenantShopCache;
  /** Seller owner data and ID document keys. */
  verifications: VerificationRepository;
  payoutAccounts: PayoutAccountRepository;
  /** The payout run's writes: seller invoices, the per-seller payout state, order marks, adjustments (issue 12). */
  payoutRuns: PayoutRunRepository;
  /** Profile edits: profile, uniqueness swap, company, payout account and verification in one transaction (issues 5/6). */
  profiles: ProfileRepository;
  /** The private bucket (ID documents); never publicly readable. */
  documents: PrivateDocumentStorage;
  /** Exports of any size: streamed into the private bucket, answered as a 5-minute presigned link (issue 12). */
  exportFiles: ExportFiles;
  categories: CategoryRepository;
  vouchers: VoucherRepository;
  /** The current search snapshot's index (pointer checked every few seconds; never reads the projection). */
  catalogue: CatalogueCache;
  /**
   * What a catalogue write tells this container's catalogue (if it holds one): check for a newer
   * snapshot on the next read. The writes' bundles carry this, not the index (issue 15).
   */
  catalogueChanges: Pick<CatalogueCache, 'invalidate'>;
  /** The search snapshot's pointer item, and its bytes in the private bucket (builder and containers). */
  searchSnapshots: SearchSnapshotRepository;
  searchSnapshotStore: SearchSnapshotStore;
  /** The category tree, cached like the catalogue. */
  categoryTree: CategoryTreeCache;
  /** Employee vouchers (GSI2 `TOURISM#<id>#EMPLOYEE_VOUCHERS`), their value/status and employee redemptions (issue 13). */
  employeeVouchers: EmployeeVoucherRepository;
  /** Every live employee voucher, cached ≤ 60 s (data-model "Caching"; issue 13). */
  employeeVoucherCache: EmployeeVoucherCache;
  passwordResets: PasswordResetRepository;
  rateLimiter: RateLimiter;
  /** Global and per-seller payout/commission settings (03 §3). */
  settings: SettingsRepository;
  identity: Identity;
  /** SES itself: only the mail worker sends; use cases put jobs on `mailQueue`. */
  mailer: Mailer;
  /** Every mail goes out as a job on this queue (issue 14): retried by SQS, parked in its dead-letter queue. */
  mailQueue: MailQueue;
  /** The stored bodies of large mail jobs (claim check, private bucket `mail-outbox/`). */
  mailOutbox: MailOutbox;
  wishlist: WishlistRepository;
  templates: TemplateRepository;
  contacts: ContactRepository;
  /** The operator's address for contact-form mails (CONTACT_EMAIL, else MAIL_FROM). */
  contactInbox: string;
  /** NEWSLETTER#<email> subscribers and NEWSLETTER_TOKEN#<sha256> links (issue 13). */
  newsletter: NewsletterRepository;
  /** HMAC-SHA256 under the newsletter's secret: IP hashes and unsubscribe tokens. */
  newsletterSecrets: NewsletterSecrets;
  /** Presigned image uploads and their publication into the media bucket. */
  uploads: ImageUploads;
  /** Stripe (PaymentIntents, customers, refunds, Connect, webhook verification); the local stand-in in dev and tests. */
  payments: Payments;
  /** PAYMENT#<paymentId>: a checkout's payment and its Stripe status. */
  paymentRecords: PaymentRepository;
  /** ORDER#<orderId>: cart lines (pending) and orders (completed). */
  orders: OrderRepository;
  /** Admin order management: the ORDERS feed, anyone's cart lines, the reversal (issue 11). */
  orderAdmin: OrderAdminRepository;
  /** COUPON#<CODE>: discount coupons. */
  coupons: CouponRepository;
  /** The sales pause (`sales_paused`, API `app-status`), cached. */
  salesPause: SalesPauseReader;
  /** USER_VOUCHER#<id> and CODE#<code>: bought vouchers (issued by the order completion). */
  userVouchers: UserVoucherRepository;
  /** The personalise write on USER_VOUCHER#<id> (owner, active, version). */
  personalisations: PersonalisationRepository;
  /** BUYER_VOUCHER#<id>: buyer-designed gift vouchers. */
  buyerVouchers: BuyerVoucherRepository;
  /** REDEMPTION#<id>: the redemption ledger and its revocations (issue 6). */
  redemptions: RedemptionRepository;
  /** A seller's scanner users (GSI2 `SELLER#<id>#SCANNERS`) and their status (issue 6). */
  scannerStaff: ScannerStaffRepository;
  /** Cognito enable/disable (scanner staff, issue 6). */
  accountStatus: AccountStatus;
  /** TRANSFER#<code>: open share links (shared, mailed, or made by a gift by e-mail); receiving re-keys the voucher (issue 5). */
  transfers: TransferRepository;
  /** ORDER#<orderId>/GIFT: gift options, the once-per-order claim of order/gift-voucher (issues 5/6). */
  gifts: GiftRepository;
  /** USER#<id>/STRIPE_CUSTOMER: the buyer's Stripe customer and saved card. */
  stripeCustomers: StripeCustomerRepository;
  /** STRIPE_EVENT#<id>: each Stripe event processed once. */
  stripeEvents: StripeEventRepository;
  /** IDEMPOTENCY#<principal>#<key>: one run per client Idempotency-Key (services/idempotency.ts). */
  idempotency: IdempotencyRepository;
  /** Read side of the seller dashboard, orders and exports (stats items, seller orders, invoices by range). */
  sellerDashboard: SellerDashboardRepository;
  /** Accounting exports and the outstanding-voucher report: orders, Stornorechnungen, seller invoices, user vouchers, redemptions by index (issue 12). */
  accounting: AccountingRepository;
  /** Seller invoices (Gutschriften), read/admin side: lists, payment complete, sent mark (issue 12). */
  sellerInvoices: SellerInvoiceRepository;
  /** Reads the private bucket (seller invoice PDFs at `pdf_key`). */
  privateFileReader: PrivateFileReader;
  /** Seller mails and expiry reminders: sale-notice leases, reminder and monthly-report claims, opt-outs (issue 12). */
  sellerMails: SellerMailRepository;
  /** Tourism programme (issue 13): employee codes, partner switches, claim numbers, carousel reads. */
  tourism: TourismRepository;
  /** Commits repository parts in transactions of ≤ 100 items (account deletion, issue 11). */
  transactions: TransactionChunks;
  /** Structured log lines (JSON on AWS with request id and route); services log what they swallow. */
  log: Log;
  /** Business metrics (orders paid, vouchers issued, redemptions, …; services/telemetry.ts). */
  metrics: BusinessMetrics;
  clock: () => Date;
  newId: () => string;
  /** Unguessable URL-safe token (≥ 256 bits). */
  newToken: () => string;
  /** sha256 hex of a token: what we store instead of the token. */
  hashToken: (token: string) => string;
  appUrl: string;
  /** Reads images back out of the media bucket (voucher PDFs, issue 5). */
  mediaReader: MediaReader;
};
