import { FormProvider } from 'react-hook-form';
import type { UserVoucherDetail } from '@gm/shared/wallet/contracts';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../../config/paths.ts';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSavePersonalisation, useTemplates } from '../api/personalise.ts';
import {
  designFormSchema,
  designRequest,
  designValues,
  formFieldOf,
  type DesignOutput,
  type DesignValues,
} from '../design-form.ts';
import { useLoadedVersion, usePhotoUrlCleanup } from '../hooks/use-design-form.ts';
import { useSaveFlow, validateAndSave } from '../hooks/use-save-flow.ts';
import { backgroundUrl, priceLabel, textColourFor } from '../preview.ts';
import { DesignFields } from './design-fields.tsx';
import { PersonalisedCard } from './personalised-card.tsx';
import { PersonaliseLayout } from './personalise-layout.tsx';

const FIELDS: ReadonlyArray<keyof DesignValues> = [
  'background',
  'template_id',
  'photo',
  'text_color',
  'note',
  'price_hidden',
];

const valuesOf = (voucher: UserVoucherDetail) =>
  designValues(voucher.personalisation, textColourFor(voucher.voucher.styling.text_color));

/**
 * The personalise form of a bought voucher (01 §2 "Personalise", user variant): the live preview
 * follows the fields (watch), leaving with unsaved changes asks first (isDirty), Speichern saves
 * against the loaded version and goes back to /wallet.
 */
export function PersonaliseVoucherForm({ voucher, sellerName }: { voucher: UserVoucherDetail; sellerName: string }) {
  const form = useZodForm(designFormSchema, { defaultValues: valuesOf(voucher) });
  const { isDirty } = form.formState;
  const [version, setVersion] = useLoadedVersion(voucher.version, isDirty, () => form.reset(valuesOf(voucher)));
  const templates = useTemplates();
  const saveDesign = useSavePersonalisation();
  const flow = useSaveFlow((field, message) => {
    const name = formFieldOf(field);
    if (!FIELDS.includes(name as keyof DesignValues)) return false;
    form.setError(name as keyof DesignValues, { type: 'server', message });
    return true;
  });
  const design = form.watch();
  usePhotoUrlCleanup(design.photo);

  const persist = async (values: DesignOutput) => {
    const fields = await designRequest(values, (blob) => uploadImage(blob, 'personalisation'));
    const saved = await saveDesign.mutateAsync({
      id: voucher.id,
      body: { ...fields, price_hidden: values.price_hidden, version },
    });
    setVersion(saved.version);
    form.reset(designValues(saved.personalisation, textColourFor(voucher.voucher.styling.text_color)));
  };
  const save = (to: string | null) =>
    validateAndSave(form.handleSubmit, (values) => flow.run(() => persist(values), to));

  return (
    <FormProvider {...form}>
      <PersonaliseLayout
        eyebrow={WALLET_TEXT.title}
        title="Gutschein personalisieren"
        testId="personalise-page"
        backTo={paths.wallet}
        saving={flow.saving}
        guard={{ dirty: isDirty && !flow.submitted && !flow.failed, onSave: () => save(null) }}
        onSubmit={() => void save(paths.wallet)}
        preview={
          <PersonalisedCard
            title={voucher.voucher.title}
            byline={sellerName}
            priceLabel={design.price_hidden ? null : priceLabel(voucher)}
            background={backgroundUrl(
              design,
              voucher.personalisation,
              templates.data,
              voucher.voucher.background_image,
            )}
            fallbackColor={voucher.voucher.styling.background_color}
            textColor={design.text_color}
            note={design.note ?? ''}
            testId="personalise-preview"
          />
        }
      >
        <DesignFields showPriceHidden />
      </PersonaliseLayout>
    </FormProvider>
  );
}
