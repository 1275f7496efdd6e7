import { connectionProblem } from './store-client.js';
import { pairingAnswer } from './store-wire.js';

const PAIRING_TIMEOUT_MS = 15_000;
import type { StoreLink } from './store-link-file.js';

/** Joins a store with a single-use pairing code; the answer carries this counter's own credential. */
export async function pairWithStore(input: { url: string; code: string; counterName: string }): Promise<StoreLink> {
  const url = input.url.replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${url}/pair`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: input.code, counterName: input.counterName }),
      signal: AbortSignal.timeout(PAIRING_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`The store server at ${url} cannot be reached: ${connectionProblem(error, PAIRING_TIMEOUT_MS)}. Check the address.`, { cause: error });
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // handled below
  }
  if (!res.ok) {
    const message = (json as { error?: { message?: string } } | null)?.error?.message;
    throw new Error(message ?? `The store server refused to pair (HTTP ${res.status})`);
  }
  const answer = pairingAnswer.safeParse(json);
  if (!answer.success) throw new Error(`The store server at ${url} answered pairing with something that is not a pairing (is it a store server?)`);
  return { url, counterName: input.counterName, ...answer.data };
}
