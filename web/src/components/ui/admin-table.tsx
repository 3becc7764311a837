import type { ReactNode } from 'react';
import './admin-table.css';

/**
 * The admin screens' table (catalogue, users, subdomains, expired vouchers, audit, payouts): the
 * bordered, horizontally scrolling frame, dimmed with `aria-busy` while the next page loads over the
 * shown one; rows become cards at 767 px (admin-table.css). Callers give the head and body rows.
 */
export function AdminTable({
  busy = false,
  className,
  testId,
  children,
}: {
  busy?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`admin-table__wrap${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <table className={className ? `admin-table ${className}` : 'admin-table'} data-testid={testId}>
        {children}
      </table>
    </div>
  );
}
