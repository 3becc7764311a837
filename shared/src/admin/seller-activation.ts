import * as z from 'zod/mini';
import { userSchema } from '../auth/contracts.ts';

/**
 * Seller activation, user status and document review (02 §1, 03 §2, §7 "User flags"; issue 11).
 * A seller that is not activated builds drafts but sells nothing; buyers and scanner users that are
 * not activated cannot log in.
 */
export { ACTIVATION_TEXT } from './seller-activation-texts.ts';

/** The query flag of the activation mail's login link (01 §2 "If the query carries a status flag"). */
export const VERIFIED_LOGIN_STATUS = 'verified';

/**
 * PUT user/user-status/{id}: the one `isActivated` flag (03 §7). Without it the call toggles the state
 * the server reads (the spec's call sends no body); either way the write is conditioned on that state.
 */
export const userStatusRequestSchema = z.object({
  isActivated: z.optional(z.boolean({ error: 'Bitte gib an, ob der Benutzer aktiviert sein soll.' })),
});
export type UserStatusRequest = z.infer<typeof userStatusRequestSchema>;

export const userStatusResponseSchema = z.object({ message: z.string(), user: userSchema });
export type UserStatusResponse = z.infer<typeof userStatusResponseSchema>;

export const VERIFICATION_DOCUMENT_KINDS = ['front', 'back', 'additional'] as const;
export const verificationDocumentKindSchema = z.enum(VERIFICATION_DOCUMENT_KINDS, {
  error: 'Bitte wähle ein Dokument: Vorderseite, Rückseite oder Zusatzdokument.',
});
export type VerificationDocumentKind = z.infer<typeof verificationDocumentKindSchema>;

export const DOCUMENT_LABELS: Record<VerificationDocumentKind, string> = {
  front: 'Ausweis Vorderseite',
  back: 'Ausweis Rückseite',
  additional: 'Zusatzdokument',
};

/** GET user/{id}/verification: what the admin checks before activating (never a document URL). */
export const verificationSummarySchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  company_name: z.nullable(z.string()),
  is_partner: z.boolean(),
  isActivated: z.boolean(),
  verification: z.nullable(
    z.object({
      first_name: z.string(),
      last_name: z.string(),
      bday: z.string(),
      status: z.enum(['submitted', 'verified', 'rejected']),
      verified_at: z.nullable(z.string()),
      verified_by: z.nullable(z.string()),
      documents: z.object({ front: z.boolean(), back: z.boolean(), additional: z.boolean() }),
    }),
  ),
  /** Whether activation would be accepted now (documents complete, or a partner). */
  can_activate: z.boolean(),
});
export type VerificationSummary = z.infer<typeof verificationSummarySchema>;
export const verificationSummaryResponseSchema = z.object({ data: verificationSummarySchema });

/** POST user/{id}/verification-document. */
export const documentLinkRequestSchema = z.object({ kind: verificationDocumentKindSchema });
/** At most 60 s (issue 11): long enough to open the image, too short to pass the link around. */
export const DOCUMENT_LINK_SECONDS = 60;
export const documentLinkResponseSchema = z.object({
  url: z.string(),
  expires_in: z.number().check(z.int(), z.lte(DOCUMENT_LINK_SECONDS)),
});
export type DocumentLinkResponse = z.infer<typeof documentLinkResponseSchema>;

/** PUT user/{id}/verification: the admin marks the documents as checked. */
export const verificationReviewRequestSchema = z.object({
  status: z.enum(['verified', 'rejected'], { error: 'Bitte wähle geprüft oder abgelehnt.' }),
});
export const verificationReviewResponseSchema = z.object({
  message: z.string(),
  data: verificationSummarySchema,
});
