import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { PAYOUT_TEXT, runPayoutRequestSchema } from '@gm/shared/payouts/contracts';
import { FormSelectField } from '../../../components/form/form-controls.tsx';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../../components/ui/search-field.tsx';
import { showRefusal, SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useRunPayout, useSellerSearch } from '../api/payouts.ts';

/**
 * 'Jetzt abrechnen': pick a seller (the admin user list, role seller, 350 ms after the last key) and
 * run their payout now (POST seller-invoice). Success: 'Erfolgreich!' with PAYOUT_TEXT.runDone; a 422
 * (nothing to invoice, a run in progress): 'Warnung!' with the server's message (03 §8).
 */
export function RunPayoutModal({ onClose }: { onClose: () => void }) {
  const dialog = useDialog();
  const run = useRunPayout();
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const sellers = useSellerSearch(keyword);
  const form = useZodForm(runPayoutRequestSchema, { defaultValues: { seller_id: '' } });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ seller_id }) => {
    try {
      await run.mutateAsync(seller_id);
      onClose();
      void dialog.success(PAYOUT_TEXT.runDone, { autoCloseMs: SUCCESS_CLOSE_MS });
    } catch (error) {
      void showRefusal(dialog, error);
    }
  });
  const options = (sellers.data?.data ?? []).map((s) => ({
    value: s.id,
    label: s.company?.name ? `${s.company.name} (${s.username})` : s.username,
  }));

  return (
    <FormModal
      title={PAYOUT_TEXT.runPayout}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitting={submitting}
      submitLabel={PAYOUT_TEXT.runPayout}
      testId="run-payout-modal"
      submitTestId="run-payout-submit"
    >
      <p className="payout-admin__modal-note">
        Erstellt für den gewählten Verkäufer sofort eine Gutschrift über alle Verkäufe seit der letzten Abrechnung. Ist
        die Auszahlung über Stripe noch nicht eingerichtet, wird die Gutschrift als „Manuell zu zahlen“ angelegt.
      </p>
      <TextField
        name="seller_search"
        label="Verkäufer suchen"
        type="search"
        value={input}
        onValueChange={setInput}
        autoComplete="off"
        maxLength={100}
        hint="Benutzername oder Name; die Auswahl zeigt bis zu 10 Verkäufer."
        data-testid="run-payout-search"
      />
      <FormSelectField
        control={form.control}
        name="seller_id"
        label="Verkäufer"
        required
        placeholder={sellers.isLoading ? 'Wird geladen…' : 'Verkäufer wählen'}
        options={options}
        {...(sellers.data && options.length === 0 ? { hint: 'Kein Verkäufer gefunden.' } : {})}
      />
    </FormModal>
  );
}
