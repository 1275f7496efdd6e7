/**
 * The bridge contract, declared once: every method the renderer may call (who may call it,
 * the schema of its input, the type of its answer) and every event main pushes. Main
 * validates each call against it (bridge/bridge.ts, shell/ipc.ts); the preload exposes
 * exactly these names (names.ts, checked below); the renderer imports its types only, so a
 * changed answer is a type error in the page.
 */
import { appMethods } from './app.js';
import { catalogMethods } from './catalog.js';
import type { InputOf, OutputOf, ParsedInputOf } from './define.js';
import type { EventMap, EventName } from './events.js';
import type { EVENT_NAMES, METHOD_NAMES, SHELL_METHOD_NAMES } from './names.js';
import { ordersMethods } from './orders.js';
import { reportMethods } from './report.js';
import { saleMethods } from './sale.js';
import { settingsMethods } from './settings.js';
import { shiftMethods } from './shift.js';
import { shellMethods, type ShellMethodName } from './shell.js';
import { staffMethods } from './staff.js';
import { storeMethods } from './store.js';
import { trainingMethods } from './training.js';
import { walletMethods } from './wallet.js';
import { webhooksMethods } from './webhooks.js';

/** Methods the core's bridge answers, in every host. */
export const CORE_METHODS = {
  ...appMethods,
  ...staffMethods,
  ...catalogMethods,
  ...saleMethods,
  ...shiftMethods,
  ...reportMethods,
  ...ordersMethods,
  ...walletMethods,
  ...settingsMethods,
  ...trainingMethods,
  ...webhooksMethods,
  ...storeMethods,
};

/** Every method the renderer may call: the core's and the Electron shell's. */
export const METHODS = { ...CORE_METHODS, ...shellMethods };

export type Methods = typeof METHODS;
export type MethodName = keyof Methods;
export type CoreMethodName = keyof typeof CORE_METHODS;
/** What the renderer sends (defaults not yet applied). */
export type Input<M extends MethodName> = InputOf<Methods[M]>;
/** What a handler receives: the input after the schema parsed it. */
export type ParsedInput<M extends MethodName> = ParsedInputOf<Methods[M]>;
export type Output<M extends MethodName> = OutputOf<Methods[M]>;

/** The core's handler map: building it `satisfies` this, so a handler cannot answer other than its contract says. */
export type CoreHandlers = { [M in CoreMethodName]: (input: ParsedInput<M>) => Output<M> | Promise<Output<M>> };

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The preload's zod-free name lists must hold exactly the contract's names.
const methodNamesMatch: Same<(typeof METHOD_NAMES)[number], MethodName> = true;
const eventNamesMatch: Same<(typeof EVENT_NAMES)[number], EventName> = true;
const shellNamesMatch: Same<(typeof SHELL_METHOD_NAMES)[number], ShellMethodName> = true;
void [methodNamesMatch, eventNamesMatch, shellNamesMatch];

export type { ShellMethodName, EventMap, EventName };
export type { BridgeError, BridgeResult } from './result.js';
export { SHELL_METHOD_NAMES } from './names.js';
export { OUTCOME_UNKNOWN_CODES, TRANSPORT_OUTCOME_UNKNOWN_CODES, BRIDGE_OUTCOME_UNKNOWN_CODES } from './outcome-codes.js';
export type { OutcomeUnknownCode, TransportOutcomeUnknownCode } from './outcome-codes.js';
export type { Access } from './define.js';
export type { Permission } from './permissions.js';
export type { AppInfo, CheckLine, KeyProtection } from './app.js';
export type { StaffMemberView, StaffAdminView, SessionView, StaffRole, PermissionCatalog } from './staff.js';
export type { CatalogStatus } from './catalog.js';
export type { DrawerChanged, SaleRequest, TenderInput, QuoteView, SaleLineView, MaskedVoucher, RevealedVoucher, SaleView, PaymentView, RefundView, ReceiptData, ReceiptView } from './sale.js';
export type { ShiftView, ShiftReport, CashMovementView, CashMovementKind, MovementIdInUse, MovementInClosedShift, TenderTotal, CashierTotal, DrawerCount } from './shift.js';
export type { EndOfDayReport, Discrepancy, DiscrepancyKind } from './report.js';
export type { Tender, TenderMethod, PaymentState } from '../till/tender.js';
export type { ExportTooLarge, SaleListFilter, SaleListItem, SaleCursor, SalePage, AttentionList, SalesSummary, OrderDetail } from './orders.js';
export type { WalletView, StatementLine, StatementKind } from './wallet.js';
export type { UnrecognisedWebhook, ReprocessResult } from './webhooks.js';
export type { SettingsView, AuditVerification } from './settings.js';
export type { TrainingScenarioId } from './training.js';
export type { StoreStatus, StoreCounterView, StoreLinkView } from './store.js';
export type { PrinterInfo, PrintOutcome } from './shell.js';
export type { CatalogBrand, CategoryCount, CatalogCounts, SyncProgress, SyncSummary, UnavailableBrand } from '../catalog/catalog-types.js';
export type { SaleState } from '../orders/journal/sale-state.js';
export type { SaleAttempt } from '../orders/journal/sale-record.js';
export type { PartnerBrand, HowToUse, AmountRestrictions, DeliveryChannel } from '../partner-api/types.js';
export type { Settings, Environment } from '../settings/settings-schema.js';
