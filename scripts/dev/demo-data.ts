import { ORIGIN } from '@gm/shared/admin/users';
import type { RoleName } from '@gm/shared/auth/roles';
import { voucherSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { DEFAULT_VALIDITY_YEARS, WEEKDAYS, categorySlug, regionLabel } from '@gm/shared/catalogue/reference-data';
import type { SalesPause, Settings } from '@gm/shared/settings/contracts';
import type { CategoryRecord, SubcategoryRecord } from '../../functions/src/repositories/category-repository.ts';
import type { CompanyRecord } from '../../functions/src/repositories/company-repository.ts';
import type { CouponRecord } from '../../functions/src/repositories/coupon-repository.ts';
import type { PayoutAccountRecord } from '../../functions/src/repositories/payout-account-repository.ts';
import type { TemplateRecord } from '../../functions/src/repositories/template-repository.ts';
import type { UserRecord } from '../../functions/src/repositories/user-repository.ts';
import type { UserVoucherRecord } from '../../functions/src/repositories/user-voucher-repository.ts';
import { newUserVoucher } from '../../functions/src/services/orders/new-user-voucher.ts';
import { newUserRecord } from '../../functions/src/services/users/new-user.ts';

/**
 * The demo marketplace: pure data and SVG drawings, no I/O. The images are stored as JPEG/PNG (what
 * uploads accept, and what pdf-lib can embed in voucher PDFs): scripts/dev/render-demo-images.ts
 * renders each drawing once into scripts/dev/demo-images/<key>, which is committed; scripts/dev/
 * seed.ts uploads those files and writes the records; the unit test checks the limits and that the
 * committed images match the drawings. Ids are stable strings so that a rerun on an empty database
 * gives the same ids; only timestamps follow the clock.
 */

export const DEMO_PASSWORD = 'Demo1234!';

/**
 * A media object to upload; `key` is relative to the media prefix (see media-storage.ts) and names
 * the raster file (`.jpg` photos and backgrounds, `.png` logos with transparent corners); `svg` is
 * the drawing it is rendered from.
 */
export type DemoMediaFile = { key: string; svg: string; contentType: 'image/jpeg' | 'image/png' };
/** The URL the media storage answered for a key. */
export type UrlOf = (key: string) => string;

// --- Categories ---------------------------------------------------------------------------------

type Palette = { deep: string; mid: string; light: string; accent: string };

type DemoCategory = {
  id: string;
  name: string;
  icon: string;
  palette: Palette;
  subcategories: { id: string; name: string }[];
};

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    id: 'cat-wellness',
    name: 'Wellness',
    icon: 'spa',
    palette: { deep: '#1D4F55', mid: '#3E8A8C', light: '#CFE8E0', accent: '#F3E9DC' },
    subcategories: [
      { id: 'sub-wellness-massagen', name: 'Massagen' },
      { id: 'sub-wellness-day-spa', name: 'Day Spa' },
      { id: 'sub-wellness-kosmetik', name: 'Kosmetik' },
      { id: 'sub-wellness-sauna', name: 'Sauna & Therme' },
    ],
  },
  {
    id: 'cat-adventure',
    name: 'Adventure',
    icon: 'mountain',
    palette: { deep: '#1F3B5A', mid: '#3C6E91', light: '#BFD7EA', accent: '#F2C14E' },
    subcategories: [
      { id: 'sub-adventure-klettern', name: 'Klettern' },
      { id: 'sub-adventure-canyoning', name: 'Rafting & Canyoning' },
      { id: 'sub-adventure-paragliding', name: 'Paragliding' },
      { id: 'sub-adventure-skitouren', name: 'Skitouren' },
    ],
  },
  {
    id: 'cat-genuss',
    name: 'Genuss',
    icon: 'utensils',
    palette: { deep: '#6B2E2E', mid: '#B5543C', light: '#F4D3B0', accent: '#F7E3C3' },
    subcategories: [
      { id: 'sub-genuss-kulinarik', name: 'Kulinarik' },
      { id: 'sub-genuss-kurzurlaub', name: 'Kurzurlaub' },
      { id: 'sub-genuss-verkostungen', name: 'Verkostungen' },
      { id: 'sub-genuss-hofladen', name: 'Hofladen' },
    ],
  },
  {
    id: 'cat-fitness',
    name: 'Fitness',
    icon: 'dumbbell',
    palette: { deep: '#24324A', mid: '#E4572E', light: '#F8C8A8', accent: '#F6F1E9' },
    subcategories: [
      { id: 'sub-fitness-yoga', name: 'Yoga' },
      { id: 'sub-fitness-pilates', name: 'Pilates' },
      { id: 'sub-fitness-personal-training', name: 'Personal Training' },
      { id: 'sub-fitness-aqua', name: 'Aqua-Fitness' },
    ],
  },
  {
    id: 'cat-tiere',
    name: 'Tiere',
    icon: 'paw',
    palette: { deep: '#3A5A40', mid: '#588157', light: '#C9D5B5', accent: '#F1EAD7' },
    subcategories: [
      { id: 'sub-tiere-reiten', name: 'Reiten' },
      { id: 'sub-tiere-alpakas', name: 'Alpakawanderung' },
      { id: 'sub-tiere-bauernhof', name: 'Bauernhof' },
    ],
  },
  {
    id: 'cat-kurse',
    name: 'Kurse',
    icon: 'graduation-cap',
    palette: { deep: '#3D2C5E', mid: '#7B5EA7', light: '#E3D5F0', accent: '#F28F8F' },
    subcategories: [
      { id: 'sub-kurse-kochen', name: 'Kochkurse' },
      { id: 'sub-kurse-kreativ', name: 'Kreativ & Handwerk' },
      { id: 'sub-kurse-fotografie', name: 'Fotografie' },
      { id: 'sub-kurse-musik', name: 'Musik' },
    ],
  },
];

export const categoryLogoKey = (categoryId: string) => `categories/${categoryId}/logo.png`;

export function buildCategories(urlOf: UrlOf): { categories: CategoryRecord[]; subcategories: SubcategoryRecord[] } {
  return {
    categories: DEMO_CATEGORIES.map((c) => ({
      id: c.id,
      name: c.name,
      slug: categorySlug(c.name),
      icon: c.icon,
      logo: urlOf(categoryLogoKey(c.id)),
    })),
    subcategories: DEMO_CATEGORIES.flatMap((c) =>
      c.subcategories.map((s) => ({ id: s.id, category_id: c.id, name: s.name })),
    ),
  };
}

// --- Users and companies ------------------------------------------------------------------------

type DemoSeller = {
  id: string;
  username: string;
  email: string;
  subdomain: string;
  firstName: string;
  lastName: string;
  address: string;
  zip: string;
  city: string;
  phone: string;
  regionId: 1 | 2 | 3 | 4;
  company: {
    id: string;
    name: string;
    monogram: string;
    description: string;
    url: string;
    vat: string;
    background: string;
    text: '#fff' | '#000';
    emblem: string;
    header1: string;
    header2: string;
    cover: boolean;
  };
};

