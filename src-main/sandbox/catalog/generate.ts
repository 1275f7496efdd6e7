/**
 * Deterministic generator of the sandbox's fictional brand catalog (spec §2.2–§2.6).
 *
 * The catalog exists to exercise clients: every nullable field is null on some brands,
 * deprecated fields appear on some, both category spellings occur, and some FIXED brands
 * have limits under which an amount cannot be split. Names are composed from word lists
 * chosen to avoid real trademarks. Same seed → byte-identical catalog.json.
 */
import {
  SPEC_CATEGORIES,
  type AmountRestrictionsWire,
  type BrandWire,
  type CardType,
  type CatalogFile,
  type HowToUseWire,
  type RedemptionType,
  type TncDetailedWire,
  type TncItemWire,
} from './brand-wire.js';

export const GENERATOR_VERSION = 1;
export const BRAND_COUNT = 470;

/** Categories beyond spec §2.6: the spec says the list grows, so clients must accept unknown ones. */
export const EXTRA_CATEGORIES = ['WEDDING_GIFTS', 'PET_CARE', 'BOOKS_AND_STATIONERY'] as const;
const ALL_CATEGORIES: string[] = [...SPEC_CATEGORIES, ...EXTRA_CATEGORIES];

/** Per category: title suffixes ('|'), tags (' '), and a phrase for descriptions. */
type Theme = [suffixes: string, tags: string, phrase: string];
const THEMES: Record<string, Theme> = {
  PHARMACY: ['Pharmacy|Chemists|Wellness|Medicals', 'medicine pharmacy health wellness', 'medicines and everyday health essentials'],
  ENTERTAINMENT: ['Cinemas|Playhouse|Fun Zone|Arcade', 'movies fun events tickets', 'movies, shows and family outings'],
  QUICK_COMMERCE: ['Dash|Express|Quickbasket|Rush', 'delivery quick groceries instant', 'ten-minute deliveries of daily needs'],
  DIWALI_SPECIAL: ['Diyas|Festive Hampers|Mithai House|Lights', 'diwali festive sweets hampers', 'festive hampers, diyas and sweets'],
  OFFLINE_BRANDS: ['Emporium|General Stores|Bazaar|Trading Co.', 'store local shopping bazaar', 'neighbourhood shopping in store'],
  TRAVEL_AND_TRANSPORT: ['Travels|Journeys|Cabs|Holidays', 'travel trips cabs holidays', 'trips, cab rides and holiday bookings'],
  FURNISHING: ['Furnishings|Linen Co.|Drapes|Cushion Works', 'furnishing linen curtains bedding', 'curtains, bed linen and soft furnishings'],
  ACCESSORIES: ['Accessories|Belts & Buckles|Trinkets|Carry Co.', 'accessories belts sunglasses wallets', 'belts, eyewear and small accessories'],
  GROCERY: ['Grocers|Provisions|Kirana|Fresh Mart', 'grocery staples vegetables kirana', 'daily groceries and fresh produce'],
  WATCHES: ['Timepieces|Watch Co.|Horology|Clockworks', 'watches timepieces smartwatch gifts', 'watches for every wrist'],
  EMERGING_BRANDS: ['Collective|Labs|Studio|Makers', 'indie startup d2c handmade', 'small-batch products from young makers'],
  NEW_BRANDS: ['Originals|Co.|Works|Supply', 'new launch trending lifestyle', 'freshly launched lifestyle products'],
  LUXURY: ['Maison|Atelier|Couture|Reserve', 'luxury premium designer couture', 'premium designer collections'],
  ONE_STOP_SHOPS: ['Megastore|Superstore|Hypermarket|Everything Store', 'shopping hypermarket household everything', 'everything for the household under one roof'],
  APPLE: ['Tech Studio|Gadget Corner|Device Lounge|Premium Resellers', 'smartphones laptops tablets gadgets', 'authorised smartphones, laptops and tablets'],
  BEAUTY: ['Beauty|Cosmetics|Glow|Salon', 'beauty makeup skincare salon', 'skincare, makeup and salon services'],
  HOTELS: ['Hotels|Residency|Retreats|Stays', 'hotels stays resorts vacation', 'stays and weekend getaways'],
  MUSIC: ['Music|Records|Instruments|Beats', 'music instruments streaming concerts', 'music, instruments and concerts'],
  SOFTWARE: ['Software|Cloud|Apps|Softworks', 'software apps productivity subscriptions', 'productivity software and app subscriptions'],
  HAND_BAGS: ['Bags|Totes|Clutch Co.|Satchels', 'handbags bags totes clutches', 'handbags, totes and clutches'],
  HOME_DECOR: ['Decor|Home Studio|Interiors|Artefacts', 'decor home interiors art', 'decor and handcrafted artefacts'],
  GAMING: ['Gaming|Play|Games|Esports', 'gaming games consoles esports', 'games, consoles and in-game credits'],
  OTT: ['Stream|TV|Cinema Plus|Screens', 'streaming ott series movies', 'streaming series and films'],
  JEWELLERY: ['Jewellers|Gold & Diamonds|Ornaments|Pearls', 'jewellery gold diamonds silver', 'gold, silver and diamond jewellery'],
  ELECTRONICS: ['Electronics|Digital|Appliances|Gadgets', 'electronics appliances gadgets television', 'electronics and home appliances'],
  BILL_PAYMENTS: ['Pay|Recharge|Bills|Wallet', 'recharge bills utilities mobile', 'mobile recharges and utility bills'],
  FITNESS: ['Fitness|Gym|Yoga Studio|Athletics', 'fitness gym yoga sports', 'gym memberships, yoga and sportswear'],
  FOOD: ['Kitchen|Tiffins|Café|Biryani House|Dhaba', 'food restaurant dining delivery', 'meals, snacks and dining out'],
  FASHION: ['Threads|Looms|Apparel|Lane|Wardrobe', 'fashion clothing ethnic apparel', 'ethnic and western wear'],
  RAKHI_SPECIAL: ['Rakhi Store|Rakhis|Bandhan|Sibling Gifts', 'rakhi rakshabandhan gifts siblings', 'rakhis and gifts for siblings'],
  HOT_DEALS: ['Deals|Outlet|Bargains|Sale Hub', 'deals discounts offers sale', 'discounted deals across categories'],
  KIDS: ['Kids|Toys|Little Ones|Playtime', 'kids toys children baby', 'toys and clothes for children'],
  FOOTWARE: ['Footwear|Shoes|Sandals|Steps', 'footwear shoes sandals sneakers', 'shoes, sandals and sneakers'],
  WEDDING_GIFTS: ['Wedding Gifts|Shaadi Store|Trousseau|Registry', 'wedding shaadi gifts registry', 'wedding gifts and trousseau shopping'],
  PET_CARE: ['Pet Care|Paws|Pet Shop|Tails', 'pets dogs cats petfood', 'pet food, toys and grooming'],
  BOOKS_AND_STATIONERY: ['Books|Stationers|Paper Co.|Readers', 'books stationery reading notebooks', 'books, notebooks and art supplies'],
};

