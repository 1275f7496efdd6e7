import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

export interface WalletReading {
  at: number;
  balancePaise: number;
}

export interface WalletTopUp {
  id: string;
  /** When the money reached the wallet (as the manager says; defaults to when it was entered). */
  at: number;
  amountPaise: number;
  reference: string;
  recordedBy: string;
  recordedAt: number;
}

/**
 * The wallet's past, kept for the end of day: every balance the service reported and every
 * top-up a manager entered. The kv shelf keeps only the latest reading (what the banner
 * shows); these rows let a report find the balance at the start and the end of any day.
 */
export class WalletHistory {
  private readonly s;

  constructor(private readonly db: Db) {
    this.s = {
      insertReading: db.prepare('INSERT INTO wallet_readings (at, balance_paise) VALUES (?, ?)'),
      lastBefore: db.prepare<[number], WalletReading>(
        'SELECT at, balance_paise AS balancePaise FROM wallet_readings WHERE at < ? ORDER BY at DESC, rowid DESC LIMIT 1',
      ),
      firstIn: db.prepare<[number, number], WalletReading>(
        'SELECT at, balance_paise AS balancePaise FROM wallet_readings WHERE at >= ? AND at < ? ORDER BY at, rowid LIMIT 1',
      ),
      lastIn: db.prepare<[number, number], WalletReading>(
        'SELECT at, balance_paise AS balancePaise FROM wallet_readings WHERE at >= ? AND at < ? ORDER BY at DESC, rowid DESC LIMIT 1',
      ),
      insertTopUp: db.prepare(
        'INSERT INTO wallet_topups (id, at, amount_paise, reference, recorded_by, recorded_at) VALUES (@id, @at, @amountPaise, @reference, @recordedBy, @recordedAt)',
      ),
      topUpByReference: db.prepare<[string], { id: string }>('SELECT id FROM wallet_topups WHERE lower(reference) = lower(?) LIMIT 1'),
      topUpsIn: db.prepare<[number, number], WalletTopUp>(
        `SELECT id, at, amount_paise AS amountPaise, reference, recorded_by AS recordedBy, recorded_at AS recordedAt
         FROM wallet_topups WHERE at > ? AND at <= ? ORDER BY at, id`,
      ),
    };
  }

  recordReading(reading: WalletReading): void {
    this.s.insertReading.run(reading.at, reading.balancePaise);
  }

  /** The latest reading before `at` (the later-written one of two at the same time). */
  lastBefore(at: number): WalletReading | null {
    return this.s.lastBefore.get(at) ?? null;
  }

  /** The first and the last reading in [from, to). */
  firstIn(from: number, to: number): WalletReading | null {
    return this.s.firstIn.get(from, to) ?? null;
  }

  lastIn(from: number, to: number): WalletReading | null {
    return this.s.lastIn.get(from, to) ?? null;
  }

  /**
   * Adds a top-up; refused (nothing written) when one with the same reference was entered
   * before, so a top-up typed in twice cannot hide a wallet movement of the same size.
   */
  recordTopUp(topUp: Omit<WalletTopUp, 'id'>): { ok: true; topUp: WalletTopUp } | { ok: false; duplicateOf: string } {
    return this.db
      .transaction((): { ok: true; topUp: WalletTopUp } | { ok: false; duplicateOf: string } => {
        const existing = this.s.topUpByReference.get(topUp.reference);
        if (existing) return { ok: false, duplicateOf: existing.id };
        const row = { id: randomUUID(), ...topUp };
        this.s.insertTopUp.run(row);
        return { ok: true, topUp: row };
      })
      .immediate();
  }

  /** Takes back a top-up just entered that the store server did not take (a store's wallet is one list). */
  removeTopUp(id: string): void {
    this.db.prepare('DELETE FROM wallet_topups WHERE id = ?').run(id);
  }

  /** Top-ups after one reading and up to another: (after, upTo]. */
  topUpsBetween(after: number, upTo: number): WalletTopUp[] {
    return this.s.topUpsIn.all(after, upTo);
  }
}