export const DEMO_SELLERS: DemoSeller[] = [
  {
    id: 'seller-alpenspa',
    username: 'alpenspa',
    email: 'seller@example.com',
    subdomain: 'alpenspa',
    firstName: 'Katharina',
    lastName: 'Wechner',
    address: 'Bahnhofstraße 12',
    zip: '6460',
    city: 'Imst',
    phone: '+43 5412 60001',
    regionId: 1,
    company: {
      id: 'company-alpenspa',
      name: 'Alpen Spa & Wellness',
      monogram: 'AS',
      description:
        'Unser Day Spa in Imst verbindet alpine Naturkosmetik mit klassischen Massagen. Auf 1.200 m² warten Saunalandschaft, Ruheräume mit Bergblick und ein Team, das sich Zeit für Sie nimmt.',
      url: 'https://alpenspa.example',
      vat: 'ATU61234501',
      background: '#1D4F55',
      text: '#fff',
      emblem: '#A8D5C9',
      header1: 'Zeit für dich',
      header2: 'Wellness-Gutscheine aus dem Tiroler Oberland',
      cover: true,
    },
  },
  {
    id: 'seller-bergfuehrer',
    username: 'bergfuehrer',
    email: 'bergfuehrer@example.com',
    subdomain: 'bergfuehrer',
    firstName: 'Florian',
    lastName: 'Haselwanter',
    address: 'Anichstraße 7',
    zip: '6020',
    city: 'Innsbruck',
    phone: '+43 512 600002',
    regionId: 2,
    company: {
      id: 'company-bergfuehrer',
      name: 'Bergführer Tirol',
      monogram: 'BT',
      description:
        'Staatlich geprüfte Berg- und Skiführer rund um Innsbruck: Klettersteige, Canyoning, Tandemflüge und Skitouren für Einsteiger und Fortgeschrittene – sicher, persönlich und mit viel Erfahrung.',
      url: 'https://bergfuehrer-tirol.example',
      vat: 'ATU61234502',
      background: '#1F3B5A',
      text: '#fff',
      emblem: '#F2C14E',
      header1: 'Hoch hinaus',
      header2: 'Abenteuer rund um Innsbruck verschenken',
      cover: false,
    },
  },
  {
    id: 'seller-genusswerkstatt',
    username: 'genusswerkstatt',
    email: 'genusswerkstatt@example.com',
    subdomain: 'genusswerkstatt',
    firstName: 'Theresa',
    lastName: 'Kirchmair',
    address: 'Franz-Josef-Straße 3',
    zip: '6130',
    city: 'Schwaz',
    phone: '+43 5242 60003',
    regionId: 3,
    company: {
      id: 'company-genusswerkstatt',
      name: 'Genusswerkstatt Schwaz',
      monogram: 'GS',
      description:
        'Wirtshaus, Kochschule und Hofladen unter einem Dach: Wir kochen mit Produkten von Bauern aus dem Unterland, brennen eigene Edelbrände und geben unser Wissen in Kochkursen weiter.',
      url: 'https://genusswerkstatt.example',
      vat: 'ATU61234503',
      background: '#6B2E2E',
      text: '#fff',
      emblem: '#E9A66B',
      header1: 'Tirol schmeckt',
      header2: 'Genuss-Gutscheine aus Schwaz',
      cover: false,
    },
  },
  {
    id: 'seller-reitstall',
    username: 'reitstall-lechtal',
    email: 'reitstall@example.com',
    subdomain: 'reitstall-lechtal',
    firstName: 'Johanna',
    lastName: 'Friedle',
    address: 'Oberhöfen 21',
    zip: '6652',
    city: 'Elbigenalp',
    phone: '+43 5634 60004',
    regionId: 4,
    company: {
      id: 'company-reitstall',
      name: 'Reitstall Lechtal',
      monogram: 'RL',
      description:
        'Familiengeführter Reitstall im Naturpark Tiroler Lech mit Haflingern, Ponys und einer kleinen Alpakaherde. Ausritte entlang des Lechs, Reitstunden und Erlebnistage für Kinder.',
      url: 'https://reitstall-lechtal.example',
      vat: 'ATU61234504',
      background: '#3A5A40',
      text: '#fff',
      emblem: '#DDB892',
      header1: 'Natur erleben',
      header2: 'Ausritte und Tiererlebnisse im Lechtal',
      cover: false,
    },
  },
  {
    id: 'seller-kursatelier',
    username: 'kursatelier',
    email: 'kursatelier@example.com',
    subdomain: 'kursatelier',
    firstName: 'Miriam',
    lastName: 'Pfurtscheller',
    address: 'Maria-Theresien-Straße 40',
    zip: '6020',
    city: 'Innsbruck',
    phone: '+43 512 600005',
    regionId: 2,
    company: {
      id: 'company-kursatelier',
      name: 'Yoga & Kurs Atelier',
      monogram: 'YK',
      description:
        'Ein heller Raum mitten in Innsbruck für Yoga, Pilates und kreative Kurse: Töpfern, Fotografie und Ukulele in kleinen Gruppen, mit erfahrenen Kursleiterinnen und -leitern.',
      url: 'https://kursatelier.example',
      vat: 'ATU61234505',
      background: '#F7EFE5',
      text: '#000',
      emblem: '#7B5EA7',
      header1: 'Neues entdecken',
      header2: 'Kurse und Yoga in Innsbruck',
      cover: false,
    },
  },
  {
    id: 'seller-almhotel',
    username: 'almhotel-zugspitzblick',
    email: 'almhotel@example.com',
    subdomain: 'almhotel',
    firstName: 'Stefan',
    lastName: 'Posch',
    address: 'Kirchplatz 5',
    zip: '6632',
    city: 'Ehrwald',
    phone: '+43 5673 60006',
    regionId: 4,
    company: {
      id: 'company-almhotel',
      name: 'Almhotel Zugspitzblick',
      monogram: 'AZ',
      description:
        'Kleines Hotel am Fuße der Zugspitze mit 24 Zimmern, Alpin-Spa und einer Küche, die auf Produkte aus dem Außerfern setzt. Ideal für ein verlängertes Wochenende zu zweit.',
      url: 'https://almhotel-zugspitzblick.example',
      vat: 'ATU61234506',
      background: '#2F3E46',
      text: '#fff',
      emblem: '#CAD2C5',
      header1: 'Auszeit mit Aussicht',
      header2: 'Kurzurlaub im Außerfern',
      cover: false,
    },
  },
];

/** A demo account's identity and details; newUserRecord() adds the defaults every account starts with. */
type DemoUser = Parameters<typeof newUserRecord>[0];

const DEMO_OTHER_USERS: DemoUser[] = [
  {
    id: 'user-admin',
    username: 'admin',
    email: 'admin@example.com',
    role: 'admin',
    origin: ORIGIN.admin,
    first_name: 'Lena',
    last_name: 'Hofer',
    city: 'Innsbruck',
    region_id: 2,
  },
  {
    id: 'user-anna',
    username: 'anna.buyer',
    email: 'buyer@example.com',
    role: 'user',
    origin: ORIGIN.register,
    first_name: 'Anna',
    last_name: 'Muster',
    address: 'Museumstraße 18',
    city: 'Innsbruck',
    zip_code: '6020',
    phone_number: '+43 660 1234567',
    region_id: 2,
  },
  {
    id: 'scanner-alpenspa',
    username: 'alpenspa-rezeption',
    email: 'scanner@example.com',
    role: 'scanner',
    origin: ORIGIN.seller,
    first_name: 'Jakob',
    last_name: 'Raffl',
    city: 'Imst',
    region_id: 1,
    seller_id: 'seller-alpenspa',
  },
];

/** Every demo account, in the order the logins are printed. */
export function buildUsers(now: Date): UserRecord[] {
  const sellers: DemoUser[] = DEMO_SELLERS.map((s) => ({
    id: s.id,
    username: s.username,
    email: s.email,
    role: 'seller',
    origin: ORIGIN.sellerRegistration,
    first_name: s.firstName,
    last_name: s.lastName,
    address: s.address,
    city: s.city,
    zip_code: s.zip,
    phone_number: s.phone,
    region_id: s.regionId,
    subdomain: s.subdomain,
  }));
  const [admin, buyer, scanner] = DEMO_OTHER_USERS as [DemoUser, DemoUser, DemoUser];
  const [main, ...otherSellers] = sellers as [DemoUser, ...DemoUser[]];
  return [admin, main, buyer, scanner, ...otherSellers].map((u) => newUserRecord(u, now));
}

export function demoLogins(): { email: string; password: string; role: RoleName }[] {
  return buildUsers(new Date(0)).map((u) => ({ email: u.email, password: DEMO_PASSWORD, role: u.role }));
}

export const companyLogoKey = (sellerId: string) => `companies/${sellerId}/logo.png`;
export const companyCoverKey = (sellerId: string) => `companies/${sellerId}/header.jpg`;

export function buildCompanies(now: Date, urlOf: UrlOf): CompanyRecord[] {
  const stamp = now.toISOString();
  return DEMO_SELLERS.map((s) => ({
    id: s.company.id,
    seller_id: s.id,
    name: s.company.name,
    description: s.company.description,
    url: s.company.url,
    logo: urlOf(companyLogoKey(s.id)),
    header_logo: s.company.cover ? urlOf(companyCoverKey(s.id)) : null,
    region_id: s.regionId,
    vat_number: s.company.vat,
    background_color: s.company.background,
    text_color: s.company.text,
    header_1: s.company.header1,
    header_2: s.company.header2,
    is_header_show: true,
    created_at: stamp,
    updated_at: stamp,
  }));
}

/**
 * The demo sellers' payout accounts as their registration would leave them (IBAN/BIC, no Stripe
 * account yet), so 'Auszahlungen einrichten' works locally (issue 12). One valid Austrian test IBAN.
 */
export function buildPayoutAccounts(now: Date): PayoutAccountRecord[] {
  const stamp = now.toISOString();
  return DEMO_SELLERS.map((s) => ({
    seller_id: s.id,
    account_holder: s.company.name,
    iban: 'AT611904300234573201',
    bic: 'BKAUATWW',
    stripe_account_id: null,
    payouts_enabled: false,
    created_at: stamp,
    updated_at: stamp,
  }));
}

// --- Settings -----------------------------------------------------------------------------------

/**
 * The global payout and commission settings (03 §3; money in cents): 5 % + 5,00 € per sale as the
 * seller copy says, 3 % + 3,00 € for subdomain sales, payout every 14 days, minimum voucher value 5,00 €.
 */
export const DEMO_GLOBAL_SETTINGS: Settings = {
  payout_schedule: 14,
  sales_commission_percentage: 5,
  sales_commission_euro: 500,
  subdomain_sales_commission_percentage: 3,
  subdomain_sales_commission_euro: 300,
  minimum_voucher_value: 500,
};

/** The sales pause is off in the demo: sales are open. */
export const DEMO_SALES_PAUSE: SalesPause = { sales_paused: false };

// --- Coupons ------------------------------------------------------------------------------------

/** Demo coupons (01 §5): 10 % off, 5,00 € off (10 uses), and one that has expired. */
export function buildCoupons(now: Date): CouponRecord[] {
  const stamp = now.toISOString();
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  return [
    {
      id: 'WILLKOMMEN10',
      code: 'WILLKOMMEN10',
      percent_off: 10,
      amount_off: null,
      active: true,
      expires_at: inDays(365),
      limit: null,
      created_at: stamp,
      updated_at: stamp,
    },
    {
      id: 'GUTSCHEIN5',
      code: 'GUTSCHEIN5',
      percent_off: null,
      amount_off: 500,
      active: true,
      expires_at: null,
      limit: 10,
      created_at: stamp,
      updated_at: stamp,
    },
    {
      id: 'ABGELAUFEN',
      code: 'ABGELAUFEN',
      percent_off: 15,
      amount_off: null,
      active: true,
      expires_at: inDays(-30),
      limit: null,
      created_at: stamp,
      updated_at: stamp,
    },
  ];
}

// --- Templates ----------------------------------------------------------------------------------

