import { formatDate } from '@gm/shared/dates/format';
import { formatEuro } from '@gm/shared/money/money';
import type { Redemption } from '@gm/shared/redemption/contracts';

/** '2 Stück (98,00 €)' for product vouchers, the euro amount for value vouchers. */
export const redemptionAmount = (r: Pick<Redemption, 'type' | 'qty' | 'redeemed_value'>) =>
  r.type === 'quantity' ? `${r.qty ?? 0} Stück (${formatEuro(r.redeemed_value)})` : formatEuro(r.redeemed_value);

/** DD.MM.YYYY, HH:MM in Vienna time. */
export const redemptionTime = (iso: string) =>
  `${formatDate(iso)}, ${new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' }).format(new Date(iso))}`;
