import { Controller, FormProvider } from 'react-hook-form';
import {
  BUYER_VOUCHER_DESCRIPTION_MAX,
  BUYER_VOUCHER_FROM_MAX,
  BUYER_VOUCHER_TITLE_MAX,
  type BuyerVoucher,
} from '@gm/shared/wallet/buyer-voucher';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../../config/paths.ts';
import { CountedField } from '../../../components/form/builder-inputs.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSaveBuyerVoucher, useTemplates } from '../api/personalise.ts';
import {
  buyerVoucherFormSchema,
  buyerVoucherValues,
  designRequest,
  formFieldOf,
  type BuyerVoucherOutput,
  type BuyerVoucherValues,
} from '../design-form.ts';
import { useLoadedVersion, usePhotoUrlCleanup } from '../hooks/use-design-form.ts';
import { useSaveFlow, validateAndSave } from '../hooks/use-save-flow.ts';
import { backgroundUrl } from '../preview.ts';
import { DesignFields } from './design-fields.tsx';
import { PersonalisedCard } from './personalised-card.tsx';
import { PersonaliseLayout } from './personalise-layout.tsx';
import { NewsletterPopup } from './newsletter-popup.tsx';

const BUYER_BACKGROUND = '#1d7874';

const FIELDS: ReadonlyArray<keyof BuyerVoucherValues> = [
  'title',
  'description',
  'from',
  'background',
  'template_id',
  'photo',
  'text_color',
  'note',
];

type Props = {
  id: string;
  /** null: a new voucher (version 0). */
  voucher: BuyerVoucher | null;
  /** The designer edits texts and design and opens with the newsletter popup; the personalise page only the design. */
  mode: 'designer' | 'personalise';
  defaultFrom: string;
};

/**
 * Designer (/buyer/voucher/{id}) and personalise page (/buyer/vouchers/personalized/{id}) of a
 * buyer-designed voucher; both return to /wallet/vouchers. The preview follows the fields (watch);
 * leaving with unsaved changes asks first (isDirty).
 */
export function BuyerVoucherEditor({ id, voucher, mode, defaultFrom }: Props) {
  const form = useZodForm(buyerVoucherFormSchema, { defaultValues: buyerVoucherValues(voucher, defaultFrom) });
  const { isDirty } = form.formState;
  const [version, setVersion] = useLoadedVersion(voucher?.version ?? 0, isDirty, () =>
    form.reset(buyerVoucherValues(voucher, defaultFrom)),
  );
  const templates = useTemplates();
  const saveVoucher = useSaveBuyerVoucher();
  const flow = useSaveFlow((field, message) => {
    const name = formFieldOf(field);
    if (!FIELDS.includes(name as keyof BuyerVoucherValues)) return false;
    form.setError(name as keyof BuyerVoucherValues, { type: 'server', message });
    return true;
  });
  const values = form.watch();
  usePhotoUrlCleanup(values.photo);

  const persist = async (input: BuyerVoucherOutput) => {
    const fields = await designRequest(input, (blob) => uploadImage(blob, 'personalisation'));
    const saved = await saveVoucher.mutateAsync({
      id,
      body: { title: input.title, description: input.description, from: input.from, ...fields, version },
    });
    setVersion(saved.version);
    form.reset(buyerVoucherValues(saved, defaultFrom));
  };
  const save = (to: string | null) => validateAndSave(form.handleSubmit, (input) => flow.run(() => persist(input), to));

  return (
    <FormProvider {...form}>
      <PersonaliseLayout
        eyebrow={WALLET_TEXT.title}
        title={
          mode === 'designer'
            ? voucher
              ? 'Gutschein bearbeiten'
              : 'Gutschein selbst gestalten'
            : 'Gutschein personalisieren'
        }
        testId={mode === 'designer' ? 'buyer-voucher-designer' : 'buyer-personalise-page'}
        backTo={paths.walletBuyerVouchers}
        saving={flow.saving}
        guard={{ dirty: isDirty && !flow.submitted && !flow.failed, onSave: () => save(null) }}
        onSubmit={() => void save(paths.walletBuyerVouchers)}
        preview={
          <PersonalisedCard
            title={values.title || 'Dein Gutschein'}
            byline={values.from ? `Von ${values.from}` : ''}
            priceLabel={null}
            background={backgroundUrl(values, voucher?.personalisation, templates.data, null)}
            fallbackColor={BUYER_BACKGROUND}
            textColor={values.text_color}
            note={[values.description, values.note].filter(Boolean).join('\n\n')}
            testId="personalise-preview"
          />
        }
      >
        {mode === 'designer' && (
          <>
            <Controller
              control={form.control}
              name="title"
              render={({ field, fieldState }) => (
                <CountedField
                  name="title"
                  label="Titel"
                  required
                  value={field.value}
                  max={BUYER_VOUCHER_TITLE_MAX}
                  onValueChange={field.onChange}
                  error={fieldState.error?.message}
                  placeholder="Frühstück im Bett"
                />
              )}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <CountedField
                  name="description"
                  label="Beschreibung"
                  multiline
                  value={field.value ?? ''}
                  max={BUYER_VOUCHER_DESCRIPTION_MAX}
                  onValueChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="from"
              render={({ field, fieldState }) => (
                <CountedField
                  name="from"
                  label="Von"
                  required
                  value={field.value}
                  max={BUYER_VOUCHER_FROM_MAX}
                  onValueChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </>
        )}
        <DesignFields showPriceHidden={false} />
      </PersonaliseLayout>
      {/* Outside the designer's <form>: the popup holds the newsletter form (issue 13), and forms do not nest. */}
      {mode === 'designer' && <NewsletterPopup />}
    </FormProvider>
  );
}
