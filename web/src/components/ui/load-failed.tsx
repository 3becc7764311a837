/** A list that could not be loaded: the reason and 'Erneut versuchen' (announced as an alert). */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>
        {text}{' '}
        <button type="button" className="link-button" onClick={onRetry}>
          Erneut versuchen
        </button>
      </p>
    </div>
  );
}
