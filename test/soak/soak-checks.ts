import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import Database from 'better-sqlite3';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { checkTill, type TillChecks } from './soak-till-checks.js';

/** Every invariant the soak promises, as lists of offending ids (empty = holds) and figures. */
export interface SoakChecks {
  journalSales: number;
  serviceOrders: number;
  byState: Record<string, number>;
  /** A service order the journal does not know about, or knows as refused: money moved unseen. */
  lost: string[];
  /** One ring-up that became two sales, or two service orders that both succeeded. */
  duplicated: string[];
  /** Journal and service disagree on the order id, the outcome or the vouchers. */
  mismatched: string[];
  /** INTENT / IN_DOUBT / PROCESSING after every deadline, or NEEDS_SUPPORT without a reason. */
  unsettled: string[];
  needsSupport: { count: number; serviceStatus: Record<string, number> };
  referenceReusedAfter4xx: string[];
  printedTwiceWithoutDuplicate: string[];
  wallet: {
    startPaise: number;
    endPaise: number;
    movedPaise: number;
    serviceSuccessPaise: number;
    journalSuccessPaise: number;
    /** NEEDS_SUPPORT sales the service completed after the give-up point: a person settles them. */
    needsSupportCompletedPaise: number;
    appReadingPaise: number;
    problems: string[];
  };
  /** The customer's money: drawers, payments, refunds (soak-till-checks.ts). */
  till: TillChecks;
  /**
   * Drawer openings, pay-ins/outs and refunds with no line in the audit log: an invariant — the
   * till writes their audit line before its own commit, so a kill between the two leaves a line
   * with no record (and a "not recorded" line when it can), never a record without a line.
   */
  drawerEventsNotAudited: string[];
  /**
   * Closes with no audit line. Reported, not an invariant: a close is audited after its commit
   * (the line carries the figures the commit worked out), so a kill between the two can leave one.
   */
  closesNotAudited: string[];
  secrets: { filesScanned: number; bytesScanned: number; answersScanned: number; pinsKnown: number; cardNumbersKnown: number; tokensKnown: number; leaks: string[] };
  /** Bridge answer lines a kill cut short (answerLines): their answers are not read. Reported. */
  answersCutByKills: number;
}

interface SaleRow {
  id: string;
  reference_id: string;
  state: string;
  order_id: string | null;
  amount_paise: number;
  discount_paise: number;
  support_reason: string | null;
  retry_of: string | null;
  created_at: number;
  print_count: number;
}

export interface SoakEvidence {
  sandbox: Sandbox;
  dataDir: string;
  files: { answers: string; log: string };
  tokens: string[];
  /** Every placement the service processed, with its X-REQUEST-ID, whether or not its answer got through. */
  placements: { referenceId: string; requestId: string | null; outcome: 'created' | number }[];
  startBalancePaise: number;
  appWalletPaise: number;
}

const TERMINAL = new Set(['SUCCESS', 'FAILED', 'REJECTED']);
const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);

export function checkSoak(e: SoakEvidence): SoakChecks {
  const journal = new Database(join(e.dataDir, 'training.db'), { readonly: true });
  const app = new Database(join(e.dataDir, 'app.db'), { readonly: true });
  try {
    const sales = journal.prepare('SELECT id, reference_id, state, order_id, amount_paise, discount_paise, support_reason, retry_of, created_at, print_count FROM sales').all() as SaleRow[];
    const voucherCounts = new Map((journal.prepare('SELECT sale_id AS id, COUNT(*) AS n FROM vouchers GROUP BY sale_id').all() as { id: string; n: number }[]).map((r) => [r.id, r.n]));
    const prints = app.prepare("SELECT sale_id AS saleId, action FROM audit_log WHERE action IN ('receipt.printed', 'receipt.reprinted')").all() as { saleId: string; action: string }[];
    const cut = { lines: 0 };
    const till = checkTill(journal, answerLines(e.files.answers, cut));
    return {
      ...compareWithService(e, sales, voucherCounts),
      referenceReusedAfter4xx: reusedAfter4xx(sales, journal, e.placements),
      printedTwiceWithoutDuplicate: doublePrints(answerLines(e.files.answers, { lines: 0 }), prints),
      wallet: walletMovement(e, sales),
      till,
      drawerEventsNotAudited: unaudited(journal, app).filter((x) => !x.startsWith('shift.closed ')),
      closesNotAudited: unaudited(journal, app).filter((x) => x.startsWith('shift.closed ')),
      secrets: sweepSecrets(e),
      answersCutByKills: cut.lines,
    };
  } finally {
    journal.close();
    app.close();
  }
}

