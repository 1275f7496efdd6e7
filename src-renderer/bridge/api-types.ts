/**
 * What the renderer reads from main, written out here because the renderer may not import
 * src-main (lint-enforced). Each type is the subset of a handler's output that screens use;
 * test/renderer-contract/api-types.check.ts fails to compile when main's output stops being
 * assignable to these, so the two cannot drift apart silently. Money is integer paise.
 */

export type Role = 'cashier' | 'manager';
export type Environment = 'training' | 'staging' | 'production';

export interface StoreInfo {
  name: string;
  counter: string;
  counterCode: string;
  address: string;
}

export interface AppInfo {
  name: string;
  version: string;
  environment: Environment;
  training: boolean;
  store: StoreInfo;
}

export interface StaffMember {
  id: string;
  name: string;
  role: Role;
}

export interface StaffList {
  staff: StaffMember[];
  needsSetup: boolean;
}

/** Main answers `signedIn` as a boolean with the staff fields present only when it is true. */
export interface SessionView {
  signedIn: boolean;
  id?: string;
  name?: string;
  role?: Role;
}

export interface AmountRestrictions {
  minOrderAmount: number;
  maxOrderAmount: number;
  minVoucherAmount: number;
  maxVoucherAmount: number;
  maxVouchersPerOrder: number;
  maxVouchersPerDenomination: number | null;
  maxDenominationsPerOrder: number | null;
  /** Rupees, as the service lists them. */
  denominations: number[] | null;
}

export interface HowToUse {
  retailMode: string;
  retailModeName: string;
  instructions: string[];
}

export interface Brand {
  id: string;
  status: string;
  title: string;
  description: string | null;
  categories: string[];
  denominationType: string;
  cardType: string;
  redemptionType: string;
  amountRestrictions: AmountRestrictions | null;
  thumbnailUrl: string | null;
  logoUrl: string | null;
  termsAndConditions: string[];
  howToUse: HowToUse[];
  usageInstructionsText: string | null;
  storeLocatorUrl: string | null;
  voucherExpiryInMonths: number | null;
}

export interface CatalogBrand {
  brand: Brand;
  removed: boolean;
}

export interface CatalogSearchResult {
  brands: CatalogBrand[];
}

export interface CategoryCount {
  category: string;
  brands: number;
  active: number;
}

export interface CategoryList {
  categories: CategoryCount[];
}

export interface SaleLine {
  denominationPaise: number;
  quantity: number;
}

export interface Quote {
  lines: SaleLine[];
  totalPaise: number;
  voucherCount: number;
  debitPaise: number;
  brandTitle: string;
  floatWarning: string | null;
}

export type SaleState = 'INTENT' | 'IN_DOUBT' | 'PROCESSING' | 'SUCCESS' | 'FAILED' | 'REJECTED' | 'NEEDS_SUPPORT' | 'CANCELLED' | 'REVERSED';

export interface MaskedVoucher {
  seq: number;
  voucherId: string | null;
  cardType: string;
  /** `•••• •••• •••• 1234`, or null when the card type has no number. */
  cardNumberMasked: string | null;
  hasPin: boolean;
  validTill: string | null;
  amountPaise: number;
}

export interface SaleView {
  id: string;
  referenceId: string;
  orderId: string | null;
  state: SaleState;
  productId: string;
  brandTitle: string;
  amountPaise: number;
  discountPaise: number;
  errorCode: string | null;
  failureReason: string | null;
  supportReason: string | null;
  /** The cashier's sentence and action for a FAILED or REJECTED sale (main's error table). */
  failure: { message: string; action: string } | null;
  createdAt: number;
  updatedAt: number;
  nextCheckAt: number | null;
  printCount: number;
  retryOf: string | null;
  vouchers: MaskedVoucher[];
}

export interface PendingSales {
  sales: SaleView[];
}

export interface ReceiptVoucher extends MaskedVoucher {
  cardNumber: string | null;
  cardPin: string | null;
}

export interface ReceiptData {
  saleId: string;
  orderId: string | null;
  referenceId: string;
  brandTitle: string;
  redemptionType: string;
  howToUse: HowToUse[];
  usageInstructionsText: string | null;
  keyTerms: string[];
  storeLocatorUrl: string | null;
  amountPaise: number;
  issuedAt: number;
  /** 1 for the original; DUPLICATE #n from 2. */
  copy: number;
  vouchers: ReceiptVoucher[];
  training: boolean;
  store: StoreInfo;
  cashierName: string;
  receiptOptions: { header: string; footer: string; paperWidth: '58mm' | '80mm' | 'A4'; showStoreLocatorQr: boolean };
}

export interface WalletView {
  balancePaise: number | null;
  readAt: number | null;
  thresholdPaise: number;
  inFlightPaise: number;
  estimatedPaise: number | null;
  low: boolean;
  lowBalanceAlert: { balancePaise: number; thresholdPaise: number | null; at: number } | null;
}

export interface SettingsView {
  settings: { businessModel: 'B2B' | 'B2C'; store: StoreInfo };
  environment: string;
}

/** Outputs of the methods this part of the renderer calls, by method name. */
export interface ApiOutputs {
  'app.info': AppInfo;
  'staff.list': StaffList;
  'staff.setupFirstManager': StaffMember;
  'staff.signIn': StaffMember;
  'staff.signOut': { signedIn: boolean };
  'staff.session': SessionView;
  'catalog.search': CatalogSearchResult;
  'catalog.categories': CategoryList;
  'catalog.brand': CatalogBrand;
  'sale.quote': Quote;
  'sale.place': SaleView;
  'sale.get': SaleView;
  'sale.pending': PendingSales;
  'sale.retry': SaleView;
  'receipt.print': ReceiptData;
  'wallet.view': WalletView;
  'wallet.refresh': WalletView;
  'settings.get': SettingsView;
}

/** Payloads of the events main pushes. */
export interface ApiEvents {
  'sale.updated': { saleId: string; state: SaleState };
  'wallet.updated': WalletView;
  'session.changed': { signedIn: boolean; role: Role | null; reason: string | null };
  'environment.changed': { environment: string };
  'catalog.synced': { ok: boolean; brands: number | null; message: string | null };
}
