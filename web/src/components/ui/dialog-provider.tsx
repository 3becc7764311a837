import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TEXT } from '@gm/shared/validation/messages';
import { Modal } from './modal.tsx';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons.tsx';

type Tone = 'success' | 'warning' | 'info';

type DialogRequest = {
  id: number;
  tone: Tone;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Closes on its own after this many ms (success dialogs, 01 §9 timings). */
  autoCloseMs?: number;
  resolve: (confirmed: boolean) => void;
};

type DialogOptions = { title?: string; autoCloseMs?: number; confirmLabel?: string };

export type DialogApi = {
  /** 'Erfolgreich!' dialog; resolves when closed. */
  success: (text: ReactNode, options?: DialogOptions) => Promise<void>;
  /** 'Achtung!' dialog with 'Bestätigen'; resolves when closed. */
  warning: (text: ReactNode, options?: DialogOptions) => Promise<void>;
  info: (title: string, text: ReactNode, options?: DialogOptions) => Promise<void>;
  /** 'Bestätigen' / 'Abbrechen'; resolves true on confirm. */
  confirm: (text: ReactNode, options?: DialogOptions & { cancelLabel?: string }) => Promise<boolean>;
};

const DialogContext = createContext<DialogApi | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<DialogRequest[]>([]);
  const current = queue[0];

  const nextId = useRef(1);
  const open = useCallback((request: Omit<DialogRequest, 'resolve' | 'id'>) => {
    const id = nextId.current++;
    return new Promise<boolean>((resolve) => setQueue((q) => [...q, { ...request, id, resolve }]));
  }, []);

  const api = useMemo<DialogApi>(
    () => ({
      success: async (text, o) => {
        await open({
          tone: 'success',
          title: o?.title ?? TEXT.success,
          text,
          confirmLabel: o?.confirmLabel ?? 'OK',
          autoCloseMs: o?.autoCloseMs,
        });
      },
      warning: async (text, o) => {
        await open({
          tone: 'warning',
          title: o?.title ?? TEXT.attention,
          text,
          confirmLabel: o?.confirmLabel ?? TEXT.confirm,
          autoCloseMs: o?.autoCloseMs,
        });
      },
      info: async (title, text, o) => {
        await open({ tone: 'info', title, text, confirmLabel: o?.confirmLabel ?? 'OK', autoCloseMs: o?.autoCloseMs });
      },
      confirm: (text, o) =>
        open({
          tone: 'info',
          title: o?.title ?? TEXT.attention,
          text,
          confirmLabel: o?.confirmLabel ?? TEXT.confirm,
          cancelLabel: o?.cancelLabel ?? TEXT.cancel,
        }),
    }),
    [open],
  );

  const settle = useCallback((confirmed: boolean) => {
    setQueue(([first, ...rest]) => {
      first?.resolve(confirmed);
      return rest;
    });
  }, []);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current && <MessageDialog key={current.id} request={current} onSettle={settle} />}
    </DialogContext.Provider>
  );
}

function MessageDialog({ request, onSettle }: { request: DialogRequest; onSettle: (confirmed: boolean) => void }) {
  const titleId = useId();
  const textId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const Icon = request.tone === 'success' ? CheckCircleIcon : request.tone === 'warning' ? AlertIcon : InfoIcon;

  useEffect(() => {
    confirmRef.current?.focus();
    if (!request.autoCloseMs) return;
    const timer = window.setTimeout(() => onSettle(true), request.autoCloseMs);
    return () => window.clearTimeout(timer);
  }, [request, onSettle]);

  return (
    <Modal
      open
      onClose={() => onSettle(false)}
      labelledBy={titleId}
      describedBy={request.text ? textId : undefined}
      className={`message-dialog message-dialog--${request.tone}`}
      closeOnBackdrop={!request.cancelLabel}
      testId="message-dialog"
    >
      <div className="message-dialog__icon">
        <Icon size={40} />
      </div>
      <h2 id={titleId} className="message-dialog__title">
        {request.title}
      </h2>
      {request.text && (
        <div id={textId} className="message-dialog__text">
          {request.text}
        </div>
      )}
      <div className="message-dialog__actions">
        {request.cancelLabel && (
          <button type="button" className="button button--ghost" onClick={() => onSettle(false)}>
            {request.cancelLabel}
          </button>
        )}
        <button ref={confirmRef} type="button" className="button button--primary" onClick={() => onSettle(true)}>
          {request.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog needs a DialogProvider');
  return api;
}