function compareWithService(e: SoakEvidence, sales: SaleRow[], voucherCounts: Map<string, number>) {
  const orders = [...e.sandbox.state.orders.orders.values()];
  const byRef = new Map(sales.map((s) => [s.reference_id, s]));
  const orderByRef = new Map(orders.map((o) => [o.referenceId, o]));
  const lost: string[] = [];
  const mismatched: string[] = [];
  const unsettled: string[] = [];
  const byState: Record<string, number> = {};
  const serviceStatus: Record<string, number> = {};

  for (const o of orders) {
    const sale = byRef.get(o.referenceId);
    if (!sale) lost.push(`service order ${o.id} (${o.referenceId}, ${o.status}) has no journal sale`);
    else if (sale.state === 'REJECTED') lost.push(`sale ${sale.id} is REJECTED but the service holds ${o.id} (${o.status})`);
  }
  for (const s of sales) {
    bump(byState, s.state);
    const o = orderByRef.get(s.reference_id);
    if (s.state === 'NEEDS_SUPPORT') {
      bump(serviceStatus, o?.status ?? 'none');
      if (!s.support_reason) unsettled.push(`${s.id} NEEDS_SUPPORT without a reason`);
    } else if (!TERMINAL.has(s.state)) unsettled.push(`${s.id} left ${s.state}`);
    if (!o) {
      if (s.state === 'SUCCESS' || s.state === 'FAILED' || s.state === 'NEEDS_SUPPORT') mismatched.push(`${s.id} is ${s.state} but the service has no order for ${s.reference_id}`);
      continue;
    }
    if (s.order_id !== o.id) mismatched.push(`${s.id}: journal order id ${s.order_id}, service ${o.id}`);
    if ((s.state === 'SUCCESS' || s.state === 'FAILED') && o.status !== s.state) mismatched.push(`${s.id}: journal ${s.state}, service ${o.status}`);
    if (s.state === 'SUCCESS' && (voucherCounts.get(s.id) ?? 0) !== o.voucherIds.length) {
      mismatched.push(`${s.id}: ${voucherCounts.get(s.id) ?? 0} vouchers stored, service issued ${o.voucherIds.length}`);
    }
  }

  // One ring-up = one moment on the counter's clock (the soak advances it before every sale).
  const duplicated: string[] = [];
  const byMoment = new Map<number, SaleRow[]>();
  for (const s of sales) byMoment.set(s.created_at, [...(byMoment.get(s.created_at) ?? []), s]);
  for (const [at, group] of byMoment) {
    const firsts = group.filter((s) => s.retry_of === null);
    if (firsts.length > 1) duplicated.push(`${firsts.length} sales rung up for one sale at ${new Date(at).toISOString()}: ${firsts.map((s) => s.id).join(', ')}`);
    const succeeded = group.filter((s) => orderByRef.get(s.reference_id)?.status === 'SUCCESS');
    if (succeeded.length > 1) duplicated.push(`one sale succeeded ${succeeded.length} times at the service: ${succeeded.map((s) => s.reference_id).join(', ')}`);
  }
  return {
    journalSales: sales.length,
    serviceOrders: orders.length,
    byState,
    lost,
    duplicated,
    mismatched,
    unsettled,
    needsSupport: { count: byState.NEEDS_SUPPORT ?? 0, serviceStatus },
  };
}

