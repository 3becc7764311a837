import { Spinner } from './spinner.tsx';
import './loading-overlay.css';

/** Full-screen overlay while a request is processing (01 §2 "loading animation overlay"). */
export function LoadingOverlay({ show, label = 'Wird verarbeitet…' }: { show: boolean; label?: string }) {
  if (!show) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <div className="loading-overlay__panel">
        <Spinner size="lg" />
        <span className="loading-overlay__label">{label}</span>
      </div>
    </div>
  );
}
