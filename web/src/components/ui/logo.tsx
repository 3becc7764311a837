import './logo.css';
/** The Gutscheinmarkt wordmark: a ticket in coral on teal; colours follow the theme tokens. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg className="logo__mark" width="36" height="36" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
        <path d="M7 10h18v4a2 2 0 0 0 0 4v4H7v-4a2 2 0 0 0 0-4z" fill="var(--color-accent)" />
        <path d="M16 10.5v11" stroke="var(--color-brand)" strokeWidth="1.6" strokeDasharray="2 2" />
      </svg>
      {!compact && (
        <span className="logo__text">
          Gutschein<span className="logo__text-accent">markt</span>
        </span>
      )}
    </span>
  );
}