/**
 * A referenceId refused with a 4xx *that reached the counter* is consumed for us: no later send
 * may carry it. (A refusal whose answer was lost — connection reset, answer held past the
 * timeout — is unknown to the client, which rightly asks by reference and resends on 404; a 401
 * means nothing was done, and the client resends after logging in again.) Every send the
 * service saw must also be one the journal recorded before it left.
 */
function reusedAfter4xx(sales: SaleRow[], journal: Database.Database, placements: SoakEvidence['placements']): string[] {
  const problems: string[] = [];
  const attemptsOf = journal.prepare('SELECT seq, kind, request_id AS requestId, outcome FROM sale_attempts WHERE sale_id = ? ORDER BY seq');
  const saleByRef = new Map(sales.map((s) => [s.reference_id, s]));
  const recorded = new Map<string, Set<string>>();
  for (const s of sales) {
    const attempts = attemptsOf.all(s.id) as { seq: number; kind: string; requestId: string; outcome: string | null }[];
    recorded.set(s.reference_id, new Set(attempts.filter((a) => a.kind === 'place').map((a) => a.requestId)));
    const refusal = attempts.find((a) => a.kind === 'place' && a.outcome?.startsWith('rejected') && !a.outcome.startsWith('rejected HTTP_401'));
    if (refusal && attempts.some((a) => a.kind === 'place' && a.seq > refusal.seq)) {
      // The whole trail says which path resent it (a refused first send, or a refused resend and its look-up).
      const trail = attempts.map((a) => `${a.kind} ${a.outcome ?? '(no answer)'}`).join(' → ');
      problems.push(`${s.reference_id}: sent again after "${refusal.outcome}" (${trail})`);
    }
  }
  for (const p of placements) {
    if (!saleByRef.has(p.referenceId)) continue; // reported as lost by the service comparison
    if (!p.requestId || !recorded.get(p.referenceId)!.has(p.requestId)) problems.push(`${p.referenceId}: a send (${p.requestId}) the journal never recorded`);
  }
  return problems;
}

/** The first copy is the only one without DUPLICATE: per sale at most one copy 1, and later copies are approved reprints. */
function doublePrints(answers: Iterable<string>, audit: { saleId: string; action: string }[]): string[] {
  const problems: string[] = [];
  const firstCopies = new Map<string, number>();
  for (const line of answers) {
    if (!line.startsWith('{"method":"receipt.print"')) continue;
    const { payload, result } = JSON.parse(line) as { payload: { saleId: string; managerPin?: string }; result: { ok: boolean; data?: { copy: number } } };
    if (!result.ok) continue;
    if (result.data!.copy === 1) firstCopies.set(payload.saleId, (firstCopies.get(payload.saleId) ?? 0) + 1);
    else if (!payload.managerPin) problems.push(`${payload.saleId}: copy ${result.data!.copy} printed without a manager`);
  }
  for (const [saleId, n] of firstCopies) if (n > 1) problems.push(`${saleId}: ${n} copies printed as the original`);
  const audited = new Map<string, number>();
  for (const p of audit) if (p.action === 'receipt.printed') audited.set(p.saleId, (audited.get(p.saleId) ?? 0) + 1);
  for (const [saleId, n] of audited) if (n > 1) problems.push(`${saleId}: audit shows ${n} original prints`);
  return problems;
}

