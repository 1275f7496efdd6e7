import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { newPairingCode, normalizeCode, PAIRING_CODE_TTL_MINUTES } from '../../src-main/store-server/counters/counter-credentials.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { firstManagerPush } from './staff-rows.js';
import { http, login, newRef, orderBody, orderPosts, lastSeq, pairedCounter, placeOrder, signInAtStore, sql, staffWithPin, startClusterStore, startStore, type ClusterStore } from './store-harness.js';

/**
 * Pairing: a code joins one counter to the store that printed it, once and only while it is
 * fresh; the counter's credential and tokens act for that store alone, and a revoked counter
 * is refused at its very next call.
 */
const INVALID_CODE = `That pairing code is not valid: it is wrong, used already, or older than ${PAIRING_CODE_TTL_MINUTES} minutes. Print a new one on the store server.`;
const REVOKED = 'Sign in with this counter’s credential (it may have been revoked)';

describe('pairing counters with a store', () => {
  let clusterStore: ClusterStore;
  let sandbox: Sandbox;
  let main: StoreServer;
  let north: StoreServer;
  let databaseUrl: string;

  const pair = (server: StoreServer, code: string, counterName = 'Till') => http(`${server.url}/pair`, { body: { code, counterName } });
  const counterRows = async () => Number((await sql<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM counters'))[0]!.n);

  beforeAll(async () => {
    // Two stores of a chain on one database.
    clusterStore = await startClusterStore('pairing', { storeId: 'main' });
    ({ sandbox, server: main, databaseUrl } = clusterStore);
    north = await startStore(sandbox, databaseUrl, { storeId: 'north' });
  }, 60_000);

  afterAll(async () => {
    await north?.close();
    await clusterStore?.close();
  }, 30_000);

  it('takes a code once: its second use is refused with the sentence, and so is a second use at the same moment', async () => {
    const code = await newPairingCode(main.pool, 'main');
    const first = await pair(main, code);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ storeId: 'main', environment: 'staging' });
    const before = await counterRows();
    const again = await pair(main, code, 'Another till');
    expect(again.status).toBe(403);
    expect(again.json.error).toEqual({ code: 'PAIRING_CODE_INVALID', message: INVALID_CODE, details: [] });
    expect(await counterRows()).toBe(before);

    const shared = await newPairingCode(main.pool, 'main');
    // Typed as people type it: lower case, spaces for the dashes.
    const answers = await Promise.all([pair(main, shared), pair(main, shared.toLowerCase().replace(/-/g, ' ')), pair(main, shared)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    expect(await counterRows()).toBe(before + 1);
  });

  it('refuses an expired code and a wrong one with the sentence, and pairs nothing', async () => {
    const code = await newPairingCode(main.pool, 'main');
    const hash = createHash('sha256').update(normalizeCode(code)).digest('hex');
    await sql(databaseUrl, `UPDATE pairing_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [hash]);
    const before = await counterRows();
    const expired = await pair(main, code);
    expect(expired.status).toBe(403);
    expect(expired.json.error.message).toBe(INVALID_CODE);
    const wrong = await pair(main, 'ABCD-EFGH-JKMN');
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.message).toBe(INVALID_CODE);
    expect(await counterRows()).toBe(before);
  });

  it('stops a revoked counter at once: its token is refused on its next call and its credential cannot sign in', async () => {
    const manager = await pairedCounter(main, 'Manager’s till');
    const other = await pairedCounter(main, 'Front till');
    const meera = await staffWithPin('1357', { role: 'manager', name: 'Meera' });
    expect((await manager.call('/store/v1/staff', { method: 'PUT', body: firstManagerPush(meera) })).status).toBe(200);
    await signInAtStore(manager, meera.id, '1357');
    expect((await other.call('/store/v1/staff')).status).toBe(200);

    const revoked = await manager.call('/store/v1/contract/store.revokeCounter', { body: { counterId: other.id }, staffId: meera.id });
    expect(revoked.status).toBe(200);
    const refused = await other.call('/store/v1/staff');
    expect(refused.status).toBe(401);
    expect(refused.json.error.message).toBe(REVOKED);
    const seq = lastSeq(sandbox);
    expect((await placeOrder(other, orderBody(newRef('REVOKED')))).status).toBe(401);
    expect(orderPosts(sandbox, seq)).toBe(0);
    const signIn = await login(main.url, other.id, other.credential);
    expect(signIn.status).toBe(401);
    expect(signIn.json.error.code).toBe('UNAUTHORIZED');
    // Listed as revoked; revoking it again finds nothing to revoke.
    const list = await manager.call('/store/v1/contract/store.counters', { body: {}, staffId: meera.id });
    expect(list.json.counters.find((c: { id: string }) => c.id === other.id).revokedAt).toEqual(expect.any(Number));
    expect((await manager.call('/store/v1/contract/store.revokeCounter', { body: { counterId: other.id }, staffId: meera.id })).status).toBe(404);
  });

  it('never lets one store’s code, credential or token act on another store sharing the database', async () => {
    const mainTill = await pairedCounter(main, 'Main till', 'main');
    const northTill = await pairedCounter(north, 'North till', 'north');
    expect(northTill.storeId).toBe('north');

    // A main counter's token at the north server: refused, and nothing is journaled or sent.
    const seq = lastSeq(sandbox);
    const ref = newRef('XSTORE');
    const crossed = await http(`${north.url}/partner/v1/partners/orders`, { token: mainTill.token, body: orderBody(ref) });
    expect(crossed.status).toBe(401);
    expect(orderPosts(sandbox, seq)).toBe(0);
    expect(await sql(databaseUrl, 'SELECT 1 FROM relayed_orders WHERE reference_id = $1', [ref])).toEqual([]);
    expect((await http(`${north.url}/store/v1/staff`, { token: mainTill.token })).status).toBe(401);
    expect((await http(`${north.url}/partner/v1/partners/wallet/balance`, { token: mainTill.token })).status).toBe(401);
    // Its credential does not sign in there either.
    expect((await login(north.url, mainTill.id, mainTill.credential)).status).toBe(401);
    // A main pairing code is no good at the north server, and stays good for main.
    const code = await newPairingCode(main.pool, 'main');
    const wrongStore = await pair(north, code);
    expect(wrongStore.status).toBe(403);
    expect(wrongStore.json.error.message).toBe(INVALID_CODE);
    expect((await pair(main, code)).status).toBe(200);

    // A north manager cannot revoke a main counter.
    const boss = await staffWithPin('1357', { role: 'manager', name: 'North boss' });
    expect((await northTill.call('/store/v1/staff', { method: 'PUT', body: firstManagerPush(boss) })).status).toBe(200);
    await signInAtStore(northTill, boss.id, '1357');
    expect((await northTill.call('/store/v1/contract/store.revokeCounter', { body: { counterId: mainTill.id }, staffId: boss.id })).status).toBe(404);
    expect((await mainTill.call('/store/v1/staff')).status).toBe(200);
    // Each store lists its own counters only.
    const listed = await northTill.call('/store/v1/contract/store.counters', { body: {}, staffId: boss.id });
    expect(listed.json.counters.map((c: { id: string }) => c.id)).toEqual([northTill.id]);
  });
});
