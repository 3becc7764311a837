/** The demo operator named in the footer and the legal pages. */
export const OPERATOR = {
  name: 'Gutscheinmarkt Demo GmbH',
  street: 'Musterstraße 1',
  zip: '6020',
  city: 'Innsbruck',
  country: 'Österreich',
  email: 'hallo@gutscheinmarkt.example',
  privacyEmail: 'datenschutz@gutscheinmarkt.example',
  phone: '+43 512 000000',
  register: 'FN 000000a, Landesgericht Innsbruck',
  vatId: 'ATU00000000',
  managingDirector: 'Maria Muster',
} as const;

export const SOCIAL_LINKS = [
  { id: 'facebook', label: 'Gutscheinmarkt auf Facebook', href: 'https://www.facebook.com/' },
  { id: 'instagram', label: 'Gutscheinmarkt auf Instagram', href: 'https://www.instagram.com/' },
] as const;

export const PAYMENT_METHODS = [
  'Visa',
  'Mastercard',
  'American Express',
  'Apple Pay',
  'Google Pay',
  'Banküberweisung',
] as const;
