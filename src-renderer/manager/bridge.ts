import { posClient, type BridgeError, type BridgeResult } from '../bridge/pos-client';
import type {
  AttentionList,
  AuditVerification,
  BrandHits,
  CatalogStatus,
  CsvExport,
  OrderDetail,
  OrderPage,
  OrderSummary,
  PrinterInfo,
  ResendOk,
  RevealedVoucher,
  SaleView,
  SelfCheckResult,
  SettingsSaved,
  SettingsView,
  StaffListDto,
  StaffMemberDto,
  StaffSessionDto,
  SyncProgress,
  SyncSummary,
  TrainingScenarios,
  VoucherBalance,
  WalletView,
  WebhookApplied,
} from './manager-types';

export type { BridgeError, BridgeResult };

/** What each method the manager screens call answers with (checked against main in test/renderer-contract). */
export interface ManagerOutputs {
  'orders.list': OrderPage;
  'orders.attention': AttentionList;
  'orders.detail': OrderDetail;
  'orders.exportCsv': CsvExport;
  'orders.summary': OrderSummary;
  'delivery.resend': ResendOk;
  'sale.checkNow': SaleView;
  'voucher.reveal': RevealedVoucher;
  'voucher.balance': VoucherBalance;
  'catalog.status': CatalogStatus;
  'catalog.syncNow': SyncSummary;
  'catalog.search': BrandHits;
  'wallet.view': WalletView;
  'wallet.refresh': WalletView;
  'settings.get': SettingsView;
  'settings.update': SettingsSaved;
  'settings.setCredentials': { saved: boolean };
  'settings.switchEnvironment': { environment: string };
  'settings.setWebhookSecret': { saved: boolean };
  'selfCheck.run': SelfCheckResult;
  'audit.verify': AuditVerification;
  'webhook.apply': WebhookApplied;
  'training.scenarios': TrainingScenarios;
  'training.run': { ran: string };
  'staff.list': StaffListDto;
  'staff.create': StaffMemberDto;
  'staff.disable': { id: string; disabled: boolean };
  'staff.session': StaffSessionDto;
  /** Not in the bridge contract of every host: the browser host answers NOT_IN_BROWSER. */
  'printer.list': { printers: PrinterInfo[] } | PrinterInfo[];
}

export interface ManagerEvents {
  'catalog.progress': SyncProgress;
  'catalog.synced': { ok: boolean; brands: number | null; message: string | null };
  'wallet.updated': WalletView;
  'sale.updated': { saleId: string; state: string };
  'environment.changed': { environment: string };
}

export function call<M extends keyof ManagerOutputs>(method: M, payload?: unknown): Promise<BridgeResult<ManagerOutputs[M]>> {
  return posClient().call<ManagerOutputs[M]>(method, payload ?? {});
}

export function on<E extends keyof ManagerEvents>(event: E, listener: (payload: ManagerEvents[E]) => void): () => void {
  return posClient().on(event, (payload) => listener(payload as ManagerEvents[E]));
}

/** A field's message from an error's `fields`, matched by exact path or by its last part. */
export function fieldError(error: BridgeError | null | undefined, field: string): string | undefined {
  const fields = error?.fields ?? [];
  return (fields.find((f) => f.field === field) ?? fields.find((f) => f.field.split('.').pop() === field))?.message;
}
