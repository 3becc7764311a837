import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Category, Voucher } from '@gm/shared/catalogue/contracts';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { fieldId } from '../../../components/ui/form-fields.tsx';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { firstMessages, type FormErrors } from '../../../lib/form.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { paths } from '../../../config/paths.ts';
import { VoucherCard } from '../../../entities/catalogue/components/voucher-card.tsx';
import { saveVoucher } from '../api/save-voucher.ts';
import {
  BUILDER_TABS,
  builderFields,
  cycleTab,
  errorSummary,
  fieldOfKey,
  unplacedMessages,
  type TabIndex,
} from '../builder/builder-fields.ts';
import {
  emptyBuilderValues,
  fromVoucher,
  imageFieldsOf,
  imagesFromVoucher,
  previewCard,
  validateBuilder,
  type BuilderImages,
  type BuilderValues,
  type ImageSlot,
  type PreviewContext,
  type UploadIds,
} from '../builder/builder-values.ts';
import { DesignPanel } from './design-panel.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { PricePanel } from './price-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import './voucher-builder.css';

type Props = {
  /** The stored voucher in update mode; absent when creating. */
  voucher?: Voucher;
  categories: readonly Category[];
  minimumCents: number;
  /** Seller data the preview card shows (the signed-in seller when creating). */
  preview: PreviewContext;
};

const TAB_IDS = ['builder-tab-design', 'builder-tab-settings', 'builder-tab-price'] as const;

/**
 * The voucher builder (02 §2): three tabs with a live card preview, validation with the shared contract,
 * images uploaded on save, and a prompt when leaving with unsaved changes.
 */
