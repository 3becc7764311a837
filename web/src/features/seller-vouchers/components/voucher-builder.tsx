import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Category, Voucher } from '@gm/shared/catalogue/contracts';
import type { VoucherForm } from '@gm/shared/catalogue/voucher-form';
import { MSG, TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { fieldId } from '../../../components/ui/form-fields.tsx';
import { AlertIcon, ChevronLeftIcon, ChevronRightIcon, InfoIcon } from '../../../components/ui/icons.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { paths } from '../../../config/paths.ts';
import { VoucherCard } from '../../../entities/catalogue/components/voucher-card.tsx';
import { useSaveVoucher } from '../api/seller-vouchers.ts';
import {
  BUILDER_TABS,
  builderFields,
  cycleTab,
  errorSummary,
  fieldOfKey,
  firstMessageOf,
  unplacedMessages,
  type BuilderErrors,
  type TabIndex,
} from '../builder/builder-fields.ts';
import {
  builderErrorsOf,
  builderResolver,
  formPathOf,
  isPlacedKey,
  type BuilderFormValues,
} from '../builder/builder-form.ts';
import {
  emptyBuilderValues,
  fromVoucher,
  imageFieldsOf,
  imagesFromVoucher,
  previewCard,
  type BuilderImages,
  type ImageSlot,
  type PreviewContext,
  type UploadIds,
  withTourismMode,
} from '../builder/builder-values.ts';
import { TourismMode } from './tourism-mode.tsx';
import { DesignPanel } from './design-panel.tsx';
import { LeaveGuard } from '../../../components/ui/leave-guard.tsx';
import { PricePanel } from './price-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import './voucher-builder.css';

const EXTRA_UPLOAD_FIELDS = ['image_1_upload_id', 'image_2_upload_id', 'image_3_upload_id'] as const;

type Props = {
  /** The stored voucher in update mode; absent when creating. */
  voucher?: Voucher;
  categories: readonly Category[];
  minimumCents: number;
  /** Seller data the preview card shows (the signed-in seller when creating). */
  preview: PreviewContext;
  /** Partner sellers (`is_partner`) may create employee vouchers: the tourism mode switch (issue 13). */
  canCreateEmployeeVouchers?: boolean;
};

const TAB_IDS = ['builder-tab-design', 'builder-tab-settings', 'builder-tab-price'] as const;

/**
 * The voucher builder (02 §2): three tabs with a live card preview (from the form's `watch()`),
 * validation with the shared contract as the form's resolver, images uploaded on save, and a prompt
 * when leaving with unsaved changes (the form's `isDirty`).
 */
export function VoucherBuilder({ voucher, categories, minimumCents, preview, canCreateEmployeeVouchers }: Props) {
  const isUpdate = Boolean(voucher);
  const dialog = useDialog();
  const navigate = useNavigate();
  const headingId = useId();
  const form = useForm<BuilderFormValues, unknown, VoucherForm>({
    defaultValues: { ...(voucher ? fromVoucher(voucher) : emptyBuilderValues()), images: imagesFromVoucher(voucher) },
    resolver: builderResolver({ minimumCents, isUpdate, categories }),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The first failing field may sit on a hidden tab: the builder opens that tab and focuses it itself.
    shouldFocusError: false,
  });
  const values = form.watch();
  const errors = builderErrorsOf(form.formState.errors, values.type);
  const { isDirty } = form.formState;
  const saveVoucher = useSaveVoucher(voucher?.id);
  /** After a failed save the warning lists the failing fields; it shrinks as they get fixed. */
  const [showSummary, setShowSummary] = useState(false);
  const [tab, setTab] = useState<TabIndex>(0);
  const [saving, setSaving] = useState(false);
  /** Upload ids of cropped images already sent, so a second save attempt does not upload them again. */
  const uploaded = useRef(new WeakMap<Blob, string>());
  const tabsRef = useRef<HTMLDivElement>(null);
  const imagesRef = useRef(values.images);
  useEffect(() => {
    imagesRef.current = values.images;
  });
  // Cropped images live as object URLs until the builder goes away.
  useEffect(
    () => () => {
      const { background, extras } = imagesRef.current;
      for (const slot of [background, ...extras]) if (slot.kind === 'new') URL.revokeObjectURL(slot.url);
    },
    [],
  );

  /** 02 §2 tourism mode: on resets tax, styling, type and validity and clears the background; off clears employee_value. */
  const toggleTourism = (on: boolean) => {
    const next = withTourismMode(form.getValues(), on);
    const options = { shouldDirty: true } as const;
    form.setValue('is_tourism', next.is_tourism, options);
    form.setValue('employee_value', next.employee_value, options);
    if (on) {
      form.setValue('type', next.type, options);
      form.setValue('tax_unsure', next.tax_unsure, options);
      form.setValue('tax', next.tax, options);
      form.setValue('styling', next.styling, options);
      form.setValue('expiry_date', next.expiry_date, options);
      form.setValue('price_hidden', next.price_hidden, options);
      const images = form.getValues('images');
      if (images.background.kind === 'new') URL.revokeObjectURL(images.background.url);
      form.setValue('images', { ...images, background: { kind: 'none' } }, options);
    }
  };

  const setImages = (images: BuilderImages) => {
    form.setValue('images', images, { shouldDirty: true });
    form.clearErrors(['background_upload_id', 'image_1_upload_id', 'image_2_upload_id', 'image_3_upload_id'] as never);
  };

  /** Opens the tab of the first failing field and focuses it. */
  const openFirstError = useCallback((all: BuilderErrors, type: BuilderFormValues['type']) => {
    const first = errorSummary(all, type)[0];
    if (!first) return;
    setTab(first.tab);
    requestAnimationFrame(() => {
      const target =
        document.getElementById(fieldId(first.key)) ?? document.getElementById(fieldId(fieldOfKey(first.key)));
      target?.focus();
    });
  }, []);

  function onInvalid(failed: FieldErrors<BuilderFormValues>) {
    setShowSummary(true);
    openFirstError(builderErrorsOf(failed, form.getValues('type')), form.getValues('type'));
  }

  /** A refused upload answers on `upload_id`; it is shown on the slot's field, as a refused save's was. */
  async function uploadSlot(
    slot: ImageSlot,
    purpose: 'voucher-background' | 'voucher-image',
    field: 'background_upload_id' | 'image_1_upload_id' | 'image_2_upload_id' | 'image_3_upload_id',
  ): Promise<string | undefined> {
    if (slot.kind !== 'new') return undefined;
    const known = uploaded.current.get(slot.blob);
    if (known) return known;
    let id: string;
    try {
      id = await uploadImage(slot.blob, purpose);
    } catch (error) {
      if (error instanceof ApiError && error.isValidation && error.fieldErrors.upload_id)
        throw new ApiError(error.status, error.message, { [field]: error.fieldErrors.upload_id });
      throw error;
    }
    uploaded.current.set(slot.blob, id);
    return id;
  }

  /** Uploads new images and saves the checked form. Resolves true when the voucher was stored. */
  async function persist(data: VoucherForm): Promise<boolean> {
    const current = form.getValues();
    setShowSummary(false);
    setSaving(true);
    try {
      const [background, ...extras] = await Promise.all([
        uploadSlot(current.images.background, 'voucher-background', 'background_upload_id'),
        ...current.images.extras.map((slot, index) =>
          uploadSlot(slot, 'voucher-image', EXTRA_UPLOAD_FIELDS[index] ?? 'image_1_upload_id'),
        ),
      ]);
      const uploads: UploadIds = { background, extras: [extras[0], extras[1], extras[2]] };
      await saveVoucher.mutateAsync({
        ...data,
        ...imageFieldsOf(imagesFromVoucher(voucher), current.images, uploads),
      });
      // What was saved is the new starting point: nothing is unsaved any more.
      form.reset(current);
      setSaving(false);
      await dialog.success(isUpdate ? 'Dein Gutschein wurde aktualisiert.' : 'Dein Gutschein wurde erstellt.', {
        autoCloseMs: 1000,
      });
      return true;
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.isValidation && Object.keys(error.fieldErrors).length > 0) {
        const fieldErrors = firstMessageOf(error.fieldErrors);
        for (const [key, message] of Object.entries(fieldErrors))
          if (message && isPlacedKey(key, current.type))
            form.setError(formPathOf(key, current.type) as Path<BuilderFormValues>, { type: 'server', message });
        openFirstError(fieldErrors, current.type);
        const other = unplacedMessages(fieldErrors, current.type);
        if (other.length > 0) await dialog.warning(other.join(' '), { title: TEXT.warning });
      } else {
        // 02 §8: a failed save shows the server's message in a 'Warnung!' dialog.
        if (!(error instanceof ApiError)) console.error('Saving the voucher failed', error);
        await dialog.warning(error instanceof ApiError ? error.message : TEXT.genericError, { title: TEXT.warning });
      }
      return false;
    }
  }

  /** Checks the form with the contract, then saves; used by the submit and by the leave prompt's 'Speichern'. */
  function save(): Promise<boolean> {
    if (saving) return Promise.resolve(false);
    return new Promise((resolve) => {
      void form.handleSubmit(
        async (data) => resolve(await persist(data)),
        (failed) => {
          onInvalid(failed);
          resolve(false);
        },
      )();
    });
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
  const card = previewCard(values, values.images, preview);
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
          {(values.is_tourism || (canCreateEmployeeVouchers && !isUpdate)) && (
            <TourismMode control={form.control} on={values.is_tourism} locked={isUpdate} onToggle={toggleTourism} />
          )}
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
            <DesignPanel control={form.control} errors={errors} images={values.images} onImagesChange={setImages} />
          </section>
          <section
            id={`${TAB_IDS[1]}-panel`}
            role="tabpanel"
            aria-labelledby={TAB_IDS[1]}
            hidden={tab !== 1}
            className="builder-panel"
          >
            <SettingsPanel control={form.control} errors={errors} categories={categories} isUpdate={isUpdate} />
          </section>
          <section
            id={`${TAB_IDS[2]}-panel`}
            role="tabpanel"
            aria-labelledby={TAB_IDS[2]}
            hidden={tab !== 2}
            className="builder-panel"
          >
            {values.is_tourism ? (
              // An employee voucher has no price and no tax (02 §2 tourism mode): its value is the text above.
              <p className="notice notice--info" data-testid="builder-tourism-price">
                Mitarbeitergutscheine haben keinen Preis: Mitarbeiter sehen den Mitarbeiter-Wert (
                {values.employee_value || 'z. B. 1+1 gratis'}). Steuer: „unsicher“.
              </p>
            ) : (
              <PricePanel control={form.control} errors={errors} minimumCents={minimumCents} />
            )}
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
      <LeaveGuard dirty={isDirty && !saving} onSave={save} />
    </form>
  );
}