type TemplateTheme = 'confetti' | 'snow' | 'hearts' | 'leaves';
type DemoTemplate = { id: string; name: string; theme: TemplateTheme; colors: [string, string, string] };

/** Personalisation backgrounds a buyer can pick (01 §2 "Personalise"); images are generated below. */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    id: 'template-geburtstag',
    name: 'Alles Gute zum Geburtstag',
    theme: 'confetti',
    colors: ['#FFF4E6', '#FF5563', '#1D4F55'],
  },
  { id: 'template-weihnachten', name: 'Frohe Weihnachten', theme: 'snow', colors: ['#1D4F55', '#FFFFFF', '#F2C14E'] },
  { id: 'template-liebe', name: 'Mit Liebe', theme: 'hearts', colors: ['#FFE9EB', '#D93A4C', '#FF8FA0'] },
  { id: 'template-danke', name: 'Danke', theme: 'leaves', colors: ['#EEF5EC', '#588157', '#3A5A40'] },
];

export const templateImageKey = (templateId: string) => `templates/${templateId}/background.jpg`;

export function buildTemplates(now: Date, urlOf: UrlOf): TemplateRecord[] {
  // One minute apart in list order, so "newest first" shows them as listed.
  return DEMO_TEMPLATES.map((t, i) => {
    const stamp = new Date(now.getTime() - i * 60_000).toISOString();
    return {
      id: t.id,
      name: t.name,
      image: urlOf(templateImageKey(t.id)),
      status: true,
      created_at: stamp,
      updated_at: stamp,
    };
  });
}

// --- Vouchers -----------------------------------------------------------------------------------

type Target = Voucher['target'];
type Weekday = (typeof WEEKDAYS)[number];
type TaxSpec = 'unsure' | [rate: number, cents: number][];

type DemoVoucher = {
  id: string;
  seller: string;
  category: string;
  sub: string;
  title: string;
  description: string;
  long: string;
  note?: string;
  /** Product voucher: unit price in cents; value voucher: [min, max] in cents. */
  price: number | [number, number];
  qtyMax?: number;
  featured?: boolean;
  inactive?: boolean;
  display?: Voucher['display'];
  target: Target;
  season: string;
  days?: Weekday[];
  months?: number[];
  expiry?: number;
  validityReason?: string;
  reserve?: boolean;
  /** Defaults: 20 % on the unit price for product vouchers, 'unsure' for value vouchers. */
  tax?: TaxSpec;
  sold: number;
  daysAgo: number;
  extraImages?: 1 | 2;
};

const ALL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const WORKDAYS: Weekday[] = ['Mo', 'Di', 'Mi', 'Do', 'Fr'];
const SUMMER = [6, 7, 8, 9];

