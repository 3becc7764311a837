// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuro } from '@gm/shared/money/money';
import { REDEMPTION_TEXT, type ScannedVoucher } from '@gm/shared/redemption/contracts';
import { MSG } from '@gm/shared/validation/messages';
import { RedemptionForm } from './redemption-form.tsx';

const valueVoucher: ScannedVoucher = {
  id: 'uv-1',
  order_id: 'o-1',
  order_no: 'GM-2026-100001',
  voucher_id: 'v-1',
  title: 'Wellness-Wertgutschein',
  type: 'value',
  remaining_value: 5000,
  remaining_qty: 1,
  unit_value: null,
  valid_until: '2029-12-31',
  expired: false,
  status: 'active',
  owner_name: null,
  image: null,
  voucher_usage: 'multiple',
};

const productVoucher: ScannedVoucher = {
  ...valueVoucher,
  title: 'Massage',
  type: 'quantity',
  remaining_value: 9800,
  remaining_qty: 2,
  unit_value: 4900,
};

function renderForm(voucher: ScannedVoucher) {
  const onSubmit = vi.fn();
  render(<RedemptionForm voucher={voucher} busy={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return { onSubmit, user: userEvent.setup(), amount: screen.getByTestId('redemption-value') as HTMLInputElement };
}

const redeem = () => screen.getByTestId('redemption-submit');

afterEach(cleanup);

describe('RedemptionForm', () => {
  it('redeems part of a value voucher in cents', async () => {
    const { onSubmit, user, amount } = renderForm(valueVoucher);
    expect(screen.getByTestId('redemption-remaining').textContent).toBe(formatEuro(5000));
    await user.type(amount, '12,50');
    await user.click(redeem());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ value: 1250, qty: undefined }));
  });

  it('refuses more than is left and nothing at all, next to the field, and sends nothing', async () => {
    const { onSubmit, user, amount } = renderForm(valueVoucher);
    await user.click(redeem());
    expect(await screen.findByText(MSG.required)).toBeTruthy();
    await user.type(amount, '60');
    await waitFor(() =>
      expect(screen.getByTestId('redemption-form').textContent).toContain(
        REDEMPTION_TEXT.tooMuchValue(formatEuro(5000)),
      ),
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    await user.click(redeem());
    expect(onSubmit).not.toHaveBeenCalled();
    // Fixed to what is left: accepted.
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(redeem());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ value: 5000, qty: undefined }));
  });

  it('takes whole units of a product voucher, at most the units left', async () => {
    const { onSubmit, user, amount } = renderForm(productVoucher);
    await user.type(amount, '3');
    await user.click(redeem());
    expect(await screen.findByText(REDEMPTION_TEXT.tooManyUnits(2))).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '1,5');
    expect(await screen.findByText(MSG.integer)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '1');
    await user.click(redeem());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ value: undefined, qty: 1 }));
  });

  it('redeems a “Nur auf einmal einlösbar” gift only in full: the amount is filled in and locked', async () => {
    const { onSubmit, user, amount } = renderForm({ ...valueVoucher, remaining_value: 4200, voucher_usage: 'once' });
    expect(amount.value).toBe('42,00');
    expect(amount.readOnly).toBe(true);
    expect(screen.getByText(REDEMPTION_TEXT.onceOnlyNote)).toBeTruthy();
    await user.type(amount, '9');
    expect(amount.value).toBe('42,00');
    await user.click(redeem());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ value: 4200, qty: undefined }));
  });
});
