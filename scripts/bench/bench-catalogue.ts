import { voucherSchema, type Voucher } from '@gm/shared/catalogue/contracts';
import { REGIONS, SEASONS, TARGET_GROUPS, WEEKDAYS, categorySlug } from '@gm/shared/catalogue/reference-data';
import { DEMO_CATEGORIES } from '../dev/demo-data.ts';
import { seededRandom } from './stats.ts';

/**
 * A synthetic marketplace for the search benchmark: `count` vouchers from `sellers` companies over the
 * demo categories, with German titles (umlauts included), mixed prices, sales, targets and seasons.
 * Pure and seeded, so every run searches the same catalogue.
 */
export const BENCH_SELLER_PREFIX = 'bench-seller-';

const TITLE_WORDS: Record<string, string[]> = {
  'cat-wellness': [
    'Day Spa',
    'Massage',
    'Hot-Stone-Massage',
    'Saunaabend',
    'Kosmetikbehandlung',
    'Kräuterstempel',
    'Thermentag',
    'Wellness-Auszeit',
  ],
  'cat-adventure': [
    'Klettersteig',
    'Canyoning',
    'Tandemflug',
    'Skitour',
    'Rafting',
    'Eisklettern',
    'Höhlentour',
    'Bergführung',
  ],
  'cat-genuss': [
    'Genussmenü',
    'Kochkurs',
    'Weinverkostung',
    'Käseplatte',
    'Brunch',
    'Edelbrand-Tasting',
    'Kurzurlaub',
    'Frühstück am See',
  ],
  'cat-fitness': [
    'Yoga',
    'Pilates',
    'Personal Training',
    'Aqua-Fitness',
    'Rückenfit',
    'Laufseminar',
    'Spinning',
    'Functional Training',
  ],
  'cat-tiere': [
    'Ausritt',
    'Ponyreiten',
    'Alpakawanderung',
    'Bauernhoftag',
    'Reitstunde',
    'Lamatrekking',
    'Hundeschule',
    'Streichelzoo',
  ],
  'cat-kurse': [
    'Töpferkurs',
    'Fotografie-Workshop',
    'Ukulele-Kurs',
    'Malkurs',
    'Schnitzkurs',
    'Nähkurs',
    'Brotbackkurs',
    'Gitarrenstunde',
  ],
};
const PLACES = [
  'Imst',
  'Innsbruck',
  'Kufstein',
  'Reutte',
  'Ötztal',
  'Zillertal',
  'Seefeld',
  'Schwaz',
  'Landeck',
  'Wörgl',
  'Hall',
  'Lienz',
];
const EXTRAS = [
  'für Zwei',
  'für Familien',
  'mit Aussicht',
  'am Wochenende',
  'für Genießer',
  'Deluxe',
  'Klassik',
  'mit Picknick',
];
const COMPANY_KINDS = [
  'Gasthof',
  'Alpenhof',
  'Studio',
  'Erlebniswelt',
  'Manufaktur',
  'Reitstall',
  'Atelier',
  'Bergschule',
  'Hotel',
  'Wirtshaus',
];
const FAMILY_NAMES = [
  'Huber',
  'Gruber',
  'Wechner',
  'Schöpf',
  'Müller',
  'Kössler',
  'Strasser',
  'Pfeifer',
  'Auer',
  'Falkner',
  'Haid',
  'Größwang',
];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

export type BenchSeller = { id: string; username: string; company: string; regionId: number };

export function benchSellers(count: number, random = seededRandom(7)): BenchSeller[] {
  return Array.from({ length: count }, (_, i) => {
    const family = pick(random, FAMILY_NAMES);
    const kind = pick(random, COMPANY_KINDS);
    return {
      id: `${BENCH_SELLER_PREFIX}${i + 1}`,
      username: `${kind}-${family}-${i + 1}`.toLowerCase(),
      company: `${kind} ${family} ${pick(random, PLACES)}`,
      regionId: pick(random, REGIONS).id,
    };
  });
}

export function benchVouchers(
  count: number,
  sellers: readonly BenchSeller[],
  now: Date,
  random = seededRandom(11),
): Voucher[] {
  const targets = TARGET_GROUPS;
  const seasons = SEASONS;
  return Array.from({ length: count }, (_, i) => {
    const seller = sellers[i % sellers.length] as BenchSeller;
    const category = pick(random, DEMO_CATEGORIES);
    const sub = pick(random, category.subcategories);
    const product = random() < 0.75;
    const price = 500 * (1 + Math.floor(random() * 60));
    const max = price + 500 * (1 + Math.floor(random() * 40));
    const title = `${pick(random, TITLE_WORDS[category.id] ?? ['Erlebnis'])} ${pick(random, EXTRAS)}`.slice(0, 30);
    const display = random() < 0.9 ? 'all' : random() < 0.5 ? 'marketplace' : 'direktverkauf';
    return voucherSchema.parse({
      id: `bench-v-${String(i + 1).padStart(5, '0')}`,
      title,
      description:
        `${title} in ${pick(random, PLACES)}: ein Geschenk aus der Region, liebevoll vorbereitet von ${seller.company}.`.slice(
          0,
          120,
        ),
      long_description: `Ein Gutschein für ${title}. Bitte vorab reservieren. Von jedem Kauf geht 1 € an soziale Projekte in Tirol.`,
      note: null,
      type: product ? 'quantity' : 'value',
      qty_val: product ? price : null,
      qty_min: product ? 1 : null,
      qty_max: product ? 10 : null,
      val_min: product ? null : price,
      val_max: product ? null : max,
      price_filter: price,
      voucher_category_id: category.id,
      category: { id: category.id, name: category.name, slug: categorySlug(category.name) },
      subcategory_id: sub.id,
      target: pick(random, targets),
      season: pick(random, seasons),
      region_id: seller.regionId,
      seller_id: seller.id,
      seller: {
        id: seller.id,
        username: seller.username,
        company: {
          name: seller.company,
          logo: `/media/companies/${seller.id}/logo.svg`,
          region: REGIONS.find((r) => r.id === seller.regionId)?.label ?? null,
          url: null,
        },
      },
      is_active: random() < 0.95,
      is_featured: random() < 0.03,
      is_tourism: false,
      display,
      valid_day: [...WEEKDAYS],
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      valid_date: [],
      expiry_date: 4,
      validity_reason: null,
      isReserve: random() < 0.3,
      price_hidden: false,
      tax: 'unsure',
      background_image: `/media/vouchers/bench/${category.id}.svg`,
      image_1: null,
      image_2: null,
      image_3: null,
      styling: {
        background_color: '#CFE8E0',
        background_description_color: '#1D4F55',
        header_and_footer_background_color: '#fff',
        header_and_footer_color: '#1f2933',
        description_color: '#fff',
        text_color: 'dark',
      },
      sold_count: Math.floor(random() ** 3 * 400),
      created_at: new Date(now.getTime() - Math.floor(random() * 720) * 86_400_000 - i * 1000).toISOString(),
    } satisfies Voucher);
  });
}