export const DEMO_VOUCHERS: DemoVoucher[] = [
  // Alpen Spa & Wellness (Oberland)
  {
    id: 'v-alpenspa-day-spa',
    seller: 'seller-alpenspa',
    category: 'cat-wellness',
    sub: 'sub-wellness-day-spa',
    title: 'Day Spa für Zwei',
    description:
      'Ein ganzer Tag Saunalandschaft, Ruheraum mit Bergblick, Bademantel und ein Glas Prosecco für zwei Personen.',
    long: 'Gönnt euch eine Auszeit: Der Gutschein gilt für den ganzen Tag in unserer Saunalandschaft mit finnischer Sauna, Dampfbad und Kräuterstube. Bademantel, Handtücher und Slipper liegen bereit, Tee und frisches Obst sind inklusive. Zum Abschluss wartet ein Glas Prosecco auf der Panoramaterrasse. Bitte reserviert euren Wunschtermin telefonisch.',
    price: 14900,
    qtyMax: 5,
    featured: true,
    reserve: true,
    target: 'Paare',
    season: 'Schlechtwetter',
    sold: 86,
    daysAgo: 150,
  },
  {
    id: 'v-alpenspa-massage',
    seller: 'seller-alpenspa',
    category: 'cat-wellness',
    sub: 'sub-wellness-massagen',
    title: 'Aromaölmassage 50 Minuten',
    description:
      'Ganzkörpermassage mit warmem Arnika- oder Zirbenöl – entspannt Muskeln und Kopf nach einem langen Tag.',
    long: 'Unsere Masseurinnen arbeiten mit Ölen aus alpinen Kräutern, die wir gemeinsam mit einer Manufaktur im Oberland mischen. Die Massage dauert 50 Minuten, danach können Sie im Ruheraum mit Tee nachruhen. Auf Wunsch ist der Gutschein auch für eine klassische Teilkörpermassage einlösbar.',
    price: 7900,
    qtyMax: 10,
    featured: true,
    reserve: true,
    target: 'Frauen',
    season: 'Immer',
    sold: 142,
    daysAgo: 200,
    extraImages: 1,
  },
  {
    id: 'v-alpenspa-wert',
    seller: 'seller-alpenspa',
    category: 'cat-wellness',
    sub: 'sub-wellness-day-spa',
    title: 'Wellness-Wertgutschein',
    description: 'Frei wählbarer Betrag für alle Behandlungen, Eintritte und Produkte im Alpen Spa.',
    long: 'Sie wissen nicht, was sich die Beschenkten wünschen? Mit dem Wertgutschein entscheiden sie selbst: Massagen, Kosmetik, Saunaeintritte oder Naturkosmetik aus unserem Shop. Der Betrag kann auf mehrere Besuche aufgeteilt werden.',
    price: [2000, 30000],
    featured: true,
    target: 'Alle',
    season: 'Immer',
    expiry: 5,
    sold: 210,
    daysAgo: 240,
  },
  {
    id: 'v-alpenspa-sauna',
    seller: 'seller-alpenspa',
    category: 'cat-wellness',
    sub: 'sub-wellness-sauna',
    title: 'Saunatag mit Bergblick',
    description: 'Tageseintritt in die Saunalandschaft mit Panoramaruheraum – ideal nach einem Skitag im Oberland.',
    long: 'Der Tageseintritt umfasst finnische Sauna, Bio-Sauna, Dampfbad, Kneippbecken und den Ruheraum mit Blick auf die Lechtaler Alpen. Einlösbar von Montag bis Freitag, an Wochenenden und Feiertagen ist die Sauna für Hotelgäste reserviert.',
    price: 3900,
    qtyMax: 10,
    target: 'Freunde',
    season: 'Winter',
    days: WORKDAYS,
    validityReason: 'Am Wochenende nur für Hotelgäste',
    sold: 54,
    daysAgo: 95,
  },
  {
    id: 'v-alpenspa-kosmetik',
    seller: 'seller-alpenspa',
    category: 'cat-wellness',
    sub: 'sub-wellness-kosmetik',
    title: 'Gesichtsbehandlung Deluxe',
    description: 'Reinigung, Peeling, Maske und Massage mit zertifizierter Naturkosmetik – 80 Minuten zum Abschalten.',
    long: 'Nach einer kurzen Hautanalyse stimmen wir die Behandlung auf Ihren Hauttyp ab: Reinigung, Enzympeeling, Ausreinigung, Serum und eine pflegende Maske. Während die Maske wirkt, gibt es eine entspannende Nacken- und Dekolleté-Massage.',
    price: 8900,
    qtyMax: 5,
    display: 'marketplace',
    reserve: true,
    target: 'Frauen',
    season: 'Immer',
    sold: 37,
    daysAgo: 60,
  },
  {
    id: 'v-alpenspa-aquafit',
    seller: 'seller-alpenspa',
    category: 'cat-fitness',
    sub: 'sub-fitness-aqua',
    title: 'Aqua-Fitness 10er-Block',
    description: 'Zehn gelenkschonende Einheiten im 32 Grad warmen Bewegungsbecken, betreut von Physiotherapeutinnen.',
    long: 'Aqua-Fitness stärkt Kreislauf und Muskulatur, ohne die Gelenke zu belasten. Die Kurse finden montags, mittwochs und freitags um 9 und um 17 Uhr statt, maximal acht Teilnehmende pro Einheit. Der Block ist ab der ersten Einheit zwölf Monate gültig.',
    price: 11000,
    qtyMax: 3,
    target: 'Senioren',
    season: 'Immer',
    days: ['Mo', 'Mi', 'Fr'],
    validityReason: 'Kurse nur montags, mittwochs und freitags',
    tax: [[13, 11000]],
    sold: 19,
    daysAgo: 30,
  },
  {
    id: 'v-alpenspa-team',
    seller: 'seller-alpenspa',
    category: 'cat-wellness',
    sub: 'sub-wellness-day-spa',
    title: 'Team-Auszeit Firmengutschein',
    description: 'Wertgutschein für Firmen und Vereine – nur im Direktverkauf erhältlich.',
    long: 'Der Firmengutschein wird direkt an Unternehmen verkauft und ist für alle Leistungen des Alpen Spa einlösbar. Ideal als Dankeschön für Mitarbeiterinnen und Mitarbeiter.',
    price: [5000, 50000],
    display: 'direktverkauf',
    target: 'Alle',
    season: 'Immer',
    sold: 8,
    daysAgo: 20,
  },

  // Bergführer Tirol (Innsbruck und Umgebung)
  {
    id: 'v-berg-klettersteig',
    seller: 'seller-bergfuehrer',
    category: 'cat-adventure',
    sub: 'sub-adventure-klettern',
    title: 'Klettersteig mit Bergführer',
    description: 'Geführte Tour auf einem Klettersteig der Nordkette inklusive Leihausrüstung und Einweisung.',
    long: 'Nach einer Einweisung in Gurt, Klettersteigset und Helm geht es mit einem staatlich geprüften Bergführer auf einen der schönsten Klettersteige der Nordkette hoch über Innsbruck. Die Tour dauert rund fünf Stunden und ist für trittsichere Einsteiger geeignet. Die Seilbahnfahrt ist nicht inkludiert.',
    price: 12900,
    qtyMax: 6,
    featured: true,
    reserve: true,
    target: 'Freunde',
    season: 'Sommer',
    months: SUMMER,
    validityReason: 'Nur in der Sommersaison bei sicheren Verhältnissen',
    sold: 98,
    daysAgo: 180,
    extraImages: 2,
  },
  {
    id: 'v-berg-skitour',
    seller: 'seller-bergfuehrer',
    category: 'cat-adventure',
    sub: 'sub-adventure-skitouren',
    title: 'Skitouren-Schnuppertag',
    description: 'Erste Schritte auf Tourenski: Aufstiegstechnik, LVS-Training und eine Abfahrt im Pulverschnee.',
    long: 'Der Schnuppertag richtet sich an sichere Pistenfahrerinnen und -fahrer, die das Tourengehen kennenlernen möchten. Wir üben Spitzkehren, den Umgang mit LVS-Gerät, Sonde und Schaufel und steigen gemeinsam auf einen Gipfel rund um Innsbruck. Tourenausrüstung kann gegen Aufpreis geliehen werden.',
    price: 15900,
    qtyMax: 4,
    reserve: true,
    target: 'Freunde',
    season: 'Winter',
    months: [12, 1, 2, 3],
    validityReason: 'Nur bei ausreichender Schneelage',
    sold: 44,
    daysAgo: 120,
  },
  {
    id: 'v-berg-canyoning',
    seller: 'seller-bergfuehrer',
    category: 'cat-adventure',
    sub: 'sub-adventure-canyoning',
    title: 'Canyoning Einsteigertour',
    description: 'Rutschen, Springen und Abseilen in einer wilden Klamm – Neoprenanzug und Helm inklusive.',
    long: 'Die Einsteigertour führt durch eine Klamm im Wipptal mit natürlichen Wasserrutschen, kleinen Sprüngen und einer Abseilstelle. Alle Sprünge können umgangen werden. Mindestalter 12 Jahre, Schwimmkenntnisse erforderlich. Treffpunkt ist unser Basislager in Matrei am Brenner.',
    price: 8900,
    qtyMax: 8,
    featured: true,
    target: 'Freunde',
    season: 'Sommer',
    months: SUMMER,
    validityReason: 'Nur in der Sommersaison',
    sold: 120,
    daysAgo: 75,
  },
  {
    id: 'v-berg-tandemflug',
    seller: 'seller-bergfuehrer',
    category: 'cat-adventure',
    sub: 'sub-adventure-paragliding',
    title: 'Tandemflug über Innsbruck',
    description: 'Mit dem Gleitschirm von der Nordkette ins Tal schweben – mit erfahrenem Tandempiloten.',
    long: 'Nach einer kurzen Einweisung starten Sie gemeinsam mit unserem Piloten an der Seegrube auf rund 1.900 Metern. Der Flug dauert je nach Thermik 15 bis 25 Minuten, mit Blick über Innsbruck, das Inntal und die Stubaier Alpen. Fotos und Videos vom Flug sind inklusive.',
    price: 16900,
    qtyMax: 4,
    featured: true,
    reserve: true,
    target: 'Paare',
    season: 'Schönwetter',
    validityReason: 'Termin abhängig vom Flugwetter',
    sold: 75,
    daysAgo: 45,
  },
  {
    id: 'v-berg-wert',
    seller: 'seller-bergfuehrer',
    category: 'cat-adventure',
    sub: 'sub-adventure-klettern',
    title: 'Abenteuer-Wertgutschein',
    description: 'Wertgutschein für alle geführten Touren, Kurse und Leihausrüstung von Bergführer Tirol.',
    long: 'Ob Klettersteig, Canyoning, Skitour oder Hochtour: Mit dem Wertgutschein suchen sich die Beschenkten ihr Abenteuer selbst aus. Der Betrag kann auf mehrere Buchungen aufgeteilt werden.',
    price: [5000, 40000],
    target: 'Alle',
    season: 'Immer',
    expiry: 5,
    sold: 61,
    daysAgo: 210,
  },
  {
    id: 'v-berg-eisklettern',
    seller: 'seller-bergfuehrer',
    category: 'cat-adventure',
    sub: 'sub-adventure-klettern',
    title: 'Eisklettern am Gletscher',
    description: 'Ein Tag Eisklettern mit Steigeisen und Eisgeräten auf dem Stubaier Gletscher.',
    long: 'Dieses Angebot ist derzeit pausiert und wird in der nächsten Wintersaison wieder freigeschaltet.',
    price: 18900,
    qtyMax: 4,
    inactive: true,
    target: 'Männer',
    season: 'Winter',
    months: [12, 1, 2],
    validityReason: 'Nur im Hochwinter',
    sold: 12,
    daysAgo: 300,
  },

  // Genusswerkstatt Schwaz (Unterland)
  {
    id: 'v-genuss-menue',
    seller: 'seller-genusswerkstatt',
    category: 'cat-genuss',
    sub: 'sub-genuss-kulinarik',
    title: 'Genussmenü mit Weinbegleitung',
    description: 'Sechs Gänge aus regionalen Zutaten mit passender Weinbegleitung für eine Person.',
    long: 'Unser Küchenchef kocht mit dem, was Bäuerinnen und Bauern aus dem Unterland gerade liefern: Saibling aus dem Zillertal, Kalb von der Alm, Kräuter aus dem eigenen Garten. Zu jedem Gang servieren wir einen passenden Wein aus Österreich. Einlösbar Mittwoch bis Samstag ab 18 Uhr.',
    price: 8900,
    qtyMax: 10,
    featured: true,
    reserve: true,
    target: 'Paare',
    season: 'Immer',
    days: ['Mi', 'Do', 'Fr', 'Sa'],
    validityReason: 'Abendservice nur Mittwoch bis Samstag',
    tax: [
      [10, 6400],
      [20, 2500],
    ],
    sold: 133,
    daysAgo: 160,
  },
  {
    id: 'v-genuss-kochkurs',
    seller: 'seller-genusswerkstatt',
    category: 'cat-kurse',
    sub: 'sub-kurse-kochen',
    title: 'Kochkurs Tiroler Klassiker',
    description: 'Kasspatzln, Schlutzkrapfen und Kaiserschmarrn selbst gemacht – mit gemeinsamem Essen.',
    long: 'In kleinen Gruppen von höchstens zehn Personen kochen wir die Klassiker der Tiroler Küche: Schlutzkrapfen mit brauner Butter, Kasspatzln mit Röstzwiebeln und zum Abschluss einen fluffigen Kaiserschmarrn. Rezepte zum Mitnehmen, Getränke und Schürze sind inklusive.',
    price: 9500,
    qtyMax: 6,
    featured: true,
    target: 'Freunde',
    season: 'Schlechtwetter',
    sold: 88,
    daysAgo: 110,
    extraImages: 1,
  },
  {
    id: 'v-genuss-edelbrand',
    seller: 'seller-genusswerkstatt',
    category: 'cat-genuss',
    sub: 'sub-genuss-verkostungen',
    title: 'Edelbrand-Verkostung',
    description: 'Sechs Edelbrände aus der hauseigenen Brennerei, dazu Speck und Bergkäse.',
    long: 'Unser Brennmeister führt durch die Brennerei und erklärt, wie aus Williamsbirnen, Marillen und Zirbenzapfen feine Edelbrände werden. Anschließend verkosten Sie sechs Brände, dazu gibt es eine Jause mit Speck, Bergkäse und Bauernbrot. Dauer etwa 90 Minuten.',
    price: 3500,
    qtyMax: 10,
    target: 'Männer',
    season: 'Immer',
    sold: 47,
    daysAgo: 85,
  },
  {
    id: 'v-genuss-brunch',
    seller: 'seller-genusswerkstatt',
    category: 'cat-genuss',
    sub: 'sub-genuss-kulinarik',
    title: 'Sonntagsbrunch für Zwei',
    description: 'Ausgiebiger Brunch mit Hofeiern, Bergkäse, Gebäck und hausgemachten Aufstrichen.',
    long: 'Jeden Sonntag und an Feiertagen decken wir von 9 bis 13 Uhr ein Buffet mit Eiern von glücklichen Hühnern, Bergkäse, Speck, frischem Gebäck, hausgemachten Marmeladen und Aufstrichen. Kaffee, Tee und frisch gepresster Saft sind inklusive.',
    price: 5800,
    qtyMax: 5,
    display: 'marketplace',
    reserve: true,
    target: 'Paare',
    season: 'Immer',
    days: ['So', 'Feiertag'],
    validityReason: 'Brunch nur an Sonn- und Feiertagen',
    tax: [[10, 5800]],
    sold: 102,
    daysAgo: 25,
  },
  {
    id: 'v-genuss-wert',
    seller: 'seller-genusswerkstatt',
    category: 'cat-genuss',
    sub: 'sub-genuss-kulinarik',
    title: 'Genuss-Wertgutschein',
    description: 'Für Wirtshaus, Kochschule und Hofladen der Genusswerkstatt – frei wählbarer Betrag.',
    long: 'Einlösbar für ein Essen im Wirtshaus, einen Kochkurs oder Spezialitäten aus dem Hofladen. Der Gutschein kann in Teilbeträgen eingelöst werden.',
    price: [1000, 20000],
    target: 'Alle',
    season: 'Immer',
    sold: 156,
    daysAgo: 260,
  },
  {
    id: 'v-genuss-genusskorb',
    seller: 'seller-genusswerkstatt',
    category: 'cat-genuss',
    sub: 'sub-genuss-hofladen',
    title: 'Schwazer Genusskorb',
    description: 'Korb mit Speck, Bergkäse, Edelbrand, Marmelade und Brot – zum Abholen im Hofladen.',
    long: 'Der Genusskorb wird frisch gepackt und enthält Speck und Kaminwurzen vom Metzger aus dem Ort, einen halben Laib Bergkäse, einen kleinen Edelbrand, zwei Marmeladen und Bauernbrot. Bitte holen Sie den Korb nach Voranmeldung im Hofladen ab.',
    price: 4900,
    qtyMax: 10,
    target: 'Senioren',
    season: 'Immer',
    tax: [
      [10, 3900],
      [20, 1000],
    ],
    sold: 64,
    daysAgo: 15,
    extraImages: 2,
  },

  // Reitstall Lechtal (Außerfern)
  {
    id: 'v-reit-ausritt',
    seller: 'seller-reitstall',
    category: 'cat-tiere',
    sub: 'sub-tiere-reiten',
    title: 'Ausritt durchs Lechtal',
    description: 'Zweistündiger Ausritt auf Haflingern entlang des Lechs – auch für Reitanfänger geeignet.',
    long: 'Auf unseren ruhigen Haflingern geht es über Wiesen und Schotterbänke entlang des Lechs. Eine erfahrene Reitbegleitung führt die Gruppe, Helme stellen wir zur Verfügung. Vorkenntnisse sind nicht nötig, das Höchstgewicht liegt bei 95 kg. Ausritte finden von April bis Oktober statt.',
    price: 6500,
    qtyMax: 6,
    featured: true,
    reserve: true,
    target: 'Freunde',
    season: 'Schönwetter',
    months: [4, 5, 6, 7, 8, 9, 10],
    validityReason: 'Ausritte nur von April bis Oktober',
    tax: [[13, 6500]],
    sold: 71,
    daysAgo: 140,
    extraImages: 1,
  },
  {
    id: 'v-reit-ponyreiten',
    seller: 'seller-reitstall',
    category: 'cat-tiere',
    sub: 'sub-tiere-reiten',
    title: 'Ponyreiten für Kinder',
    description: 'Eine Stunde Putzen, Führen und Reiten auf unseren Ponys für Kinder von 4 bis 10 Jahren.',
    long: 'Die Kinder lernen unsere Ponys kennen, helfen beim Putzen und Satteln und reiten anschließend eine Runde über den Hof und die Weide. Eltern dürfen gerne dabei sein. Termine mittwochs, samstags und sonntags jeweils um 10 und 14 Uhr.',
    price: 2500,
    qtyMax: 10,
    featured: true,
    target: 'Kinder',
    season: 'Sommer',
    days: ['Mi', 'Sa', 'So'],
    validityReason: 'Termine mittwochs und am Wochenende',
    tax: [[13, 2500]],
    sold: 93,
    daysAgo: 55,
  },
  {
    id: 'v-reit-alpaka',
    seller: 'seller-reitstall',
    category: 'cat-tiere',
    sub: 'sub-tiere-alpakas',
    title: 'Alpakawanderung am Lech',
    description: 'Gemütliche Wanderung mit unseren Alpakas am Lech, mit Jause am Hof zum Abschluss.',
    long: 'Jede und jeder führt ein eigenes Alpaka an der Leine – die Tiere sind neugierig, sanft und erstaunlich trittsicher. Die Runde dauert etwa zwei Stunden und ist für Familien mit Kindern ab sechs Jahren geeignet. Zum Abschluss gibt es eine Jause mit Produkten vom Hof.',
    price: 4500,
    qtyMax: 8,
    target: 'Kinder',
    season: 'Immer',
    sold: 58,
    daysAgo: 100,
  },
  {
    id: 'v-reit-reitstunden',
    seller: 'seller-reitstall',
    category: 'cat-tiere',
    sub: 'sub-tiere-reiten',
    title: '5 Reitstunden für Einsteiger',
    description: 'Fünf Einzelstunden an der Longe: Sitz, Gleichgewicht und die ersten Schritte im Trab.',
    long: 'Der Einsteigerblock umfasst fünf Einzelstunden à 30 Minuten an der Longe. Wir arbeiten an Sitz und Gleichgewicht, bevor es in die Gruppe oder ins Gelände geht. Die Stunden werden individuell vereinbart.',
    price: 17500,
    qtyMax: 4,
    reserve: true,
    target: 'Frauen',
    season: 'Immer',
    tax: [[13, 17500]],
    sold: 22,
    daysAgo: 35,
  },
  {
    id: 'v-reit-wert',
    seller: 'seller-reitstall',
    category: 'cat-tiere',
    sub: 'sub-tiere-bauernhof',
    title: 'Reitstall-Wertgutschein',
    description: 'Wertgutschein für Ausritte, Reitstunden, Alpakawanderungen und Ferientage am Hof.',
    long: 'Mit dem Wertgutschein wählen die Beschenkten selbst: Ausritt, Reitstunden, Alpakawanderung oder ein Ferientag am Bauernhof für Kinder.',
    price: [2000, 25000],
    target: 'Alle',
    season: 'Immer',
    sold: 17,
    daysAgo: 5,
  },

  // Yoga & Kurs Atelier (Innsbruck und Umgebung)
  {
    id: 'v-kurs-yoga',
    seller: 'seller-kursatelier',
    category: 'cat-fitness',
    sub: 'sub-fitness-yoga',
    title: 'Yoga 10er-Block',
    description: 'Zehn Einheiten Hatha- oder Vinyasa-Yoga in kleinen Gruppen, frei wählbar aus dem Wochenplan.',
    long: 'Ob Anfängerin oder geübter Yogi: In unserem Wochenplan finden sich über 20 Einheiten Hatha, Vinyasa und Yin Yoga, morgens, mittags und abends. Matten, Blöcke und Decken sind vorhanden. Der Block ist ab der ersten Einheit ein Jahr gültig.',
    price: 14000,
    qtyMax: 3,
    featured: true,
    target: 'Frauen',
    season: 'Immer',
    sold: 115,
    daysAgo: 190,
  },
  {
    id: 'v-kurs-toepfern',
    seller: 'seller-kursatelier',
    category: 'cat-kurse',
    sub: 'sub-kurse-kreativ',
    title: 'Töpferkurs für Einsteiger',
    description: 'Drei Abende an der Töpferscheibe: Zentrieren, Hochziehen, Glasieren – Brennen inklusive.',
    long: 'An drei Abenden zu je drei Stunden lernen Sie die Grundlagen an der Töpferscheibe und gestalten eigene Schalen und Becher. Ton, Glasuren und zwei Brände sind inklusive, die fertigen Stücke können nach etwa drei Wochen abgeholt werden.',
    price: 18900,
    qtyMax: 4,
    featured: true,
    target: 'Freunde',
    season: 'Schlechtwetter',
    sold: 66,
    daysAgo: 70,
    extraImages: 2,
  },
  {
    id: 'v-kurs-fotografie',
    seller: 'seller-kursatelier',
    category: 'cat-kurse',
    sub: 'sub-kurse-fotografie',
    title: 'Fotokurs Bergfotografie',
    description: 'Ein Tag unterwegs mit Kamera und Fotograf: Licht, Bildaufbau und Bearbeitung in den Bergen.',
    long: 'Am Vormittag fotografieren wir im Gelände oberhalb von Innsbruck und üben Bildaufbau, Belichtung und den Umgang mit schwierigem Licht. Am Nachmittag bearbeiten wir die besten Bilder gemeinsam im Atelier. Eine eigene Kamera mit manuellen Einstellungen ist Voraussetzung.',
    price: 12000,
    qtyMax: 4,
    target: 'Männer',
    season: 'Schönwetter',
    months: [5, 6, 7, 8, 9, 10],
    validityReason: 'Kurstermine von Mai bis Oktober',
    sold: 29,
    daysAgo: 130,
  },
  {
    id: 'v-kurs-pilates',
    seller: 'seller-kursatelier',
    category: 'cat-fitness',
    sub: 'sub-fitness-pilates',
    title: 'Pilates-Einzelstunde',
    description: 'Eine Stunde Pilates am Reformer, abgestimmt auf Ihre Haltung und Ihre Ziele.',
    long: 'In der Einzelstunde arbeiten wir gezielt an Rumpfstabilität, Beweglichkeit und Haltung. Besonders geeignet für den Wiedereinstieg nach Verletzungen oder für alle, die Pilates in Ruhe kennenlernen möchten.',
    price: 6500,
    qtyMax: 10,
    target: 'Senioren',
    season: 'Immer',
    days: WORKDAYS,
    validityReason: 'Einzelstunden nur unter der Woche',
    sold: 34,
    daysAgo: 10,
  },
  {
    id: 'v-kurs-ukulele',
    seller: 'seller-kursatelier',
    category: 'cat-kurse',
    sub: 'sub-kurse-musik',
    title: 'Ukulele-Workshop',
    description: 'In einem Nachmittag zu den ersten Liedern – Leih-Ukulele und Notenheft inklusive.',
    long: 'Keine Vorkenntnisse nötig: Wir stimmen gemeinsam, lernen vier Grundakkorde und einfache Schlagmuster und spielen am Ende die ersten Lieder in der Gruppe. Die Leih-Ukulele kann nach dem Workshop vergünstigt übernommen werden.',
    price: 5900,
    qtyMax: 6,
    target: 'Kinder',
    season: 'Schlechtwetter',
    sold: 26,
    daysAgo: 3,
  },
  {
    id: 'v-kurs-wert',
    seller: 'seller-kursatelier',
    category: 'cat-kurse',
    sub: 'sub-kurse-kreativ',
    title: 'Kurs-Wertgutschein',
    description: 'Frei wählbarer Betrag für alle Kurse, Workshops und Yoga-Blöcke im Atelier.',
    long: 'Der Wertgutschein gilt für das gesamte Kursprogramm des Ateliers und kann in Teilbeträgen eingelöst werden.',
    price: [1500, 30000],
    display: 'marketplace',
    target: 'Alle',
    season: 'Immer',
    sold: 40,
    daysAgo: 230,
  },

  // Almhotel Zugspitzblick (Außerfern)
  {
    id: 'v-alm-kurzurlaub',
    seller: 'seller-almhotel',
    category: 'cat-genuss',
    sub: 'sub-genuss-kurzurlaub',
    title: 'Kurzurlaub: 2 Nächte für 2',
    description: 'Zwei Nächte im Doppelzimmer mit Zugspitzblick, Halbpension und Alpin-Spa für zwei Personen.',
    long: 'Ankommen, durchatmen, genießen: Zwei Nächte im Doppelzimmer mit Balkon und Blick auf die Zugspitze, reichhaltiges Frühstück, ein Vier-Gänge-Abendmenü und freier Zugang zum Alpin-Spa. Die Ortstaxe wird vor Ort bezahlt. Nach Verfügbarkeit, ausgenommen Weihnachten und Silvester.',
    price: 39800,
    qtyMax: 2,
    featured: true,
    reserve: true,
    target: 'Paare',
    season: 'Immer',
    expiry: 6,
    validityReason: 'Nach Verfügbarkeit, nicht zu Weihnachten',
    tax: [[10, 39800]],
    sold: 57,
    daysAgo: 170,
  },
  {
    id: 'v-alm-wellnessabend',
    seller: 'seller-almhotel',
    category: 'cat-wellness',
    sub: 'sub-wellness-sauna',
    title: 'Wellnessabend mit Dinner',
    description: 'Ab 15 Uhr im Alpin-Spa entspannen, danach ein Vier-Gänge-Menü im Hotelrestaurant.',
    long: 'Der Wellnessabend umfasst den Zugang zum Alpin-Spa mit Panoramasauna und Außenwhirlpool ab 15 Uhr, Bademantel und Handtücher sowie ein Vier-Gänge-Abendmenü im Restaurant. Gilt für eine Person.',
    price: 12900,
    qtyMax: 4,
    reserve: true,
    target: 'Paare',
    season: 'Winter',
    tax: [
      [20, 6000],
      [10, 6900],
    ],
    sold: 45,
    daysAgo: 65,
  },
  {
    id: 'v-alm-wert',
    seller: 'seller-almhotel',
    category: 'cat-genuss',
    sub: 'sub-genuss-kurzurlaub',
    title: 'Hotel-Wertgutschein',
    description: 'Wertgutschein für Übernachtungen, Restaurant und Spa im Almhotel Zugspitzblick.',
    long: 'Einlösbar für alle Leistungen des Hotels: Übernachtungen, Abendessen im Restaurant, Spa-Eintritte und Behandlungen. Restbeträge bleiben bis zum Ablauf gültig.',
    price: [5000, 50000],
    target: 'Alle',
    season: 'Immer',
    expiry: 10,
    sold: 39,
    daysAgo: 280,
  },
];

