import type { AuditAction, AuditEntry } from '../repositories/audit-repository.ts';
import type { Deps } from './deps.ts';

/**
 * One entry of the admin audit trail (data-model "Audit"; `deps.audit.put` or `.part`): a new id,
 * who did `action` to whom, and when (`at`, the write's own timestamp; now if not given).
 */
export function auditEntry(
  deps: Pick<Deps, 'clock' | 'newId'>,
  action: AuditAction,
  who: { actor: string; target: string; at?: string },
  details: Record<string, unknown>,
): AuditEntry {
  return {
    id: deps.newId(),
    action,
    actor_id: who.actor,
    target_id: who.target,
    details,
    at: who.at ?? deps.clock().toISOString(),
  };
}
