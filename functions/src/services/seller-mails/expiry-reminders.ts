import { formatDate } from '@gm/shared/dates/format';
import { viennaDay } from '@gm/shared/dates/vienna-range';
import { formatEuro } from '@gm/shared/money/money';
import { REMINDER_TEXT, unsubscribePath, type UnsubscribeAnswer } from '@gm/shared/admin/seller-mails';
import { NotFoundError } from '../../lib/errors.ts';
import type { ExpiringVoucher, OptOutTarget } from '../../repositories/seller-mail-repository.ts';
import type { Deps } from '../deps.ts';
import { daysBetween, reminderWindows, type ReminderKind } from './reminder-days.ts';

/**
 * ★ Expiry reminders (issue 12): a daily run mails each holder whose voucher still holds value 30 and
 * 7 days before its last valid day (voucher, remaining value, seller, wallet link), each reminder at
 * most once per voucher (`reminded_30_at` / `reminded_7_at` claimed conditionally before the mail; a
 * failed mail gives the claim back). Users at their account e-mail, guests at their order e-mail
 * (`owner_guest_email`, their wallet is /guest-wallet); unclaimed vouchers (no holder) get none.
 * Every mail carries an unsubscribe link that works without login: a random token, only its sha256
 * stored (like reset tokens), opting out the user (profile flag) or the guest e-mail (item).
 */
export type ReminderDeps = Pick<
  Deps,
  'sellerMails' | 'users' | 'mailer' | 'clock' | 'appUrl' | 'newToken' | 'hashToken' | 'log'
>;

/** Unsubscribe links stay usable for a year. */
const TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

export type ReminderRun = { sent: number; opted_out: number; failed: number };

export async function sendExpiryReminders(deps: ReminderDeps, now: Date = deps.clock()): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, opted_out: 0, failed: 0 };
  const today = viennaDay(now);
  const holders = new Map<string, { email: string | null; optedOut: boolean; name: string | null }>();
  const holder = async (uv: ExpiringVoucher) => {
    const key = uv.owner_user_id ? `u:${uv.owner_user_id}` : `g:${uv.owner_guest_email!.toLowerCase()}`;
    let found = holders.get(key);
    if (!found) {
      if (uv.owner_user_id) {
        const user = await deps.users.get(uv.owner_user_id);
        found = {
          email: user?.email ?? null,
          optedOut: user?.reminders_opt_out === true,
          name: user?.first_name ?? null,
        };
      } else {
        const email = uv.owner_guest_email!.toLowerCase();
        found = { email, optedOut: await deps.sellerMails.isGuestOptedOut(email), name: null };
      }
      holders.set(key, found);
    }
    return found;
  };

  for (const window of reminderWindows(now)) {
    for await (const page of deps.sellerMails.listExpiring(window.from, window.to, window.kind)) {
      for (const uv of page) {
        const to = await holder(uv);
        if (!to.email) continue;
        if (to.optedOut) {
          run.opted_out++;
          continue;
        }
        const at = deps.clock().toISOString();
        if (!(await deps.sellerMails.claimReminder(uv.id, window.kind, at))) continue;
        try {
          const token = deps.newToken();
          const target: OptOutTarget = uv.owner_user_id ? { user_id: uv.owner_user_id } : { guest_email: to.email };
          await deps.sellerMails.putUnsubscribeToken(
            deps.hashToken(token),
            target,
            at,
            Math.floor(now.getTime() / 1000) + TOKEN_TTL_SECONDS,
          );
          await deps.mailer.send({
            to: to.email,
            subject: reminderSubject(window.kind, uv.voucher.title),
            text: reminderText(deps.appUrl, uv, to.name, daysBetween(today, uv.valid_until), token),
          });
          run.sent++;
        } catch (error) {
          await deps.sellerMails.releaseReminder(uv.id, window.kind, at).catch(() => undefined);
          run.failed++;
          deps.log.error('expiry reminder failed', { userVoucherId: uv.id, error });
        }
      }
    }
  }
  return run;
}

export const reminderSubject = (kind: ReminderKind, title: string) =>
  kind === 30
    ? `Dein Gutschein „${title}“ läuft in einem Monat ab`
    : `Dein Gutschein „${title}“ läuft in einer Woche ab`;

function reminderText(appUrl: string, uv: ExpiringVoucher, name: string | null, days: number, token: string): string {
  const base = appUrl.replace(/\/+$/, '');
  const seller = uv.voucher.seller?.company?.name || uv.voucher.seller?.username || null;
  const left =
    uv.type === 'value' || uv.remaining_qty <= 0
      ? formatEuro(uv.remaining_value)
      : `${uv.remaining_qty} Stück (${formatEuro(uv.remaining_value)})`;
  const link = uv.owner_user_id ? `${base}/voucher/${uv.id}` : `${base}/guest-wallet`;
  return [
    name ? `Hallo ${name},` : 'Hallo,',
    '',
    `dein Gutschein „${uv.voucher.title}“${seller ? ` von ${seller}` : ''} ist nur noch ${days === 1 ? 'einen Tag' : `${days} Tage`} gültig, bis einschließlich ${formatDate(`${uv.valid_until}T12:00:00Z`)}.`,
    `Restwert: ${left}`,
    '',
    'Löse ihn rechtzeitig ein, damit er nicht verfällt:',
    link,
    '',
    'Dein Gutscheinmarkt-Team',
    '',
    `Du möchtest keine Erinnerungen mehr erhalten? Hier abmelden: ${base}${unsubscribePath(token)}`,
  ].join('\n');
}

/** POST reminders/unsubscribe (public): the token of a reminder mail opts its holder out; repeatable. */
export async function unsubscribeFromReminders(
  deps: Pick<Deps, 'sellerMails' | 'hashToken' | 'clock'>,
  token: string,
): Promise<UnsubscribeAnswer> {
  const now = deps.clock();
  const target = await deps.sellerMails.getUnsubscribeToken(deps.hashToken(token), Math.floor(now.getTime() / 1000));
  if (!target) throw new NotFoundError(REMINDER_TEXT.invalidLink);
  await deps.sellerMails.optOut(target, now.toISOString());
  return { message: REMINDER_TEXT.unsubscribed };
}