export const voucherBackgroundKey = (voucherId: string) => `vouchers/${voucherId}/background.jpg`;
export const voucherImageKey = (voucherId: string, n: 1 | 2 | 3) => `vouchers/${voucherId}/image-${n}.jpg`;

const DAY_MS = 86_400_000;

function sellerOf(id: string): DemoSeller {
  const seller = DEMO_SELLERS.find((s) => s.id === id);
  if (!seller) throw new Error(`unknown demo seller ${id}`);
  return seller;
}

function categoryOf(id: string): DemoCategory {
  const category = DEMO_CATEGORIES.find((c) => c.id === id);
  if (!category) throw new Error(`unknown demo category ${id}`);
  return category;
}

function taxOf(spec: TaxSpec): Voucher['tax'] {
  if (spec === 'unsure') return 'unsure';
  return spec.map(([tax, value]) => ({ tax, label: `${tax} %`, value }));
}

function stylingOf(v: DemoVoucher): Voucher['styling'] {
  const seller = sellerOf(v.seller);
  const palette = categoryOf(v.category).palette;
  // Alternate between the seller's brand colour and the category colour for a livelier catalogue.
  const brand = hash(v.id) % 2 === 0;
  const band = brand && seller.company.text === '#fff' ? seller.company.background : palette.deep;
  return {
    background_color: palette.light,
    background_description_color: band,
    header_and_footer_background_color: '#fff',
    header_and_footer_color: '#1f2933',
    description_color: '#fff',
    text_color: 'dark',
  };
}

