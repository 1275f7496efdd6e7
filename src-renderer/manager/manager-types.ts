// The sale shapes the cashier's side already declares are shared, not written twice.
import type { MaskedVoucher, SaleState, SaleView, WalletView } from '../bridge/api-types';
export type { MaskedVoucher, SaleState, SaleView, WalletView };

/**
 * What the manager screens receive from main, written out for the renderer (it may not import
 * src-main). test/renderer-contract/manager-types.check.ts keeps each shape assignable from the
 * bridge's real `MethodOutput<'…'>`, so a change in main breaks the type-check, not the screen.
 */

export const SALE_STATES: readonly SaleState[] = ['SUCCESS', 'PROCESSING', 'IN_DOUBT', 'NEEDS_SUPPORT', 'FAILED', 'REJECTED', 'CANCELLED', 'REVERSED', 'INTENT'];

export interface OrderListItem {
  id: string;
  referenceId: string;
  orderId: string | null;
  state: SaleState;
  productId: string;
  brandTitle: string;
  amountPaise: number;
  customerPhone: string | null;
  createdAt: number;
  errorCode: string | null;
  failureReason: string | null;
  supportReason: string | null;
  printCount: number;
}

export interface OrderCursor {
  createdAt: number;
  id: string;
}

export interface OrderPage {
  items: OrderListItem[];
  next: OrderCursor | null;
}

export interface AttentionList {
  items: OrderListItem[];
}

export interface OrderFilter {
  from?: number;
  to?: number;
  states?: SaleState[];
  productId?: string;
  reference?: string;
  phone?: string;
}

export interface SaleAttempt {
  saleId: string;
  seq: number;
  kind: string;
  requestId: string;
  startedAt: number;
  finishedAt: number | null;
  outcome: string | null;
}

export interface OrderDetail extends SaleView {
  customer: { name?: string; phoneNumber?: string; email?: string } | null;
  delivery: { recipientName?: string; recipientType: string; recipientPhoneNumber: string; recipientEmail?: string } | null;
  canBalanceBeFetched: boolean;
  attempts: SaleAttempt[];
}

export interface RevealedVoucher {
  seq: number;
  cardNumber: string | null;
  cardPin: string | null;
}

export interface VoucherBalance {
  balancePaise: number | null;
  readAt: number;
}

export type DeliveryChannel = 'EMAIL' | 'SMS' | 'WHATSAPP';

export interface ResendOk {
  message: string;
}

export interface CsvExport {
  csv: string;
}

export interface OrderSummary {
  byState: { state: SaleState; count: number; amountPaise: number }[];
  byBrand: { productId: string; brandTitle: string; count: number; amountPaise: number }[];
  byHour: { hour: number; count: number; amountPaise: number }[];
}

export interface CatalogStatus {
  lastFullSyncAt: number | null;
  counts: { listed: number; active: number; removed: number };
  stale: boolean;
}

export interface SyncProgress {
  pagesFetched: number;
  brandsFetched: number;
  skipped: number;
}

export interface SyncSummary {
  brands: number;
  removed: number;
  skipped: number;
}

export type EnvironmentName = 'training' | 'staging' | 'production';

export interface StoreSettings {
  name: string;
  counter: string;
  counterCode: string;
  address: string;
}

export interface ReceiptSettings {
  header: string;
  footer: string;
  paperWidth: '58mm' | '80mm' | 'A4';
  showStoreLocatorQr: boolean;
}

export interface SettingsDto {
  environment: EnvironmentName;
  businessModel: 'B2B' | 'B2C';
  store: StoreSettings;
  receipt: ReceiptSettings;
  printer: { deviceName: string | null; silent: boolean };
  wallet: { lowBalanceThreshold: number };
  staging: { baseUrl: string | null; clientId: string | null };
  production: { baseUrl: string | null; clientId: string | null };
  webhook: { enabled: boolean; host: '127.0.0.1' | '0.0.0.0'; port: number };
  staff: { lockAfterIdleMinutes: number };
}

export interface SettingsView {
  settings: SettingsDto;
  environment: EnvironmentName;
  hasClientSecret: boolean;
}

export interface SettingsSaved {
  settings: SettingsDto;
}

export interface SelfCheckResult {
  lines: { name: string; ok: boolean; detail: string; action?: string }[];
}

export type AuditVerification = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number; reason: string };

export interface WebhookApplied {
  listening: string | null;
  message: string | null;
}

export interface TrainingScenarios {
  available: boolean;
  scenarios: { id: string; title: string }[];
}

export type TrainingScenarioId = 'slow-answer' | 'connection-drop' | 'service-error' | 'low-wallet' | 'skip-15-minutes';

export interface StaffMemberDto {
  id: string;
  name: string;
  role: 'cashier' | 'manager';
}

export interface StaffListDto {
  staff: StaffMemberDto[];
  needsSetup: boolean;
}

export interface StaffSessionDto {
  signedIn: boolean;
  id?: string;
  name?: string;
  role?: 'cashier' | 'manager';
}

export interface PrinterInfo {
  name: string;
  displayName?: string;
  isDefault?: boolean;
}

/** catalog.search, as far as the brand filter needs it. */
export interface BrandHits {
  brands: { brand: { id: string; title: string; status: string } }[];
}
