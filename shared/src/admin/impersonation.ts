import * as z from 'zod/mini';
import { pagedSchema, pageQuerySchema } from '../api/paged.ts';
import { MSG } from '../validation/messages.ts';

/** POST auth/change-role (03 §2 "take this user's role", 03 §7): the user the admin acts as. */
export const changeRoleRequestSchema = z.object({
  user_id: z.coerce
    .string({ error: MSG.required })
    .check(z.trim(), z.minLength(1, { error: MSG.required }), z.maxLength(64)),
});
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;

/** How long an impersonation token is valid (issue 11: ≤ 30 min). */
export const IMPERSONATION_MINUTES = 30;

export const IMPERSONATION_TEXT = {
  self: 'Du kannst nicht in deine eigene Rolle wechseln.',
  admin: 'Die Rolle eines anderen Admins kann nicht übernommen werden.',
  inactive: 'Dieses Konto ist deaktiviert und kann nicht übernommen werden.',
  notFound: 'Benutzer nicht gefunden.',
  /** A write the admin may not make in the user's name (password, e-mail, payout data, documents). */
  refused: 'Als Admin in der Rolle eines Benutzers ist diese Änderung nicht erlaubt.',
  ended: 'Du bist wieder als Admin angemeldet.',
} as const;

/** The audit trail as the admin reads it (data-model "Audit"). */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_id: z.string(),
  target_id: z.string(),
  /** The target's username at the time of listing; null when the user no longer exists. */
  target_name: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);

export const AUDIT_PER_PAGE = 10;

/** How the admin screen names each action. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  impersonate: 'Rolle übernommen',
  end_impersonation: 'Zurück zum Admin',
  impersonated_write: 'Änderung als Benutzer',
  activate_seller: 'Verkäufer aktiviert',
  deactivate_user: 'Benutzer deaktiviert',
  activate_user: 'Benutzer aktiviert',
  view_document: 'Dokument angesehen',
  verify_documents: 'Dokumente geprüft',
  delete_user: 'Benutzer gelöscht',
  update_user: 'Benutzer bearbeitet',
  toggle_gift: 'Geschenkfunktion umgeschaltet',
  toggle_auth: 'Authentifizierung umgeschaltet',
  toggle_custom_confirmation: 'Bestellbestätigung umgeschaltet',
  toggle_monthly_reporting: 'Monatsbericht umgeschaltet',
  reverse_order: 'Bestellung storniert',
  run_payout: 'Abrechnung erstellt (Jetzt abrechnen)',
  delete_order: 'Bestellung gelöscht',
  revoke_redemption: 'Einlösung widerrufen',
  set_subdomain: 'Subdomain geändert',
  update_settings: 'Einstellungen geändert',
  complete_seller_payout: 'Auszahlung als bezahlt markiert',
  send_seller_invoice: 'Gutschrift gesendet',
};

/** GET audit: one admin's actions (actor_id, default the caller) or what was done to one user (target_id); cursor from next_page_url. */
export const auditListQuerySchema = z.extend(pageQuerySchema(AUDIT_PER_PAGE), {
  actor_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  target_id: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
