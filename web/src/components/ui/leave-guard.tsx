import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { Modal } from './modal.tsx';
import { InfoIcon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

export const LEAVE_QUESTION = 'Möchten Sie Änderungen speichern?';

/**
 * Leaving with unsaved changes (02 §2): in-app navigation asks 'Möchten Sie Änderungen speichern?' with
 * Speichern (saves first, leaves only when that worked) or Verwerfen; closing the tab gets the browser's prompt.
 */
export function LeaveGuard({ dirty, onSave }: { dirty: boolean; onSave: () => Promise<boolean> }) {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const titleId = useId();
  const [saving, setSaving] = useState(false);
  if (blocker.state !== 'blocked') return null;
  const { proceed, reset } = blocker;

  async function saveAndLeave() {
    setSaving(true);
    const ok = await onSave();
    setSaving(false);
    if (ok) proceed();
    else reset();
  }

  return (
    <Modal
      open
      onClose={() => reset()}
      labelledBy={titleId}
      className="message-dialog message-dialog--info"
      closeOnBackdrop={!saving}
      testId="leave-dialog"
    >
      <div className="message-dialog__icon">
        <InfoIcon size={40} />
      </div>
      <h2 id={titleId} className="message-dialog__title">
        {LEAVE_QUESTION}
      </h2>
      <div className="message-dialog__actions">
        <button type="button" className="button button--ghost" onClick={() => proceed()} disabled={saving}>
          Verwerfen
        </button>
        <button type="button" className="button button--primary" onClick={saveAndLeave} disabled={saving}>
          {saving && <Spinner size="sm" />}
          Speichern
        </button>
      </div>
    </Modal>
  );
}