export function VoucherBuilder({ voucher, categories, minimumCents, preview }: Props) {
  const isUpdate = Boolean(voucher);
  const dialog = useDialog();
  const navigate = useNavigate();
  const headingId = useId();
  const [values, setValues] = useState<BuilderValues>(() => (voucher ? fromVoucher(voucher) : emptyBuilderValues()));
  const [images, setImages] = useState<BuilderImages>(() => imagesFromVoucher(voucher));
  const [saved, setSaved] = useState(() => ({ values, images }));
  const [errors, setErrors] = useState<FormErrors>({});
  /** After a failed save the warning lists the failing fields; it shrinks as they get fixed. */
  const [showSummary, setShowSummary] = useState(false);
  const [tab, setTab] = useState<TabIndex>(0);
  const [saving, setSaving] = useState(false);
  /** Upload ids of cropped images already sent, so a second save attempt does not upload them again. */
  const uploaded = useRef(new WeakMap<Blob, string>());
  const tabsRef = useRef<HTMLDivElement>(null);
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  // Cropped images live as object URLs until the builder goes away.
  useEffect(
    () => () => {
      const { background, extras } = imagesRef.current;
      for (const slot of [background, ...extras]) if (slot.kind === 'new') URL.revokeObjectURL(slot.url);
    },
    [],
  );

  const dirty = images !== saved.images || JSON.stringify(values) !== JSON.stringify(saved.values);

  const update = useCallback((patch: Partial<BuilderValues>, touched?: readonly string[]) => {
    setValues((current) => ({ ...current, ...patch }));
    const keys = touched ?? Object.keys(patch);
    setErrors((current) => {
      if (!keys.some((key) => current[key])) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  /** Shows errors next to the fields, opens the tab of the first one and focuses it. */
  const showErrors = useCallback(
    (all: FormErrors, withSummary: boolean) => {
      setErrors(all);
      setShowSummary(withSummary);
      const first = errorSummary(all, values.type)[0];
      if (!first) return;
      setTab(first.tab);
      requestAnimationFrame(() => {
        const target =
          document.getElementById(fieldId(first.key)) ?? document.getElementById(fieldId(fieldOfKey(first.key)));
        target?.focus();
      });
    },
    [values.type],
  );

  async function uploadSlot(
    slot: ImageSlot,
    purpose: 'voucher-background' | 'voucher-image',
  ): Promise<string | undefined> {
    if (slot.kind !== 'new') return undefined;
    const known = uploaded.current.get(slot.blob);
    if (known) return known;
    const id = await uploadImage(slot.blob, purpose);
    uploaded.current.set(slot.blob, id);
    return id;
  }

  /** Validates, uploads new images, saves. Resolves true when the voucher was stored. */
  async function save(): Promise<boolean> {
    if (saving) return false;
    const result = validateBuilder(values, { minimumCents, isUpdate, categories });
    if (!result.ok) {
      showErrors(result.errors, true);
      return false;
    }
    setShowSummary(false);
    setSaving(true);
    try {
      const [background, ...extras] = await Promise.all([
        uploadSlot(images.background, 'voucher-background'),
        ...images.extras.map((slot) => uploadSlot(slot, 'voucher-image')),
      ]);
      const uploads: UploadIds = { background, extras: [extras[0], extras[1], extras[2]] };
      const initialImages = imagesFromVoucher(voucher);
      await saveVoucher(voucher?.id, { ...result.data, ...imageFieldsOf(initialImages, images, uploads) });
      setSaved({ values, images });
      setSaving(false);
      await dialog.success(isUpdate ? 'Dein Gutschein wurde aktualisiert.' : 'Dein Gutschein wurde erstellt.', {
        autoCloseMs: 1000,
      });
      return true;
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.isValidation && Object.keys(error.fieldErrors).length > 0) {
        const fieldErrors = firstMessages(error.fieldErrors);
        showErrors(fieldErrors, false);
        const other = unplacedMessages(fieldErrors, values.type);
        if (other.length > 0) await dialog.warning(other.join(' '), { title: TEXT.warning });
      } else {
        // 02 §8: a failed save shows the server's message in a 'Warnung!' dialog.
        if (!(error instanceof ApiError)) console.error('Saving the voucher failed', error);
        await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
      }
      return false;
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await save()) navigate(paths.sellerVouchers, { replace: isUpdate });
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = cycleTab(tab, step);
    setTab(next);
    document.getElementById(TAB_IDS[next])?.focus();
  }

  /** Previous/next: change the tab and bring its start into view when the seller has scrolled past it. */
  function step(direction: 1 | -1) {
    setTab(cycleTab(tab, direction));
    const tabs = tabsRef.current;
    if (tabs && tabs.getBoundingClientRect().top < (parseFloat(getComputedStyle(tabs).scrollMarginTop) || 0))
      tabs.scrollIntoView({ block: 'start' });
  }

  const summary = showSummary ? errorSummary(errors, values.type) : [];
  const card = previewCard(values, images, preview);
  const fields = builderFields(values.type);
  const tabErrors = [0, 1, 2].map((index) =>
    Object.keys(errors).some((key) => errors[key] && fields[fieldOfKey(key)]?.tab === index),
  );

  return (
    <form className="builder" onSubmit={onSubmit} noValidate aria-labelledby={headingId} data-testid="voucher-builder">
      <div className="split-header builder__header">
        <div>
          <p className="page-header__eyebrow">{isUpdate ? 'Gutschein bearbeiten' : 'Neuer Gutschein'}</p>
          <h1 id={headingId}>Deinen Gutschein erstellen</h1>
        </div>
        {voucher && (
          <p className="builder__id" data-testid="voucher-id-info">
            <InfoIcon size={18} />
            <span>
              Gutschein-ID: <code>{voucher.id}</code>
            </span>
          </p>
        )}
      </div>

      {summary.length > 0 && (
        <div className="notice notice--warning builder__summary" role="alert" data-testid="form-error-summary">
          <AlertIcon size={20} />
          <div>
            <p className="notice__title">{MSG.submitFailed}</p>
            <ul className="notice__list">
              {summary.map((entry) => (
                <li key={entry.key}>
                  <a
                    href={`#${fieldId(entry.key)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      setTab(entry.tab);
                      requestAnimationFrame(() => document.getElementById(fieldId(entry.key))?.focus());
                    }}
                  >
                    {entry.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}

      <div className="builder__layout">
        <aside className="builder__preview" aria-label="Vorschau">
          <div className="builder__preview-inner">
            <p className="builder__preview-label" aria-hidden="true">
              Vorschau
            </p>
            <div className="builder__card" data-testid="builder-preview">
              <VoucherCard voucher={card} headingLevel={2} interactive={false} />
            </div>
            <p className="builder__preview-hint">So sehen Käufer deinen Gutschein im Marktplatz.</p>
          </div>
        </aside>

        <div className="builder__main">
          <div ref={tabsRef} className="builder__tabs" role="tablist" aria-label="Bereiche des Gutscheins">
            {BUILDER_TABS.map((label, index) => (
              <button
                key={label}
                id={TAB_IDS[index]}
                type="button"
                role="tab"
                className={`builder__tab${tab === index ? ' is-active' : ''}${tabErrors[index] ? ' has-error' : ''}`}
                aria-selected={tab === index}
                aria-controls={`${TAB_IDS[index]}-panel`}
                tabIndex={tab === index ? 0 : -1}
                onClick={() => setTab(index as TabIndex)}
                onKeyDown={onTabKeyDown}
              >
                {label}
                {tabErrors[index] && (
                  <span className="builder__tab-alert">
                    <AlertIcon size={14} />
                    <span className="visually-hidden"> (mit Fehlern)</span>
                  </span>
                )}
              </button>
            ))}
          </div>

          <section
            id={`${TAB_IDS[0]}-panel`}
            role="tabpanel"
            aria-labelledby={TAB_IDS[0]}
            hidden={tab !== 0}
            className="builder-panel"
          >
            <DesignPanel values={values} errors={errors} update={update} images={images} onImagesChange={setImages} />
          </section>
          <section
            id={`${TAB_IDS[1]}-panel`}
            role="tabpanel"
            aria-labelledby={TAB_IDS[1]}
            hidden={tab !== 1}
            className="builder-panel"
          >
            <SettingsPanel
              values={values}
              errors={errors}
              update={update}
              categories={categories}
              isUpdate={isUpdate}
            />
          </section>
          <section
            id={`${TAB_IDS[2]}-panel`}
            role="tabpanel"
            aria-labelledby={TAB_IDS[2]}
            hidden={tab !== 2}
            className="builder-panel"
          >
            <PricePanel values={values} errors={errors} update={update} minimumCents={minimumCents} />
          </section>

          <div className="builder__bar">
            <button
              type="button"
              className="button button--ghost builder__step"
              onClick={() => step(-1)}
              aria-label={`Zurück zu ${BUILDER_TABS[cycleTab(tab, -1)]}`}
            >
              <ChevronLeftIcon size={20} />
              <span className="builder__step-text">Zurück</span>
            </button>
            <span className="builder__position" aria-live="polite">
              {BUILDER_TABS[tab]}
            </span>
            <button
              type="button"
              className="button button--ghost builder__step"
              onClick={() => step(1)}
              aria-label={`Weiter zu ${BUILDER_TABS[cycleTab(tab, 1)]}`}
            >
              <span className="builder__step-text">Weiter</span>
              <ChevronRightIcon size={20} />
            </button>
            <button type="submit" className="button button--accent builder__save" disabled={saving}>
              Speichern
            </button>
          </div>
        </div>
      </div>

      <LoadingOverlay show={saving} label="Gutschein wird gespeichert…" />
      <LeaveGuard dirty={dirty && !saving} onSave={save} />
    </form>
  );
}
