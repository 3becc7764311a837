import { VERIFIED_LOGIN_STATUS } from '@gm/shared/admin/seller-activation';
import type { Mail } from '../../adapters/ses-mailer.ts';

/** Escapes text for the HTML part of a mail. */
function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** After seller registration (02 §1): the product checks the account and gets in touch within 24 hours. */
export function registrationReceivedMail(to: string, username: string): Mail {
  const greeting = `Hallo ${username},`;
  const lines = [
    'vielen Dank für deine Registrierung als Unternehmen auf dem Gutscheinmarkt!',
    'Wir prüfen jetzt deine Angaben und Dokumente und melden uns innerhalb von 24 Stunden bei dir.',
    'Du kannst dich schon anmelden und deine Gutscheine gestalten. Sichtbar und verkäuflich werden sie, sobald dein Konto freigeschaltet ist.',
  ];
  return {
    to,
    subject: 'Deine Registrierung bei Gutscheinmarkt',
    text: `${greeting}\n\n${lines.join('\n\n')}\n\nDein Gutscheinmarkt-Team`,
    html: `<p>${html(greeting)}</p>${lines.map((l) => `<p>${html(l)}</p>`).join('')}<p>Dein Gutscheinmarkt-Team</p>`,
  };
}

/** The seller's account was activated: the link opens /login with the status flag (01 §2 success dialog). */
export function accountVerifiedMail(to: string, username: string, appUrl: string): Mail {
  const link = `${appUrl}/login?status=${VERIFIED_LOGIN_STATUS}`;
  const greeting = `Hallo ${username},`;
  const lines = [
    'dein Unternehmenskonto auf dem Gutscheinmarkt wurde geprüft und freigeschaltet.',
    'Deine aktiven Gutscheine sind ab sofort sichtbar und können gekauft und eingelöst werden.',
  ];
  return {
    to,
    subject: 'Dein Konto wurde freigeschaltet – Gutscheinmarkt',
    text: `${greeting}\n\n${lines.join('\n\n')}\n\nHier geht es zur Anmeldung:\n${link}\n\nDein Gutscheinmarkt-Team`,
    html: `<p>${html(greeting)}</p>${lines.map((l) => `<p>${html(l)}</p>`).join('')}<p><a href="${html(link)}">Jetzt anmelden</a></p><p>Dein Gutscheinmarkt-Team</p>`,
  };
}
