/**
 * The campaign landing pages (01 §2 "Campaign pages"): themed heroes, image sliders and carousels of
 * hand-picked vouchers. The voucher lists are fixed id lists, edited here; ids that are no longer
 * listed (deleted, inactive, direct sale only) simply drop out of their carousel.
 */
import { CAMPAIGN_SLUGS, type CampaignSlug } from './campaign-slugs.ts';

export type CampaignSlide = { image: string; title: string; text: string };
export type CampaignCarousel = { id: string; title: string; lead: string; voucherIds: readonly string[] };
export type CampaignExplainer = {
  title: string;
  text: string;
  /** Frames of the built-in explainer (an animated slideshow that works offline). */
  frames: readonly CampaignSlide[];
  /** A hosted explainer film (MP4/WebM URL) replaces the slideshow when set. */
  videoUrl: string | null;
  poster: string;
};

export type Campaign = {
  slug: CampaignSlug;
  /** Document title and h1. */
  title: string;
  eyebrow: string;
  lead: string;
  /** Hero colours: background gradient and the accent of buttons and headings. */
  theme: { from: string; to: string; accent: string };
  slides: readonly CampaignSlide[];
  carousels: readonly CampaignCarousel[];
  explainer?: CampaignExplainer;
  /** Where 'Alle Gutscheine entdecken' leads (the search route, optionally pre-filtered). */
  searchQuery: { keyword?: string; region?: string };
};

/** Slider autoplay (01 §9: 3000 ms). */
export const SLIDE_INTERVAL_MS = 3000;

const slides = (slug: CampaignSlug, texts: ReadonlyArray<[title: string, text: string]>): CampaignSlide[] =>
  texts.map(([title, text], index) => ({ image: `/campaigns/${slug}-${index + 1}.svg`, title, text }));