/** Every demo voucher, validated with the shared contract. */
export function buildVouchers(now: Date, urlOf: UrlOf): Voucher[] {
  return DEMO_VOUCHERS.map((v) => {
    const seller = sellerOf(v.seller);
    const category = categoryOf(v.category);
    const isProduct = typeof v.price === 'number';
    const [min, max] = typeof v.price === 'number' ? [v.price, v.price] : v.price;
    const extra = (n: 1 | 2 | 3) => (v.extraImages && n <= v.extraImages ? urlOf(voucherImageKey(v.id, n)) : null);
    // Spread over the last months; the minutes keep equal days apart without colliding.
    const created = new Date(now.getTime() - v.daysAgo * DAY_MS - (hash(v.id) % 600) * 60_000);
    return voucherSchema.parse({
      id: v.id,
      title: v.title,
      description: v.description,
      long_description: v.long,
      note: v.note ?? null,
      type: isProduct ? 'quantity' : 'value',
      qty_val: isProduct ? min : null,
      qty_min: isProduct ? 1 : null,
      qty_max: isProduct ? (v.qtyMax ?? 10) : null,
      val_min: isProduct ? null : min,
      val_max: isProduct ? null : max,
      price_filter: min,
      voucher_category_id: category.id,
      category: { id: category.id, name: category.name, slug: categorySlug(category.name) },
      subcategory_id: v.sub,
      target: v.target,
      season: v.season,
      region_id: seller.regionId,
      seller_id: seller.id,
      seller: {
        id: seller.id,
        username: seller.username,
        company: {
          name: seller.company.name,
          logo: urlOf(companyLogoKey(seller.id)),
          region: regionLabel(seller.regionId),
          url: seller.company.url,
        },
      },
      is_active: !v.inactive,
      is_featured: v.featured ?? false,
      is_tourism: false,
      display: v.display ?? 'all',
      valid_day: v.days ?? [...WEEKDAYS],
      months: v.months ?? ALL_MONTHS,
      valid_date: [],
      expiry_date: v.expiry ?? DEFAULT_VALIDITY_YEARS,
      validity_reason: v.validityReason ?? null,
      isReserve: v.reserve ?? false,
      price_hidden: false,
      tax: taxOf(v.tax ?? (isProduct ? [[20, min]] : 'unsure')),
      background_image: urlOf(voucherBackgroundKey(v.id)),
      image_1: extra(1),
      image_2: extra(2),
      image_3: extra(3),
      styling: stylingOf(v),
      sold_count: v.sold,
      created_at: created.toISOString(),
    } satisfies Voucher);
  });
}

// --- SVG generators -----------------------------------------------------------------------------

/** FNV-1a: a stable number per id, so generated images are the same on every run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Deterministic pseudo-random numbers in [0, 1) from a seed (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const parse = (hex: string) => {
    const full = hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
    return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16));
  };
  const [ca, cb] = [parse(a), parse(b)];
  return `#${ca
    .map((c, i) =>
      Math.round(c + ((cb[i] ?? c) - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Category glyphs drawn in a 48 × 48 box with strokes in `color`. */
function glyph(icon: string, color: string): string {
  const stroke = `fill="none" stroke="${color}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"`;
  switch (icon) {
    case 'spa':
      return `<g ${stroke}><path d="M24 38c-6-4-9-10-9-17 5 1 9 5 9 17z"/><path d="M24 38c6-4 9-10 9-17-5 1-9 5-9 17z"/><path d="M24 38c-3-7-3-15 0-24 3 9 3 17 0 24z"/><path d="M8 26c2 8 8 12 16 12s14-4 16-12"/></g>`;
    case 'mountain':
      return `<g ${stroke}><path d="M4 40 18 16l8 12 5-7 13 19z"/><path d="m14 23 4 3 4-3"/><circle cx="36" cy="10" r="4"/></g>`;
    case 'utensils':
      return `<g ${stroke}><path d="M14 6v12a4 4 0 0 0 8 0V6M18 6v36"/><path d="M34 42V6c-5 3-7 9-7 16h7"/></g>`;
    case 'dumbbell':
      return `<g ${stroke}><path d="M14 24h20"/><rect x="6" y="14" width="8" height="20" rx="2"/><rect x="34" y="14" width="8" height="20" rx="2"/><path d="M3 20v8M45 20v8"/></g>`;
    case 'paw':
      return `<g fill="${color}"><ellipse cx="24" cy="32" rx="9" ry="7"/><circle cx="12" cy="21" r="4"/><circle cx="19" cy="12" r="4"/><circle cx="29" cy="12" r="4"/><circle cx="36" cy="21" r="4"/></g>`;
    case 'graduation-cap':
      return `<g ${stroke}><path d="M4 18 24 9l20 9-20 9z"/><path d="M12 22v9c3 3 7 4 12 4s9-1 12-4v-9"/><path d="M44 18v12"/></g>`;
    default:
      return `<circle cx="24" cy="24" r="14" ${stroke}/>`;
  }
}