function walletMovement(e: SoakEvidence, sales: SaleRow[]): SoakChecks['wallet'] {
  const orders = [...e.sandbox.state.orders.orders.values()];
  const orderByRef = new Map(orders.map((o) => [o.referenceId, o]));
  const endPaise = e.sandbox.state.wallet.balancePaise;
  const movedPaise = e.startBalancePaise - endPaise;
  const debit = (amount: number, discount: number) => amount - discount;
  const serviceSuccessPaise = orders.filter((o) => o.status === 'SUCCESS').reduce((s, o) => s + debit(o.amountPaise, o.discountPaise), 0);
  const journalSuccessPaise = sales.filter((s) => s.state === 'SUCCESS').reduce((sum, s) => sum + debit(s.amount_paise, s.discount_paise), 0);
  const needsSupportCompletedPaise = sales
    .filter((s) => s.state === 'NEEDS_SUPPORT' && orderByRef.get(s.reference_id)?.status === 'SUCCESS')
    .reduce((sum, s) => sum + debit(s.amount_paise, s.discount_paise), 0);
  const problems: string[] = [];
  if (movedPaise !== serviceSuccessPaise) problems.push(`the wallet moved ${movedPaise} paise but the service's SUCCESS orders total ${serviceSuccessPaise}`);
  if (movedPaise !== journalSuccessPaise + needsSupportCompletedPaise) {
    problems.push(`the wallet moved ${movedPaise} paise but the journal's SUCCESS sales total ${journalSuccessPaise} (+ ${needsSupportCompletedPaise} awaiting support)`);
  }
  if (e.appWalletPaise !== endPaise) problems.push(`the app reads ${e.appWalletPaise} paise, the service holds ${endPaise}`);
  return { startPaise: e.startBalancePaise, endPaise, movedPaise, serviceSuccessPaise, journalSuccessPaise, needsSupportCompletedPaise, appReadingPaise: e.appWalletPaise, problems };
}

function unaudited(journal: Database.Database, app: Database.Database): string[] {
  const audited = new Map<string, number>();
  const rows = app.prepare("SELECT action, sale_id AS saleId, details FROM audit_log WHERE action IN ('shift.opened', 'shift.cash_movement', 'shift.closed', 'sale.refunded')").all() as {
    action: string;
    saleId: string | null;
    details: string;
  }[];
  for (const r of rows) {
    const key = r.action === 'sale.refunded' ? `${r.action} ${r.saleId}` : `${r.action} ${(JSON.parse(r.details) as { shiftId: string }).shiftId}`;
    audited.set(key, (audited.get(key) ?? 0) + 1);
  }
  const expected = journal
    .prepare(
      `SELECT 'shift.opened' AS action, id AS key, 1 AS n FROM shifts
      UNION ALL SELECT 'shift.closed', id, 1 FROM shifts WHERE closed_at IS NOT NULL
      UNION ALL SELECT 'shift.cash_movement', shift_id, COUNT(*) FROM cash_movements GROUP BY shift_id
      UNION ALL SELECT 'sale.refunded', sale_id, 1 FROM refunds`,
    )
    .all() as { action: string; key: string; n: number }[];
  return expected.filter((x) => (audited.get(`${x.action} ${x.key}`) ?? 0) < x.n).map((x) => `${x.action} ${x.key}: ${x.n} in the data, ${audited.get(`${x.action} ${x.key}`) ?? 0} audited`);
}

/**
 * The bridge answers file's lines, each a whole answer. A SIGKILL can end a write to a file
 * part-way (the kernel stops copying once a fatal signal is pending), so the line a lifetime was
 * writing as it was killed may be cut short, and the next lifetime's first answer then runs on
 * from it on the same line. That line is read from where its last whole answer starts (the first
 * `{"method":` from which the rest parses; a payment's tenders hold `{"method":` too) and counted
 * in `cut`. A line that does not parse for any other reason is the soak's own fault, and throws.
 */
export function* answerLines(file: string, cut: { lines: number }): Generator<string> {
  for (const line of linesOf(file)) {
    if (!line || parses(line)) {
      yield line;
      continue;
    }
    let start = line.indexOf(ANSWER_START, 1);
    while (start > 0 && !parses(line.slice(start))) start = line.indexOf(ANSWER_START, start + 1);
    if (start <= 0) throw new Error(`bridge answers: a line that is not JSON, nor an answer cut short by a kill: ${line.slice(0, 120)}`);
    cut.lines++;
    yield line.slice(start);
  }
}