export const CAMPAIGNS: Record<CampaignSlug, Campaign> = {
  ostern: {
    slug: 'ostern',
    title: 'Ostergeschenke aus der Region',
    eyebrow: 'Frohe Ostern',
    lead: 'Statt Schokohasen: Erlebnisse und Genuss aus Tirol ins Osternest legen – und mit jedem Kauf 1 € an soziale Projekte spenden.',
    theme: { from: '#FFF4D6', to: '#E3F1D9', accent: '#4C7A34' },
    slides: slides('ostern', [
      ['Frühling erleben', 'Ausritte, Alpakawanderungen und Brunch im Grünen.'],
      ['Für die ganze Familie', 'Gutscheine, über die sich Groß und Klein freuen.'],
      ['Regional verschenken', 'Von über 200 Betrieben aus deiner Region.'],
    ]),
    carousels: [
      {
        id: 'fruehling',
        title: 'Frühlingserlebnisse',
        lead: 'Raus ins Grüne, sobald die Sonne lacht.',
        voucherIds: [
          'v-reit-ponyreiten',
          'v-reit-alpaka',
          'v-genuss-brunch',
          'v-kurs-toepfern',
          'v-genuss-genusskorb',
          'v-reit-ausritt',
        ],
      },
      {
        id: 'familie',
        title: 'Für die ganze Familie',
        lead: 'Gemeinsame Zeit ist das schönste Geschenk.',
        voucherIds: ['v-kurs-ukulele', 'v-alm-kurzurlaub', 'v-berg-canyoning', 'v-reit-wert', 'v-kurs-wert'],
      },
    ],
    searchQuery: {},
  },
  liebe: {
    slug: 'liebe',
    title: 'Geschenke für Verliebte',
    eyebrow: 'Valentinstag',
    lead: 'Zeit zu zweit verschenken: Wellness, Genussmenüs und kleine Abenteuer für alle, die sich lieben.',
    theme: { from: '#FFE4E8', to: '#FBD3DC', accent: '#C22F43' },
    slides: slides('liebe', [
      ['Zeit zu zweit', 'Day Spa, Candle-Light-Dinner oder ein Flug über die Berge.'],
      ['Kleine Aufmerksamkeiten', 'Kosmetik, Edelbrand oder ein Wertgutschein.'],
      ['Persönlich verschenken', 'Mit eigenem Foto und persönlicher Nachricht.'],
    ]),
    carousels: [
      {
        id: 'zu-zweit',
        title: 'Zu zweit',
        lead: 'Erlebnisse für Paare.',
        voucherIds: [
          'v-alpenspa-day-spa',
          'v-genuss-menue',
          'v-berg-tandemflug',
          'v-alm-wellnessabend',
          'v-alm-kurzurlaub',
          'v-genuss-kochkurs',
        ],
      },
      {
        id: 'aufmerksamkeiten',
        title: 'Kleine Aufmerksamkeiten',
        lead: 'Damit es von Herzen kommt.',
        voucherIds: [
          'v-alpenspa-kosmetik',
          'v-alpenspa-massage',
          'v-genuss-edelbrand',
          'v-kurs-fotografie',
          'v-genuss-wert',
          'v-alpenspa-wert',
        ],
      },
    ],
    searchQuery: {},
  },
  muttertag: {
    slug: 'muttertag',
    title: 'Danke, Mama!',
    eyebrow: 'Muttertag',
    lead: 'Eine Auszeit, ein gemeinsamer Brunch oder ein neues Hobby: Gutscheine, mit denen du Danke sagst.',
    theme: { from: '#FDE8F0', to: '#EFE3F7', accent: '#8E3B78' },
    slides: slides('muttertag', [
      ['Eine Auszeit schenken', 'Massagen, Kosmetik und Sauna für entspannte Stunden.'],
      ['Gemeinsam genießen', 'Brunch, Kochkurs oder ein Ausflug zu den Alpakas.'],
      ['Mit Herz personalisiert', 'Dein Foto und deine Worte auf dem Gutschein.'],
    ]),
    carousels: [
      {
        id: 'auszeit',
        title: 'Auszeit für Mama',
        lead: 'Entspannen, durchatmen, genießen.',
        voucherIds: [
          'v-alpenspa-day-spa',
          'v-alpenspa-kosmetik',
          'v-alpenspa-massage',
          'v-alpenspa-sauna',
          'v-alm-wellnessabend',
          'v-kurs-yoga',
          'v-kurs-pilates',
        ],
      },
      {
        id: 'gemeinsam',
        title: 'Gemeinsam genießen',
        lead: 'Zeit miteinander verbringen.',
        voucherIds: [
          'v-genuss-brunch',
          'v-genuss-menue',
          'v-kurs-toepfern',
          'v-reit-alpaka',
          'v-genuss-genusskorb',
          'v-alpenspa-wert',
        ],
      },
    ],
    searchQuery: {},
  },
  vatertag: {
    slug: 'vatertag',
    title: 'Geschenke für Papa',
    eyebrow: 'Vatertag',
    lead: 'Für Gipfelstürmer, Genießer und Entspannte: Erlebnisse aus Tirol, die Papa garantiert noch nicht hat.',
    theme: { from: '#DCEBF5', to: '#E6F0E0', accent: '#1F3B5A' },
    slides: slides('vatertag', [
      ['Hoch hinaus', 'Klettersteig, Tandemflug und Canyoning.'],
      ['Für Genießer', 'Edelbrand-Verkostung, Genussmenü und Kochkurs.'],
      ['Einfach mal abschalten', 'Massage, Sauna oder ein Kurzurlaub auf der Alm.'],
    ]),
    carousels: [
      {
        id: 'abenteuer',
        title: 'Für Abenteurer',
        lead: 'Adrenalin und Bergluft.',
        voucherIds: [
          'v-berg-klettersteig',
          'v-berg-tandemflug',
          'v-berg-canyoning',
          'v-berg-skitour',
          'v-berg-wert',
          'v-reit-ausritt',
          'v-kurs-fotografie',
          'v-alm-kurzurlaub',
        ],
      },
      {
        id: 'geniesser',
        title: 'Für Genießer',
        lead: 'Gutes Essen, feine Tropfen.',
        voucherIds: [
          'v-genuss-edelbrand',
          'v-genuss-menue',
          'v-genuss-kochkurs',
          'v-genuss-brunch',
          'v-genuss-genusskorb',
          'v-genuss-wert',
          'v-alm-wellnessabend',
        ],
      },
      {
        id: 'entspannen',
        title: 'Zum Entspannen und Dazulernen',
        lead: 'Auszeit oder ein neues Hobby.',
        voucherIds: [
          'v-alpenspa-massage',
          'v-alpenspa-day-spa',
          'v-alpenspa-sauna',
          'v-alpenspa-wert',
          'v-alpenspa-aquafit',
          'v-kurs-toepfern',
          'v-kurs-ukulele',
          'v-kurs-yoga',
          'v-kurs-wert',
          'v-reit-reitstunden',
          'v-alm-wert',
        ],
      },
    ],
    explainer: {
      title: 'So funktioniert’s',
      text: 'In drei Schritten zum Vatertagsgeschenk – in einer Minute erledigt.',
      frames: [
        {
          image: '/campaigns/explainer-1.svg',
          title: '1. Gutschein wählen',
          text: 'Such dir ein Erlebnis aus und lege es in den Warenkorb.',
        },
        {
          image: '/campaigns/explainer-2.svg',
          title: '2. Personalisieren',
          text: 'Motiv, Foto und eine persönliche Nachricht – ganz nach deinem Geschmack.',
        },
        {
          image: '/campaigns/explainer-3.svg',
          title: '3. Verschenken',
          text: 'Per E-Mail, als Link, ausgedruckt oder direkt in Papas Wallet.',
        },
      ],
      videoUrl: null,
      poster: '/campaigns/explainer-1.svg',
    },
    searchQuery: {},
  },
};

export function campaignOf(slug: string): Campaign | undefined {
  return (CAMPAIGN_SLUGS as readonly string[]).includes(slug) ? CAMPAIGNS[slug as CampaignSlug] : undefined;
}