/** First words of titles. Deliberately avoids words that form well-known Indian retail marks. */
const PREFIXES = (
  'Saffron Kavya Tulsi Chandan Amaltas Gulmohar Jamun Kesar Mogra Champa Ketaki Konkan Kaveri Anaya ' +
  'Ishaan Meher Roshni Zaria Tara Vayu Nila Prism Copper Marigold Teal Cobalt Cedar Lantern Jharokha ' +
  'Rangoli Paisley Noor Ambar Baadal Chirag Dhanak Firozi Neem Tamarind Elaichi Kokum Amla Pista Kumkum ' +
  'Sona Chandni Bela Hira Navrang Sargam Tarang Mayur Hansa Koel Bulbul Mehfil Ghungroo Patang Jugnu ' +
  'Sarson Aangan Chaupal Veranda Hibiscus Ekam Ira Kiaan Aarav Sundari Mitti Dhoop Kasturi Pankh'
).split(' ');

/** Fixed titles that guarantee non-ASCII text (and an apostrophe) reach every layer. */
const SHOWCASE: [string, string][] = [
  ['Café Mithaas', 'FOOD'], ['Zoë\'s Toy Attic', 'KIDS'], ['Pâtisserie Gulmohar', 'FOOD'],
  ['Naïve Nomad Travels', 'TRAVEL_AND_TRANSPORT'], ['Crème Kesar Beauty', 'BEAUTY'],
];
const DEVANAGARI_TAGLINE = 'हर मौके के लिए उपहार कार्ड।'; // "A gift card for every occasion."

