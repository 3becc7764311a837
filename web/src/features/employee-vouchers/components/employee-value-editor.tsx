import { useId, useState } from 'react';
import { EMPLOYEE_VALUE_MAX, type EmployeeVoucherRow } from '@gm/shared/tourism/employee-vouchers';
import { TEXT } from '@gm/shared/validation/messages';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSetEmployeeValue } from '../api/employee-vouchers.ts';

/** The editable value of a row of /tourism/employee-vouchers (03 §2 "The value can be edited"). */
export function EmployeeValueEditor({ voucher }: { voucher: EmployeeVoucherRow }) {
  const [value, setValue] = useState(voucher.employee_value);
  const save = useSetEmployeeValue();
  const dialog = useDialog();
  const inputId = useId();
  const changed = value.trim() !== voucher.employee_value && value.trim().length > 0;
  return (
    <form
      className="employee-value-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed) return;
        save.mutate(
          { id: voucher.id, value: value.trim() },
          {
            onSuccess: (answer) => void dialog.success(answer.message, { autoCloseMs: 1000 }),
            onError: (error) =>
              void dialog.warning(
                error instanceof ApiError && error.status !== 0 && error.status < 500
                  ? error.message
                  : TEXT.genericError,
              ),
          },
        );
      }}
    >
      <label htmlFor={inputId} className="visually-hidden">
        Wert von {voucher.title}
      </label>
      <input
        id={inputId}
        className="input"
        value={value}
        maxLength={EMPLOYEE_VALUE_MAX}
        onChange={(event) => setValue(event.target.value)}
        data-testid="employee-value-input"
      />
      <button
        type="submit"
        className="button button--small button--outline"
        disabled={!changed || save.isPending}
        data-testid="employee-value-save"
      >
        Speichern
      </button>
    </form>
  );
}
