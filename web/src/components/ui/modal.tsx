import { useEffect, useLayoutEffect, useRef, type ReactNode, type KeyboardEvent, type MouseEvent } from 'react';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** id of the element naming the dialog (its title). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  /** Closing by backdrop click; off for dialogs that need an explicit choice. */
  closeOnBackdrop?: boolean;
  children: ReactNode;
  testId?: string;
};

let openModals = 0;

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, Escape closes it,
 * Tab cycles inside it, the body does not scroll behind it, and focus returns to the opener.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  className,
  closeOnBackdrop = true,
  children,
  testId,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // A layout effect: the dialog opens in the commit that renders it, so it paints with that frame instead of one
  // frame later (the home's announcement is the largest contentful paint of a first visit; issue 15).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    openModals += 1;
    document.documentElement.classList.add('is-scroll-locked');
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      openModals -= 1;
      if (openModals === 0) document.documentElement.classList.remove('is-scroll-locked');
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
      (el) => el.offsetParent !== null,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function backdropClick(event: MouseEvent<HTMLDialogElement>) {
    if (closeOnBackdrop && event.target === event.currentTarget) onClose();
  }

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={trapTab}
      onClick={backdropClick}
      data-testid={testId}
    >
      <div className="modal__surface">{children}</div>
    </dialog>
  );
}