/** Primary categories whose brands can only be online; OFFLINE_BRANDS implies a store. */
const ONLINE_ONLY = new Set(['QUICK_COMMERCE', 'SOFTWARE', 'OTT', 'BILL_PAYMENTS', 'GAMING']);
/** "Collection" categories that typically ride along with a primary one. */
const COLLECTIONS = ['DIWALI_SPECIAL', 'RAKHI_SPECIAL', 'HOT_DEALS', 'NEW_BRANDS', 'EMERGING_BRANDS', 'OFFLINE_BRANDS', 'LUXURY', 'ONE_STOP_SHOPS'];
const FIXED_VALUES = [50, 100, 250, 500, 1000, 1500, 2000, 2500, 5000, 10000];
const CARD_TYPES: CardType[] = ['CARD_NUMBER_SECURED', 'PIN_NO_SECURED', 'CARD_AND_PIN_NO_SECURED'];

/** mulberry32: small, fast, and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = ReturnType<typeof makeRng>;
function makeRng(seed: number) {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  const chance = (p: number) => next() < p;
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  const sample = <T>(xs: readonly T[], k: number): T[] => shuffle(xs).slice(0, k);
  return { int, pick, chance, shuffle, sample };
}

/** ASCII slug for ids: folds accents ("Café" → "cafe"), drops apostrophes, '&' → "and". */
export function slugify(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
}

function amountRestrictions(r: Rng, fixed: boolean): AmountRestrictionsWire {
  const maxVouchersPerOrder = r.int(1, 10);
  if (fixed) {
    const denominations = r.sample(FIXED_VALUES, r.pick([1, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8])).sort((a, b) => a - b);
    const min = denominations[0] as number;
    const max = denominations[denominations.length - 1] as number;
    // Restrictive limits on a slice of multi-value brands, so some amounts cannot be split.
    const restrictive = denominations.length >= 2 && r.chance(0.12);
    return {
      minOrderAmount: min,
      maxOrderAmount: r.pick([10000, 20000, 25000, 50000, 100000, 200000].filter((v) => v >= max)),
      minVoucherAmount: min,
      maxVoucherAmount: max,
      maxVouchersPerOrder,
      maxVouchersPerDenomination: restrictive ? r.int(1, 2) : r.chance(0.5) ? null : r.int(1, maxVouchersPerOrder),
      maxDenominationsPerOrder: restrictive ? r.int(1, 2) : r.chance(0.5) ? null : r.int(1, denominations.length),
      denominations,
    };
  }
  const minVoucherAmount = r.pick([10, 50, 100, 100, 250, 500]);
  const maxVoucherAmount = r.pick([5000, 10000, 10000, 20000, 25000, 50000]);
  return {
    minOrderAmount: minVoucherAmount,
    maxOrderAmount: r.pick([maxVoucherAmount, 50000, 100000, 200000].filter((v) => v >= maxVoucherAmount)),
    minVoucherAmount,
    maxVoucherAmount,
    maxVouchersPerOrder,
    maxVouchersPerDenomination: r.chance(0.5) ? null : r.int(1, maxVouchersPerOrder),
    maxDenominationsPerOrder: r.chance(0.5) ? null : r.int(1, 5),
    denominations: null,
  };
}

/** How the customer enters the voucher depends on which credentials it carries (§2.2 rule 3). */
function credentialPhrase(cardType: CardType): string {
  if (cardType === 'CARD_NUMBER_SECURED') return 'the voucher card number';
  if (cardType === 'PIN_NO_SECURED') return 'the voucher PIN';
  return 'the voucher card number and PIN';
}