export function categoryLogoSvg(category: DemoCategory): string {
  const p = category.palette;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient></defs>`,
    '<circle cx="48" cy="48" r="46" fill="url(#g)"/>',
    `<g transform="translate(24 24)">${glyph(category.icon, '#ffffff')}</g>`,
    '</svg>',
  ].join('');
}

/** A 250 × 100 logo: emblem with monogram in the brand colours, company name beside it. */
export function companyLogoSvg(seller: DemoSeller): string {
  const c = seller.company;
  const words = c.name.split(' ');
  // Two balanced lines: as many words on the first line as keep it at about half the name.
  let split = 1;
  while (split < words.length - 1 && words.slice(0, split + 1).join(' ').length <= c.name.length / 2 + 2) split++;
  const lines = words.length > 1 ? [words.slice(0, split).join(' '), words.slice(split).join(' ')] : [c.name];
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.min(22, Math.floor(230 / longest));
  const ink = c.text === '#fff' ? '#ffffff' : '#1f2933';
  // Light emblem on a dark brand colour takes the brand colour; a dark emblem on a light one, white.
  const monoInk = c.text === '#fff' ? c.background : '#ffffff';
  const firstY = lines.length === 1 ? 57 : 46;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 100" width="250" height="100">',
    `<rect width="250" height="100" rx="14" fill="${c.background}"/>`,
    `<circle cx="50" cy="50" r="34" fill="${c.emblem}"/>`,
    `<circle cx="50" cy="50" r="28" fill="none" stroke="${monoInk}" stroke-opacity="0.35" stroke-width="1.5"/>`,
    `<text x="50" y="58" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="24" font-weight="700" fill="${monoInk}">${escapeXml(c.monogram)}</text>`,
    ...lines.map(
      (line, i) =>
        `<text x="96" y="${firstY + i * (size + 4)}" font-family="'Helvetica Neue', Arial, sans-serif" font-size="${Math.min(size, 19)}" font-weight="${i === 0 ? 700 : 400}" fill="${ink}">${escapeXml(line)}</text>`,
    ),
    '</svg>',
  ].join('');
}

type Scene = { width: number; height: number };

function mountains(p: Palette, rnd: () => number, s: Scene): string {
  const layers = [
    { base: 0.55, amp: 0.3, color: mix(p.light, '#ffffff', 0.3) },
    { base: 0.68, amp: 0.25, color: p.mid },
    { base: 0.82, amp: 0.16, color: p.deep },
  ];
  const sun = `<circle cx="${r1(s.width * (0.65 + rnd() * 0.2))}" cy="${r1(s.height * (0.18 + rnd() * 0.1))}" r="${r1(s.width * 0.08)}" fill="${p.accent}" opacity="0.9"/>`;
  const ranges = layers.map((l) => {
    const peaks = 4 + Math.floor(rnd() * 3);
    const points = [`0,${s.height}`];
    for (let i = 0; i <= peaks * 2; i++) {
      const x = (s.width * i) / (peaks * 2);
      const y = s.height * (l.base - (i % 2 === 1 ? l.amp * (0.5 + rnd() * 0.5) : l.amp * rnd() * 0.3));
      points.push(`${r1(x)},${r1(y)}`);
    }
    points.push(`${s.width},${s.height}`);
    return `<polygon points="${points.join(' ')}" fill="${l.color}"/>`;
  });
  return sun + ranges.join('');
}

function ripples(p: Palette, rnd: () => number, s: Scene): string {
  const bokeh = Array.from({ length: 9 }, () => {
    const r = s.width * (0.04 + rnd() * 0.12);
    return `<circle cx="${r1(rnd() * s.width)}" cy="${r1(rnd() * s.height * 0.6)}" r="${r1(r)}" fill="#ffffff" opacity="${r1(0.08 + rnd() * 0.14)}"/>`;
  }).join('');
  const waves = [0.62, 0.74, 0.86].map((y, i) => {
    const h = s.height * y;
    const a = s.height * 0.05;
    return `<path d="M0 ${r1(h)} C ${r1(s.width * 0.25)} ${r1(h - a)}, ${r1(s.width * 0.5)} ${r1(h + a)}, ${s.width} ${r1(h - a * 0.5)} V ${s.height} H 0 Z" fill="${[p.mid, mix(p.mid, p.deep, 0.5), p.deep][i]}" opacity="${[0.45, 0.6, 0.85][i]}"/>`;
  });
  const cx = s.width * (0.7 + rnd() * 0.1);
  const stones = [0.13, 0.1, 0.07].map((w, i) => {
    const y = s.height * (0.58 - i * 0.075);
    return `<ellipse cx="${r1(cx)}" cy="${r1(y)}" rx="${r1(s.width * w)}" ry="${r1(s.height * 0.035)}" fill="${mix(p.accent, p.deep, 0.15 + i * 0.1)}"/>`;
  });
  return bokeh + waves.join('') + stones.join('');
}

function plates(p: Palette, rnd: () => number, s: Scene): string {
  const cx = s.width * (0.55 + rnd() * 0.2);
  const cy = s.height * (0.55 + rnd() * 0.1);
  const r = Math.min(s.width, s.height) * 0.3;
  const rings = [1, 0.78, 0.5].map(
    (f, i) =>
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * f)}" fill="${[p.accent, '#ffffff', mix(p.light, p.mid, 0.3)][i]}" opacity="${[0.9, 0.85, 0.7][i]}"/>`,
  );
  const dots = Array.from(
    { length: 18 },
    () =>
      `<circle cx="${r1(rnd() * s.width)}" cy="${r1(rnd() * s.height)}" r="${r1(3 + rnd() * 9)}" fill="${rnd() > 0.5 ? p.accent : p.light}" opacity="${r1(0.35 + rnd() * 0.4)}"/>`,
  );
  const leaf = `<path d="M${r1(s.width * 0.12)} ${r1(s.height * 0.85)} q ${r1(s.width * 0.12)} ${r1(-s.height * 0.35)} ${r1(s.width * 0.3)} ${r1(-s.height * 0.42)} q ${r1(-s.width * 0.04)} ${r1(s.height * 0.3)} ${r1(-s.width * 0.3)} ${r1(s.height * 0.42)} z" fill="${p.mid}" opacity="0.55"/>`;
  return dots.join('') + leaf + rings.join('');
}

function bands(p: Palette, rnd: () => number, s: Scene): string {
  const colors = [p.mid, p.light, p.accent, mix(p.mid, p.deep, 0.4)];
  const out: string[] = [];
  for (let i = 0; i < 4; i++) {
    const x = s.width * (0.1 + i * 0.22 + rnd() * 0.05);
    const w = s.width * (0.07 + rnd() * 0.08);
    out.push(
      `<polygon points="${r1(x)},${s.height} ${r1(x + w)},${s.height} ${r1(x + w + s.width * 0.35)},0 ${r1(x + s.width * 0.35)},0" fill="${colors[i]}" opacity="${r1(0.35 + rnd() * 0.35)}"/>`,
    );
  }
  const arc = `<circle cx="${r1(s.width * 0.2)}" cy="${r1(s.height * 0.25)}" r="${r1(s.width * 0.12)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${r1(s.width * 0.02)}"/>`;
  return out.join('') + arc;
}

function hills(p: Palette, rnd: () => number, s: Scene): string {
  const sun = `<circle cx="${r1(s.width * (0.2 + rnd() * 0.15))}" cy="${r1(s.height * 0.22)}" r="${r1(s.width * 0.07)}" fill="${p.accent}"/>`;
  const layers = [0.6, 0.72, 0.84].map((y, i) => {
    const h = s.height * y;
    const peak = s.width * (0.2 + rnd() * 0.6);
    return `<path d="M0 ${r1(h + s.height * 0.05)} Q ${r1(peak)} ${r1(h - s.height * (0.12 + rnd() * 0.06))} ${s.width} ${r1(h)} V ${s.height} H 0 Z" fill="${[p.light, p.mid, p.deep][i]}"/>`;
  });
  const fenceY = s.height * 0.8;
  const posts = Array.from({ length: 7 }, (_, i) => {
    const x = s.width * (0.52 + i * 0.07);
    return `<rect x="${r1(x)}" y="${r1(fenceY - s.height * 0.06)}" width="${r1(s.width * 0.01)}" height="${r1(s.height * 0.07)}" fill="${p.accent}" opacity="0.8"/>`;
  });
  const rail = `<rect x="${r1(s.width * 0.52)}" y="${r1(fenceY - s.height * 0.045)}" width="${r1(s.width * 0.43)}" height="${r1(s.height * 0.008)}" fill="${p.accent}" opacity="0.8"/>`;
  return sun + layers.join('') + posts.join('') + rail;
}

