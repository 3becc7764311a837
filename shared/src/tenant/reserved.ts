import * as z from 'zod/mini';
import { MSG } from '../validation/messages.ts';

/**
 * Host labels a seller's shop may not take: names of the platform's own hosts and common service
 * names (03 "Tenant/subdomain behaviour", issue 11). Compared in lower case.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'www',
  'api',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'cdn',
  'static',
  'media',
  'assets',
  'app',
  'apps',
  'auth',
  'login',
  'dashboard',
  'dev',
  'test',
  'staging',
  'beta',
  'demo',
  'shop',
  'support',
  'help',
  'status',
  'blog',
  'docs',
  'wp',
  'gutscheinmarkt',
  'localhost',
];

export const SUBDOMAIN_TEXT = {
  invalid:
    'Die Subdomain darf nur Kleinbuchstaben (a–z), Ziffern und Bindestriche enthalten und nicht mit einem Bindestrich beginnen oder enden.',
  length: 'Die Subdomain muss 3 bis 63 Zeichen lang sein.',
  reserved: 'Diese Subdomain ist reserviert.',
  taken: 'Diese Subdomain ist bereits vergeben.',
} as const;

export function isReservedSubdomain(name: string): boolean {
  return RESERVED_SUBDOMAINS.includes(name.trim().toLowerCase());
}

/** A shop's host label: a DNS label of 3–63 characters, a–z, 0–9 and inner hyphens, not reserved. */
export const subdomainNameSchema = z.string({ error: MSG.required }).check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(3, { error: SUBDOMAIN_TEXT.length }),
  z.maxLength(63, { error: SUBDOMAIN_TEXT.length }),
  z.regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: SUBDOMAIN_TEXT.invalid }),
  z.refine((name) => !isReservedSubdomain(name), { error: SUBDOMAIN_TEXT.reserved }),
);
