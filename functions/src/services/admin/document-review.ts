import {
  ACTIVATION_TEXT,
  DOCUMENT_LINK_SECONDS,
  type DocumentLinkResponse,
  type VerificationDocumentKind,
  type VerificationSummary,
} from '@gm/shared/admin/seller-activation';
import type { Actor } from '../../lib/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { VerificationRecord } from '../../repositories/verification-repository.ts';
import { auditEntry } from '../audit-entry.ts';
import type { Deps } from '../deps.ts';
import { documentsComplete } from './user-status.ts';

const KEY_OF: Record<VerificationDocumentKind, keyof VerificationRecord> = {
  front: 'id_front_key',
  back: 'id_back_key',
  additional: 'id_additional_key',
};

/** GET user/{id}/verification: a seller's owner data and which documents exist; never a document URL. */
export async function getVerificationSummary(
  deps: Pick<Deps, 'users' | 'companies' | 'verifications'>,
  userId: string,
): Promise<VerificationSummary> {
  const user = await deps.users.get(userId);
  if (!user || user.role !== 'seller') throw new NotFoundError(ACTIVATION_TEXT.noVerification);
  const [company, verification] = await Promise.all([
    deps.companies.getBySeller(userId),
    deps.verifications.get(userId),
  ]);
  return {
    user_id: user.id,
    username: user.username,
    email: user.email,
    company_name: company?.name ?? null,
    is_partner: user.is_partner,
    isActivated: user.is_activated !== false,
    verification: verification
      ? {
          first_name: verification.first_name,
          last_name: verification.last_name,
          bday: verification.bday,
          status: verification.status,
          verified_at: verification.verified_at,
          verified_by: verification.verified_by,
          documents: {
            front: Boolean(verification.id_front_key),
            back: Boolean(verification.id_back_key),
            additional: Boolean(verification.id_additional_key),
          },
        }
      : null,
    can_activate: documentsComplete(user, verification),
  };
}

/**
 * POST user/{id}/verification-document: a presigned GET of one ID document, valid for at most 60 s.
 * The view is recorded (audit `view_document`) before the link leaves, so no view goes unrecorded.
 */
export async function documentLink(
  deps: Pick<Deps, 'users' | 'verifications' | 'documents' | 'audit' | 'clock' | 'newId'>,
  actor: Pick<Actor, 'userId'>,
  userId: string,
  kind: VerificationDocumentKind,
): Promise<DocumentLinkResponse> {
  const verification = await deps.verifications.get(userId);
  if (!verification) throw new NotFoundError(ACTIVATION_TEXT.noVerification);
  const key = verification[KEY_OF[kind]];
  if (typeof key !== 'string' || !key) throw new NotFoundError(ACTIVATION_TEXT.documentMissing);
  await deps.audit.put(auditEntry(deps, 'view_document', { actor: actor.userId, target: userId }, { kind }));
  return { url: await deps.documents.presignGet(key, DOCUMENT_LINK_SECONDS), expires_in: DOCUMENT_LINK_SECONDS };
}

/** PUT user/{id}/verification: the admin marks the documents as checked (or rejected), with its audit entry. */
export async function reviewVerification(
  deps: Pick<Deps, 'users' | 'companies' | 'verifications' | 'activations' | 'audit' | 'clock' | 'newId'>,
  actor: Pick<Actor, 'userId'>,
  userId: string,
  status: 'verified' | 'rejected',
): Promise<{ message: string; data: VerificationSummary }> {
  const now = deps.clock().toISOString();
  const outcome = await deps.activations.setVerificationStatus(
    userId,
    { status, by: actor.userId, now },
    deps.audit.part(auditEntry(deps, 'verify_documents', { actor: actor.userId, target: userId, at: now }, { status })),
  );
  if (outcome === 'missing') throw new NotFoundError(ACTIVATION_TEXT.noVerification);
  return {
    message: status === 'verified' ? ACTIVATION_TEXT.verified : 'Die Dokumente wurden abgelehnt.',
    data: await getVerificationSummary(deps, userId),
  };
}
