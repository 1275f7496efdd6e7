/**
 * The catalog's category ids (spec §2.6) as people say them. The service sends enums, some of
 * them misspelt (FOOTWARE); the table gives each a proper name, and an id the catalog adds
 * later still reads as words (PET_CARE → "Pet Care") until it gets a line here.
 */
export const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  ACCESSORIES: 'Accessories',
  APPLE: 'Apple',
  BEAUTY: 'Beauty & Personal Care',
  BILL_PAYMENTS: 'Bill Payments',
  BOOKS_AND_STATIONERY: 'Books & Stationery',
  DIWALI_SPECIAL: 'Diwali Specials',
  ELECTRONICS: 'Electronics',
  EMERGING_BRANDS: 'Emerging Brands',
  ENTERTAINMENT: 'Entertainment',
  FASHION: 'Fashion',
  FITNESS: 'Health & Fitness',
  FOOD: 'Food & Beverages',
  FOOTWARE: 'Footwear',
  FOOTWEAR: 'Footwear',
  FURNISHING: 'Home Furnishing',
  GAMING: 'Gaming',
  GROCERY: 'Grocery',
  HAND_BAGS: 'Handbags',
  HOME_DECOR: 'Home Décor',
  HOT_DEALS: 'Hot Deals',
  HOTELS: 'Hotels',
  JEWELLERY: 'Jewellery',
  KIDS: 'Kids',
  LUXURY: 'Luxury',
  MUSIC: 'Music',
  NEW_BRANDS: 'New Brands',
  OFFLINE_BRANDS: 'In-store Brands',
  ONE_STOP_SHOPS: 'One-stop Shops',
  OTT: 'OTT & Streaming',
  PET_CARE: 'Pet Care',
  PHARMACY: 'Pharmacy',
  QUICK_COMMERCE: 'Quick Commerce',
  RAKHI_SPECIAL: 'Rakhi Specials',
  SOFTWARE: 'Software',
  TRAVEL_AND_TRANSPORT: 'Travel & Transport',
  WATCHES: 'Watches',
  WEDDING_GIFTS: 'Wedding Gifts',
};

/** "FOOD" → "Food & Beverages"; an id not in the table → its words, title case ("SOME_NEW_ID" → "Some New Id"). */
export function categoryName(id: string): string {
  const key = id.trim().toUpperCase();
  return CATEGORY_NAMES[key] ?? readableId(key);
}

function readableId(id: string): string {
  const words = id.toLowerCase().split(/[_\s-]+/).filter(Boolean);
  return words.length > 0 ? words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') : id;
}
