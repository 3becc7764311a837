import { useSyncExternalStore } from 'react';
import { AlertIcon, CheckCircleIcon } from './icons.tsx';
import './toast.css';

export type ToastTone = 'success' | 'error';
type Toast = { id: number; text: string; tone: ToastTone };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** A short notice at the bottom of the screen that goes away by itself (e.g. the wishlist toasts, 2.5 s). */
export function showToast(text: string, options: { durationMs?: number; tone?: ToastTone } = {}): void {
  const toast: Toast = { id: nextId++, text, tone: options.tone ?? 'success' };
  // The newest notice replaces an older one with the same text, so quick repeats do not stack up.
  emit([...toasts.filter((t) => t.text !== text), toast].slice(-3));
  window.setTimeout(() => emit(toasts.filter((t) => t.id !== toast.id)), options.durationMs ?? 2500);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

/** The live region the toasts appear in; mounted once, and present before any toast so screen readers announce them. */
export function ToastRegion() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="toast-region">
      {list.map((toast) => (
        <p key={toast.id} className={`toast toast--${toast.tone}`} data-testid="toast">
          {toast.tone === 'success' ? <CheckCircleIcon size={20} /> : <AlertIcon size={20} />}
          <span>{toast.text}</span>
        </p>
      ))}
    </div>
  );
}
