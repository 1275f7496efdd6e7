import { useEffect, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { UnavailableBrand } from '../bridge/contract';
import { formatCount, formatDateTime } from '../ui/format';
import { ErrorNotice, Loading } from '../ui/Notice';
import { Table } from '../ui/Table';

/** How many unavailable brands the screen lists; the tile above gives the whole count. */
const SHOWN = 1_000;

type Load = { state: 'loading' } | { state: 'ready'; brands: UnavailableBrand[] } | { state: 'error'; error: BridgeError };

function statusText(brand: UnavailableBrand): string {
  if (brand.removedAt !== null) return `No longer listed since ${formatDateTime(brand.removedAt)}`;
  return brand.status === 'INACTIVE' ? 'Inactive at the service' : `Not available (${brand.status.toLowerCase()})`;
}

/**
 * The brands a cashier cannot sell, by name — what a manager asks about when a customer wants
 * one. Read again after every sync (`version` changes).
 */
export function UnavailableBrands({ version }: { version: number | null }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    void api('catalog.unavailable', { limit: SHOWN }).then((r) => {
      if (live) setLoad(r.ok ? { state: 'ready', brands: r.data.brands } : { state: 'error', error: r.error });
    });
    return () => {
      live = false;
    };
  }, [version, attempt]);

  return (
    <section className="card" aria-labelledby="unavailable-title">
      <h2 id="unavailable-title">Brands you cannot sell</h2>
      {load.state === 'loading' && <Loading label="Reading the brands…" />}
      {load.state === 'error' && <ErrorNotice error={load.error} title="Could not list the brands" onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'ready' && load.brands.length === 0 && <p>Every listed brand can be sold.</p>}
      {load.state === 'ready' && load.brands.length > 0 && (
        <>
          <p>
            Inactive brands come back when the service lists them as active again. Brands no longer listed are kept so past sales can still be
            printed.{load.brands.length === SHOWN ? ` The first ${formatCount(SHOWN)} are shown.` : ''}
          </p>
          <Table
            caption="Brands you cannot sell"
            head={
              <>
                <th scope="col">Brand</th>
                <th scope="col">Why</th>
              </>
            }
          >
            {load.brands.map((b) => (
              <tr key={b.productId}>
                <td>{b.title}</td>
                <td>{statusText(b)}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
}
