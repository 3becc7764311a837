import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import * as z from 'zod/mini';
import type { SubdomainSeller } from '@gm/shared/admin/platform';
import { subdomainNameSchema } from '@gm/shared/tenant/reserved';
import { requiredString } from '@gm/shared/validation/fields';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { FormSelectField, FormTextField } from '../../../components/form/form-controls.tsx';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { TextField } from '../../../components/ui/form-fields.tsx';
import { FormModal } from '../../../components/ui/form-modal.tsx';
import { ADMIN_SEARCH_DEBOUNCE_MS } from '../../../components/ui/search-field.tsx';
import { useSellersWithoutSubdomain, useSetSubdomain } from '../api/subdomains.ts';
import { showRefusal, SUCCESS_CLOSE_MS } from '../../../components/ui/use-confirmed-action.ts';

/** 03 §5 'Subdomain requires a seller and a name'; the name is a DNS label (shared rules). */
const subdomainFormSchema = z.object({ seller_id: requiredString(64), name: subdomainNameSchema });

/**
 * Assign a subdomain to a seller without one (the picker lists those), or rename an existing one.
 * A 422 shows 'Warnung!' with the server's message (03 §8).
 */
export function SubdomainModal({ seller, onClose }: { seller: SubdomainSeller | null; onClose: () => void }) {
  const dialog = useDialog();
  const save = useSetSubdomain();
  // The picker shows the first 10 sellers without a subdomain; typing narrows them (username or name, 350 ms).
  const [pickerInput, setPickerInput] = useState('');
  const pickerKeyword = useDebouncedValue(pickerInput.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const candidates = useSellersWithoutSubdomain(pickerKeyword, seller === null);
  const form = useZodForm(subdomainFormSchema, {
    defaultValues: { seller_id: seller?.id ?? '', name: seller?.subdomain ?? '' },
  });
  const submitting = form.formState.isSubmitting;
  const onSubmit = form.handleSubmit(async ({ seller_id, name }) => {
    try {
      const answer = await save.mutateAsync({ sellerId: seller_id, name });
      onClose();
      void dialog.success(answer.message, { autoCloseMs: SUCCESS_CLOSE_MS });
    } catch (error) {
      void showRefusal(dialog, error);
    }
  });
  const options = (candidates.data?.data ?? []).map((s) => ({
    value: s.id,
    label: s.company_name ? `${s.username} – ${s.company_name}` : s.username,
  }));

  return (
    <FormModal
      title={seller ? 'Subdomain ändern' : 'Subdomain zuweisen'}
      onClose={onClose}
      onSubmit={(event) => void onSubmit(event)}
      submitting={submitting}
      testId="subdomain-modal"
      submitTestId="subdomain-submit"
    >
      {seller ? (
        <p className="platform-admin__seller" data-testid="subdomain-seller">
          <span className="platform-admin__seller-name">{seller.username}</span>
          {seller.company_name && <span className="platform-admin__seller-company">{seller.company_name}</span>}
        </p>
      ) : (
        <>
          <TextField
            name="seller_search"
            label="Verkäufer suchen"
            type="search"
            value={pickerInput}
            onValueChange={setPickerInput}
            autoComplete="off"
            maxLength={100}
            hint="Benutzername oder Name; die Auswahl zeigt bis zu 10 Verkäufer ohne Subdomain."
          />
          <FormSelectField
            control={form.control}
            name="seller_id"
            label="Verkäufer"
            required
            placeholder={candidates.isLoading ? 'Wird geladen…' : 'Verkäufer wählen'}
            options={options}
            {...(candidates.data && options.length === 0 ? { hint: 'Kein Verkäufer ohne Subdomain gefunden.' } : {})}
          />
        </>
      )}
      <FormTextField
        control={form.control}
        name="name"
        label="Subdomain"
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={63}
        hint="3–63 Zeichen: Kleinbuchstaben, Ziffern und Bindestriche, z. B. mein-shop."
      />
    </FormModal>
  );
}