function howToUse(r: Rng, title: string, redemption: RedemptionType, cardType: CardType): HowToUseWire[] {
  const cred = credentialPhrase(cardType);
  const online = [
    `Visit the ${title} website or app and add items to your cart.`,
    'Proceed to checkout and choose "Gift Card" as the payment option.',
    `Enter ${cred} and click Apply.`,
    'Pay any remaining balance with another payment method.',
    'Unused balance stays on the voucher until it expires.',
  ];
  const offline = [
    `Visit your nearest ${title} store.`,
    'Tell the cashier before billing that you will pay with a gift voucher.',
    `Share ${cred} from the voucher SMS or email.`,
    'The bill amount is deducted from the voucher balance.',
    'The voucher cannot be exchanged for cash.',
  ];
  // Keep the first step (where to go) and a contiguous run after it, so the steps read in order.
  const steps = (all: string[]) => all.slice(0, r.int(2, 5));
  const out: HowToUseWire[] = [];
  if (redemption !== 'OFFLINE') out.push({ retailMode: 'ONLINE', retailModeName: r.pick(['Online', 'Website & App']), instructions: steps(online) });
  if (redemption !== 'ONLINE') out.push({ retailMode: 'OFFLINE', retailModeName: r.pick(['In store', 'Offline stores']), instructions: steps(offline) });
  return out;
}

const item = (text: string, subItems: TncItemWire[] | null = null): TncItemWire => ({ text, subItems });

function tncDetailed(r: Rng, expiry: number | null, redemption: RedemptionType): TncDetailedWire {
  const where = redemption === 'ONLINE' ? 'online only' : redemption === 'OFFLINE' ? 'at participating stores only' : 'online and at participating stores';
  const multi = r.chance(0.5)
    ? item('Multiple vouchers can be used in a single transaction.', r.chance(0.5)
      // Two-level nesting on some brands: clients must render subItems recursively.
      ? [item('Limits per bill apply:', [item('Up to 5 vouchers per bill.'), item('Vouchers cannot be combined with other offers.')])]
      : [item('Up to 5 vouchers per bill.')])
    : item('Only one voucher can be used per transaction.');
  const sections: TncDetailedWire['sections'] = [
    {
      title: 'Validity',
      items: [
        item(expiry === null ? 'The validity is printed on the voucher.' : `The voucher is valid for ${expiry} months from the date of issue.`),
        item('Expired vouchers cannot be extended or refunded.'),
      ],
    },
    { title: 'Redemption', items: [item(`The voucher can be redeemed ${where}.`), multi, item('Partial redemption is allowed; the balance can be used later.')] },
    {
      title: 'General',
      items: [item('The voucher cannot be exchanged for cash or credited to a bank account.'), item('Lost or stolen vouchers will not be replaced.')],
    },
  ];
  return { sections: sections.slice(0, r.int(1, 3)) };
}

function shortTerms(r: Rng, expiry: number | null): string[] {
  const pool = [
    expiry === null ? 'Validity as printed on the voucher.' : `Valid for ${expiry} months from the date of issue.`,
    'Cannot be exchanged for cash.',
    'Lost or stolen vouchers will not be replaced.',
    'Cannot be used to buy other gift cards.',
    'Not valid on alcohol or tobacco products.',
  ];
  return pool.slice(0, r.int(2, 5));
}

function description(r: Rng, title: string, phrase: string, devanagari: boolean): string {
  const base = r.pick([
    `${title} gift vouchers for ${phrase}.`,
    `Shop ${phrase} at ${title}, delivered instantly by email and SMS.`,
    `Treat someone to ${phrase} with an e-gift card from ${title}.`,
  ]).replace(/\.\.$/, '.'); // titles like "Linen Co." already end the sentence
  return devanagari ? `${base} ${DEVANAGARI_TAGLINE}` : base;
}