const ANSWER_START = '{"method":';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Lines of a file read in 1 MiB chunks: a long soak's answers file outgrows one string. */
function* linesOf(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(1 << 20);
  const decoder = new StringDecoder('utf8'); // a character split across two chunks stays whole
  let carry = '';
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      const lines = (carry + decoder.write(chunk.subarray(0, n))).split('\n');
      carry = lines.pop()!;
      yield* lines;
    }
    if (carry) yield carry;
  } finally {
    closeSync(fd);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * After the soak: the client secret, every bearer token issued, every card number and PIN the
 * service issued — none may be readable in the data folder, the log or a bridge answer (the
 * receipt and the audited reveal carry card data by design; secrets never). Card numbers (16
 * digits) and tokens are found by pattern then looked up; a 6-digit PIN can occur by chance
 * inside other digits, so PINs are looked for as whole values (a JSON string or a column).
 */
function sweepSecrets(e: SoakEvidence): SoakChecks['secrets'] {
  const vouchers = [...e.sandbox.state.orders.vouchers.values()];
  const pins = new Set(vouchers.map((v) => v.cardPin).filter((x): x is string => !!x));
  const cards = new Set(vouchers.map((v) => v.cardNumber).filter((x): x is string => !!x));
  const tokens = new Set(e.tokens);
  const clientSecret = DEFAULT_CREDENTIALS.staging.clientSecret;
  const leaks: string[] = [];

  const scanText = (where: string, text: string, cardData: boolean) => {
    if (text.includes(clientSecret)) leaks.push(`${where}: the client secret`);
    for (const m of text.matchAll(/[\w-]{10,}\.[\w-]{10,}\.[\w-]{10,}/g)) if (tokens.has(m[0])) leaks.push(`${where}: a bearer token`);
    if (!cardData) return;
    // Every 16-digit window of a longer digit run too: a leak next to other digits still counts.
    for (const m of text.matchAll(/\d{16,}/g)) {
      for (let i = 0; i + 16 <= m[0].length; i++) if (cards.has(m[0].slice(i, i + 16))) leaks.push(`${where}: card number …${m[0].slice(i + 12, i + 16)}`);
    }
    for (const m of text.matchAll(/"(\d{6})"/g)) if (pins.has(m[1]!)) leaks.push(`${where}: a PIN`);
  };

  let bytesScanned = 0;
  const files = filesUnder(e.dataDir);
  for (const file of files) {
    const bytes = readFileSync(file);
    bytesScanned += bytes.length;
    scanText(file, bytes.toString('latin1'), true);
  }
  for (const file of files.filter((f) => f.endsWith('.db'))) {
    const db = new Database(file, { readonly: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%'").all() as { name: string }[];
      for (const { name } of tables) {
        for (const row of db.prepare(`SELECT * FROM "${name}"`).iterate() as Iterable<Record<string, unknown>>) {
          for (const value of Object.values(row)) if (typeof value === 'string' && pins.has(value)) leaks.push(`${file} ${name}: a PIN in clear`);
        }
      }
    } finally {
      db.close();
    }
  }
  for (const line of linesOf(e.files.log)) {
    bytesScanned += line.length;
    scanText('core log', line, true);
  }

  let answersScanned = 0;
  const carriesCards = /^\{"method":"(receipt\.print|voucher\.reveal)"/;
  for (const line of linesOf(e.files.answers)) {
    if (!line) continue;
    answersScanned++;
    bytesScanned += line.length;
    scanText(`bridge answer ${line.slice(11, 40)}`, line, !carriesCards.test(line));
  }
  return { filesScanned: files.length + 2, bytesScanned, answersScanned, pinsKnown: pins.size, cardNumbersKnown: cards.size, tokensKnown: tokens.size, leaks };
}
