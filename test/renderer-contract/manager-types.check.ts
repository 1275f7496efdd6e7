/**
 * Compile-time only (tsconfig.node.json type-checks it; nothing runs): every DTO the manager
 * screens declare in src-renderer/manager/manager-types.ts must accept what the bridge really
 * answers. When a handler's output changes shape, this file stops compiling.
 */
import type { MethodOutput } from '../../src-main/bridge/bridge.js';
import type { EventName } from '../../src-main/bridge/contract.js';
import type { CoreEventMap } from '../../src-main/core/core-events.js';
import type {
  AttentionList,
  AuditVerification,
  BrandHits,
  CatalogStatus,
  CsvExport,
  OrderDetail,
  OrderPage,
  OrderSummary,
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
} from '../../src-renderer/manager/manager-types.js';

/** `true` only when every value of From is a To. */
type Assignable<From, To> = [From] extends [To] ? true : false;
type Check<T extends true> = T;

export type ManagerContractChecks = [
  Check<Assignable<MethodOutput<'orders.list'>, OrderPage>>,
  Check<Assignable<MethodOutput<'orders.attention'>, AttentionList>>,
  Check<Assignable<MethodOutput<'orders.detail'>, OrderDetail>>,
  Check<Assignable<MethodOutput<'orders.exportCsv'>, CsvExport>>,
  Check<Assignable<MethodOutput<'orders.summary'>, OrderSummary>>,
  Check<Assignable<MethodOutput<'delivery.resend'>, ResendOk>>,
  Check<Assignable<MethodOutput<'sale.checkNow'>, SaleView>>,
  Check<Assignable<MethodOutput<'sale.place'>, SaleView>>,
  Check<Assignable<MethodOutput<'voucher.reveal'>, RevealedVoucher>>,
  Check<Assignable<MethodOutput<'voucher.balance'>, VoucherBalance>>,
  Check<Assignable<MethodOutput<'catalog.status'>, CatalogStatus>>,
  Check<Assignable<MethodOutput<'catalog.search'>, BrandHits>>,
  Check<Assignable<MethodOutput<'catalog.syncNow'>, SyncSummary>>,
  Check<Assignable<MethodOutput<'wallet.view'>, WalletView>>,
  Check<Assignable<MethodOutput<'wallet.refresh'>, WalletView>>,
  Check<Assignable<MethodOutput<'settings.get'>, SettingsView>>,
  Check<Assignable<MethodOutput<'settings.update'>, SettingsSaved>>,
  Check<Assignable<MethodOutput<'settings.setCredentials'>, { saved: boolean }>>,
  Check<Assignable<MethodOutput<'settings.switchEnvironment'>, { environment: string }>>,
  Check<Assignable<MethodOutput<'settings.setWebhookSecret'>, { saved: boolean }>>,
  Check<Assignable<MethodOutput<'selfCheck.run'>, SelfCheckResult>>,
  Check<Assignable<MethodOutput<'audit.verify'>, AuditVerification>>,
  Check<Assignable<MethodOutput<'webhook.apply'>, WebhookApplied>>,
  Check<Assignable<MethodOutput<'training.scenarios'>, TrainingScenarios>>,
  Check<Assignable<MethodOutput<'training.run'>, { ran: string }>>,
  Check<Assignable<MethodOutput<'staff.list'>, StaffListDto>>,
  Check<Assignable<MethodOutput<'staff.create'>, StaffMemberDto>>,
  Check<Assignable<MethodOutput<'staff.disable'>, { id: string; disabled: boolean }>>,
  Check<Assignable<MethodOutput<'staff.session'>, StaffSessionDto>>,
  Check<Assignable<CoreEventMap['catalog.progress'], SyncProgress>>,
  Check<Assignable<CoreEventMap['wallet.updated'], WalletView>>,
  Check<Assignable<'catalog.progress' | 'catalog.synced' | 'wallet.updated' | 'sale.updated' | 'environment.changed', EventName>>,
];