export function generateCatalog(seed = 20261125): CatalogFile {
  const r = makeRng(seed);
  // Primary categories round-robin over every category, so each appears on ≥12 brands.
  const plan: { primary: string; title?: string }[] = SHOWCASE.map(([title, primary]) => ({ primary, title }));
  for (let i = 0; plan.length < BRAND_COUNT; i++) plan.push({ primary: ALL_CATEGORIES[i % ALL_CATEGORIES.length] as string });
  const shuffled = r.shuffle(plan);
  // A handful of brands without amountRestrictions (§2.3 is nullable); a client cannot order them.
  const noRestrictions = new Set(r.sample(Array.from(shuffled, (_, i) => i), 4));

  const titles = new Set<string>(SHOWCASE.map(([t]) => t));
  const brands = shuffled.map(({ primary, title: fixedTitle }, index): BrandWire => {
    const [suffixes, tagWords, phrase] = THEMES[primary] as Theme;
    let title = fixedTitle;
    while (!title) {
      const candidate = `${r.pick(PREFIXES)} ${r.pick(suffixes.split('|'))}`;
      if (!titles.has(candidate)) titles.add((title = candidate));
    }
    const id = `brd_${slugify(title)}_${String(index + 1).padStart(3, '0')}`;

    const categories = [primary];
    for (let n = r.pick([0, 0, 1, 1, 2]); n > 0; n--) {
      const extra = r.chance(0.5) ? r.pick(COLLECTIONS) : r.pick(ALL_CATEGORIES);
      if (!categories.includes(extra) && !(extra === 'OFFLINE_BRANDS' && ONLINE_ONLY.has(primary))) categories.push(extra);
    }
    const redemptionType: RedemptionType = ONLINE_ONLY.has(primary)
      ? 'ONLINE'
      : categories.includes('OFFLINE_BRANDS')
        ? r.pick(['OFFLINE', 'ONLINE_AND_OFFLINE'] as const)
        : r.pick(['ONLINE', 'ONLINE', 'OFFLINE', 'ONLINE_AND_OFFLINE', 'ONLINE_AND_OFFLINE'] as const);
    const cardType = r.pick(CARD_TYPES);
    const restrictions = noRestrictions.has(index) ? null : amountRestrictions(r, r.chance(0.6));
    const expiry = r.pick([3, 6, 12, 12, 12, 24, 24, null]);
    const legacy = r.chance(0.3); // carries the deprecated §9 fields
    const steps = r.chance(0.1) ? null : howToUse(r, title, redemptionType, cardType);
    const thumbnailUrl = `/assets/brands/${id}/thumbnail.svg`;
    // Tags: a few from the primary theme plus one from each secondary category's theme.
    const secondaryTags = categories.slice(1).flatMap((c) => r.sample((THEMES[c] as Theme)[1].split(' '), 1));
    const tags = [...new Set([...r.sample(tagWords.split(' '), r.int(2, 4)), ...secondaryTags])];

    const brand: BrandWire = {
      id,
      status: r.chance(0.05) ? 'INACTIVE' : 'ACTIVE',
      title,
      brandDescription: r.chance(0.1) ? null : description(r, title, phrase, fixedTitle !== undefined || r.chance(0.05)),
      ...(r.chance(0.15) ? { categories } : { category: categories }),
      tags: tags.slice(0, 6),
      // An absent restrictions object says nothing about denominations; FLEXIBLE is the reading that needs none.
      denominationType: restrictions?.denominations ? 'FIXED' : 'FLEXIBLE',
      cardType,
      redemptionType,
      amountRestrictions:
        restrictions && legacy ? { ...restrictions, minAmount: restrictions.minOrderAmount, maxAmount: restrictions.maxOrderAmount } : restrictions,
      thumbnailUrl,
      logoUrl: `/assets/brands/${id}/logo.svg`,
      termsAndConditions: r.chance(0.1) ? null : shortTerms(r, expiry),
      tncDetailed: r.chance(0.15) ? null : tncDetailed(r, expiry, redemptionType),
      howToUseInstructions: steps,
      storeLocatorUrl: redemptionType === 'ONLINE' || r.chance(0.15) ? null : `https://stores.example.in/${id}`,
      canBalanceBeFetched: r.chance(0.6),
      voucherExpiryInMonths: expiry,
      variantDetails: r.chance(0.04) ? ['Silver', 'Gold', 'Platinum'].slice(0, r.int(2, 3)).map((name) => ({ name, sku: `${id}_${name.toLowerCase()}` })) : null,
    };
    if (legacy) {
      brand.iconImageUrl = thumbnailUrl;
      brand.tncUrl = `https://terms.example.in/${id}`;
    }
    // Free-text usage: on legacy brands, and on half the brands that lack structured steps.
    if (legacy || (steps === null && r.chance(0.5))) {
      brand.usageInstructions = steps
        ? steps.map((s) => `${s.retailModeName}: ${s.instructions.join(' ')}`).join('\n')
        : `Share ${credentialPhrase(cardType)} at the time of payment. The voucher cannot be exchanged for cash.`;
    }
    return brand;
  });
  return { generator: { seed, version: GENERATOR_VERSION }, brands };
}
