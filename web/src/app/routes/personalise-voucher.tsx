import { useParams } from 'react-router';
import type { UserVoucherDetail } from '@gm/shared/wallet/contracts';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../config/paths.ts';
import { useApiQuery } from '../../lib/use-api-query.ts';
import { getUserVoucher, savePersonalisation, useTemplates } from '../../features/personalise/api/personalise.ts';
import { DesignFields } from '../../features/personalise/components/design-fields.tsx';
import { PersonalisedCard } from '../../features/personalise/components/personalised-card.tsx';
import { PersonaliseLayout, PersonaliseStatus } from '../../features/personalise/components/personalise-layout.tsx';
import { initialDesign, useDesign } from '../../features/personalise/hooks/use-design.ts';
import { backgroundUrl, priceLabel, textColourFor } from '../../features/personalise/preview.ts';
import { useSaveFlow } from '../../features/personalise/hooks/use-save-flow.ts';
import { sellerNameOf } from '../../features/wallet/wallet-format.ts';

/** /vouchers/personalized/{userVoucherId} (01 §2 "Personalise", user variant): back to /wallet after Speichern. */
export default function PersonaliseVoucherPage() {
  const { id = '' } = useParams();
  const query = useApiQuery(`personalise:${id}`, () => getUserVoucher(id), { staleMs: 0 });
  if (!query.data)
    return (
      <PersonaliseStatus error={query.error} onRetry={query.reload} backTo={paths.wallet} backLabel="Zur Wallet" />
    );
  return <PersonaliseForm key={`${query.data.id}:${query.data.version}`} voucher={query.data} />;
}

const defaultTextColor = (voucher: UserVoucherDetail) => textColourFor(voucher.voucher.styling.text_color);

function PersonaliseForm({ voucher }: { voucher: UserVoucherDetail }) {
  const { design, update, dirty, requestFields, markSaved } = useDesign(
    initialDesign(voucher.personalisation, defaultTextColor(voucher)),
  );
  const flow = useSaveFlow();
  const templates = useTemplates();

  const background = backgroundUrl(design, voucher.personalisation, templates.data, voucher.voucher.background_image);

  const save = (to: string | null) =>
    flow.run(async () => {
      const fields = await requestFields();
      const saved = await savePersonalisation(voucher.id, {
        ...fields,
        price_hidden: design.priceHidden,
        version: voucher.version,
      });
      markSaved(initialDesign(saved.personalisation, defaultTextColor(voucher)));
    }, to);

  return (
    <PersonaliseLayout
      eyebrow={WALLET_TEXT.title}
      title="Gutschein personalisieren"
      testId="personalise-page"
      backTo={paths.wallet}
      saving={flow.saving}
      guard={{ dirty: dirty && !flow.submitted && !flow.failed, onSave: () => save(null) }}
      onSubmit={() => void save(paths.wallet)}
      preview={
        <PersonalisedCard
          title={voucher.voucher.title}
          byline={sellerNameOf(voucher)}
          priceLabel={design.priceHidden ? null : priceLabel(voucher)}
          background={background}
          fallbackColor={voucher.voucher.styling.background_color}
          textColor={design.textColor}
          note={design.note}
          testId="personalise-preview"
        />
      }
    >
      <DesignFields design={design} onChange={update} errors={flow.errors} showPriceHidden />
    </PersonaliseLayout>
  );
}
