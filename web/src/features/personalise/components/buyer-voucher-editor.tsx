import { useState } from 'react';
import {
  BUYER_VOUCHER_DESCRIPTION_MAX,
  BUYER_VOUCHER_FROM_MAX,
  BUYER_VOUCHER_TITLE_MAX,
  type BuyerVoucher,
} from '@gm/shared/wallet/buyer-voucher';
import { WALLET_TEXT } from '@gm/shared/wallet/contracts';
import { paths } from '../../../config/paths.ts';
import { CountedField } from '../../../components/form/builder-inputs.tsx';
import { saveBuyerVoucher, useTemplates } from '../api/personalise.ts';
import { initialDesign, useDesign } from '../hooks/use-design.ts';
import { useSaveFlow } from '../hooks/use-save-flow.ts';
import { backgroundUrl } from '../preview.ts';
import { DesignFields } from './design-fields.tsx';
import { PersonalisedCard } from './personalised-card.tsx';
import { PersonaliseLayout } from './personalise-layout.tsx';
import { NewsletterPopup } from './newsletter-popup.tsx';

const BUYER_BACKGROUND = '#1d7874';

type Props = {
  id: string;
  /** null: a new voucher (version 0). */
  voucher: BuyerVoucher | null;
  /** The designer edits texts and design and opens with the newsletter popup; the personalise page only the design. */
  mode: 'designer' | 'personalise';
  defaultFrom: string;
};

/** Designer (/buyer/voucher/{id}) and personalise page (/buyer/vouchers/personalized/{id}) of a buyer-designed voucher; both return to /wallet/vouchers. */
export function BuyerVoucherEditor({ id, voucher, mode, defaultFrom }: Props) {
  const [texts, setTexts] = useState({
    title: voucher?.voucher.title ?? '',
    description: voucher?.voucher.description ?? '',
    from: voucher?.from ?? defaultFrom,
  });
  const [startTexts] = useState(texts);
  const { design, update, dirty, requestFields, markSaved } = useDesign(
    initialDesign(voucher?.personalisation, '#ffffff'),
  );
  const flow = useSaveFlow();
  const templates = useTemplates();
  const textsDirty =
    texts.title !== startTexts.title || texts.description !== startTexts.description || texts.from !== startTexts.from;

  const save = (to: string | null) =>
    flow.run(async () => {
      const fields = await requestFields();
      const saved = await saveBuyerVoucher(id, { ...texts, ...fields, version: voucher?.version ?? 0 });
      markSaved(initialDesign(saved.personalisation, '#ffffff'));
    }, to);

  return (
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
      guard={{ dirty: (dirty || textsDirty) && !flow.submitted && !flow.failed, onSave: () => save(null) }}
      onSubmit={() => void save(paths.walletBuyerVouchers)}
      preview={
        <PersonalisedCard
          title={texts.title || 'Dein Gutschein'}
          byline={texts.from ? `Von ${texts.from}` : ''}
          priceLabel={null}
          background={backgroundUrl(design, voucher?.personalisation, templates.data, null)}
          fallbackColor={BUYER_BACKGROUND}
          textColor={design.textColor}
          note={[texts.description, design.note].filter(Boolean).join('\n\n')}
          testId="personalise-preview"
        />
      }
    >
      {mode === 'designer' && (
        <>
          <CountedField
            name="title"
            label="Titel"
            required
            value={texts.title}
            max={BUYER_VOUCHER_TITLE_MAX}
            onValueChange={(title) => setTexts((t) => ({ ...t, title }))}
            error={flow.errors.title}
            placeholder="Frühstück im Bett"
          />
          <CountedField
            name="description"
            label="Beschreibung"
            multiline
            value={texts.description}
            max={BUYER_VOUCHER_DESCRIPTION_MAX}
            onValueChange={(description) => setTexts((t) => ({ ...t, description }))}
            error={flow.errors.description}
          />
          <CountedField
            name="from"
            label="Von"
            required
            value={texts.from}
            max={BUYER_VOUCHER_FROM_MAX}
            onValueChange={(from) => setTexts((t) => ({ ...t, from }))}
            error={flow.errors.from}
          />
        </>
      )}
      <DesignFields design={design} onChange={update} errors={flow.errors} showPriceHidden={false} />
      {mode === 'designer' && <NewsletterPopup />}
    </PersonaliseLayout>
  );
}