function confetti(p: Palette, rnd: () => number, s: Scene): string {
  const colors = [p.mid, p.accent, p.light, '#ffffff'];
  const cols = 6;
  const rows = Math.round((cols * s.height) / s.width);
  const cell = s.width / cols;
  const out: string[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      if (rnd() < 0.45) continue;
      const size = cell * (0.3 + rnd() * 0.35);
      const cx = x * cell + cell / 2;
      const cy = y * cell + cell / 2;
      const color = colors[Math.floor(rnd() * colors.length)];
      const opacity = r1(0.25 + rnd() * 0.5);
      out.push(
        rnd() > 0.5
          ? `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(size / 2)}" fill="${color}" opacity="${opacity}"/>`
          : `<rect x="${r1(cx - size / 2)}" y="${r1(cy - size / 2)}" width="${r1(size)}" height="${r1(size)}" rx="${r1(size * 0.2)}" fill="${color}" opacity="${opacity}" transform="rotate(${Math.round(rnd() * 40 - 20)} ${r1(cx)} ${r1(cy)})"/>`,
      );
    }
  }
  return out.join('');
}

const MOTIFS: Record<string, (p: Palette, rnd: () => number, s: Scene) => string> = {
  'cat-wellness': ripples,
  'cat-adventure': mountains,
  'cat-genuss': plates,
  'cat-fitness': bands,
  'cat-tiere': hills,
  'cat-kurse': confetti,
};

/** A themed scene without text: gradient sky, category motif and a faint category glyph. */
export function sceneSvg(categoryId: string, seedText: string, width = 730, height = 676): string {
  const category = categoryOf(categoryId);
  const p = category.palette;
  const rnd = randomFrom(hash(seedText));
  const s = { width, height };
  const top = mix(p.light, '#ffffff', 0.35 + rnd() * 0.2);
  const bottom = mix(p.light, p.mid, 0.25 + rnd() * 0.2);
  const motif = (MOTIFS[categoryId] ?? confetti)(p, rnd, s);
  const glyphScale = r1(Math.min(width, height) / 480);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">`,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    `<radialGradient id="light" cx="0.8" cy="0.15" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#light)"/>`,
    motif,
    `<g transform="translate(${r1(width * 0.06)} ${r1(height * 0.06)}) scale(${glyphScale})" opacity="0.18">${glyph(category.icon, p.deep)}</g>`,
    '</svg>',
  ].join('');
}

function heartPath(cx: number, cy: number, size: number): string {
  const s = size / 2;
  return `M${r1(cx)} ${r1(cy + s)} C ${r1(cx - s * 2)} ${r1(cy - s * 0.4)}, ${r1(cx - s * 0.8)} ${r1(cy - s * 1.6)}, ${r1(cx)} ${r1(cy - s * 0.5)} C ${r1(cx + s * 0.8)} ${r1(cy - s * 1.6)}, ${r1(cx + s * 2)} ${r1(cy - s * 0.4)}, ${r1(cx)} ${r1(cy + s)} Z`;
}

/** A 730 × 676 personalisation background without text: a light ground and a themed pattern. */
export function templateSvg(template: DemoTemplate, width = 730, height = 676): string {
  const [ground, main, accent] = template.colors;
  const rnd = randomFrom(hash(template.id));
  const shapes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const x = rnd() * width;
    const y = rnd() * height;
    const size = 28 + rnd() * 62;
    const color = rnd() > 0.5 ? main : accent;
    const opacity = r1(0.45 + rnd() * 0.5);
    switch (template.theme) {
      case 'confetti':
        shapes.push(
          rnd() > 0.5
            ? `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(size / 3)}" fill="${color}" opacity="${opacity}"/>`
            : `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(size / 2.5)}" height="${r1(size)}" rx="3" fill="${color}" opacity="${opacity}" transform="rotate(${Math.round(rnd() * 180)} ${r1(x)} ${r1(y)})"/>`,
        );
        break;
      case 'snow': {
        const arms = [0, 60, 120].map(
          (deg) =>
            `<line x1="${r1(x - size / 2)}" y1="${r1(y)}" x2="${r1(x + size / 2)}" y2="${r1(y)}" transform="rotate(${deg} ${r1(x)} ${r1(y)})"/>`,
        );
        shapes.push(
          `<g stroke="${rnd() > 0.8 ? accent : main}" stroke-width="${r1(2 + size / 14)}" stroke-linecap="round" opacity="${opacity}">${arms.join('')}</g>`,
        );
        break;
      }
      case 'hearts':
        shapes.push(`<path d="${heartPath(x, y, size)}" fill="${color}" opacity="${opacity}"/>`);
        break;
      case 'leaves':
        shapes.push(
          `<path d="M${r1(x)} ${r1(y)} q ${r1(size * 0.6)} ${r1(-size * 0.6)} ${r1(size * 1.4)} 0 q ${r1(-size * 0.8)} ${r1(size * 0.6)} ${r1(-size * 1.4)} 0 z" fill="${color}" opacity="${opacity}" transform="rotate(${Math.round(rnd() * 360)} ${r1(x)} ${r1(y)})"/>`,
        );
        break;
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">`,
    `<defs><radialGradient id="glow" cx="0.5" cy="0.45" r="0.65"><stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="${ground}"/>`,
    shapes.join(''),
    `<rect width="${width}" height="${height}" fill="url(#glow)"/>`,
    '</svg>',
  ].join('');
}

/** Every image the demo needs, keyed as the builders reference them, with the drawing each is rendered from. */
export function demoMediaFiles(): DemoMediaFile[] {
  const drawings: { key: string; svg: string }[] = [
    ...DEMO_CATEGORIES.map((c) => ({ key: categoryLogoKey(c.id), svg: categoryLogoSvg(c) })),
    ...DEMO_TEMPLATES.map((t) => ({ key: templateImageKey(t.id), svg: templateSvg(t) })),
    ...DEMO_SELLERS.map((s) => ({ key: companyLogoKey(s.id), svg: companyLogoSvg(s) })),
    ...DEMO_SELLERS.filter((s) => s.company.cover).map((s) => ({
      key: companyCoverKey(s.id),
      svg: sceneSvg(
        DEMO_VOUCHERS.find((v) => v.seller === s.id)?.category ?? 'cat-wellness',
        `${s.id}-cover`,
        1920,
        1080,
      ),
    })),
    ...DEMO_VOUCHERS.flatMap((v) => [
      { key: voucherBackgroundKey(v.id), svg: sceneSvg(v.category, v.id) },
      ...([1, 2] as const)
        .filter((n) => v.extraImages && n <= v.extraImages)
        .map((n) => ({ key: voucherImageKey(v.id, n), svg: sceneSvg(v.category, `${v.id}-image-${n}`, 600, 600) })),
    ]),
  ];
  return drawings.map((d) => ({ ...d, contentType: d.key.endsWith('.png') ? 'image/png' : 'image/jpeg' }));
}

// --- Wallet (issue 5) ---------------------------------------------------------------------------

type DemoWalletVoucher = {
  id: string;
  voucherId: string;
  daysAgo: number;
  /** Value vouchers: cents per unit; product vouchers: null. */
  value: number | null;
  qty: number;
  personalisation?: { templateId: string | null; note: string; textColor: string; priceHidden: boolean };
  sentVia?: 'voucher_download';
};

/** What the demo buyer (buyer@example.com) has in the wallet: a value voucher, a product voucher, a personalised gift. */
export const DEMO_WALLET: DemoWalletVoucher[] = [
  { id: 'uv-demo-anna-1', voucherId: 'v-alpenspa-wert', daysAgo: 40, value: 5000, qty: 1 },
  {
    id: 'uv-demo-anna-2',
    voucherId: 'v-alpenspa-massage',
    daysAgo: 25,
    value: null,
    qty: 2,
    sentVia: 'voucher_download',
  },
  {
    id: 'uv-demo-anna-3',
    voucherId: 'v-alpenspa-wert',
    daysAgo: 3,
    value: 8000,
    qty: 1,
    personalisation: {
      templateId: 'template-geburtstag',
      note: 'Alles Gute zum Geburtstag, Mama!',
      textColor: '#1D4F55',
      priceHidden: false,
    },
  },
];

export const DEMO_WALLET_OWNER = 'user-anna';

/**
 * The demo buyer's wallet vouchers as user voucher records (built like a sale's, services/orders/
 * new-user-voucher.ts); the seed puts them with the repository's `issueParts`, as the completion does.
 */
export function buildWalletVouchers(now: Date, vouchers: readonly Voucher[], appUrl: string): UserVoucherRecord[] {
  return DEMO_WALLET.map((w, i) => {
    const voucher = vouchers.find((v) => v.id === w.voucherId);
    if (!voucher) throw new Error(`demo wallet voucher ${w.id}: voucher ${w.voucherId} is not in the demo catalogue`);
    const at = new Date(now.getTime() - w.daysAgo * 86_400_000).toISOString();
    const total = w.value !== null ? w.value * w.qty : (voucher.qty_val ?? voucher.price_filter) * w.qty;
    const record = newUserVoucher({
      id: w.id,
      order: { id: `o-demo-anna-${i + 1}`, voucher_id: voucher.id, seller_id: voucher.seller_id, voucher },
      orderNo: `GM-${at.slice(0, 4)}-${String(900001 + i)}`,
      amounts: { qty: w.qty, value: w.value, remaining_qty: w.qty, remaining_value: total },
      owner: { owner_user_id: DEMO_WALLET_OWNER },
      at,
      appUrl,
    });
    return {
      ...record,
      ...(w.sentVia ? { sent_via: w.sentVia } : {}),
      ...(w.personalisation
        ? {
            personalisation: {
              template_id: w.personalisation.templateId,
              custom_image: null,
              custom_background_image: null,
              background_aid: null,
              text_color: w.personalisation.textColor,
              note: w.personalisation.note,
              price_hidden: w.personalisation.priceHidden,
              updated_at: at,
            },
          }
        : {}),
    };
  });
}
