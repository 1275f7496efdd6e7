import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// .tsx is loaded by path (the Node type-check has no JSX); tsconfig.web.json type-checks it for real.
const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { AttentionCard } = await load<{ AttentionCard: FunctionComponent<Record<string, unknown>> }>('../../src-renderer/orders/AttentionPanel.tsx');

const THIS_COUNTER = '8a7c0d1e-1111-4c2b-9d3e-000000000001';
const OTHER_COUNTER = '8a7c0d1e-2222-4c2b-9d3e-000000000002';

const sale = (state: string, counter?: { counterId: string; counterName: string }) => ({
  id: `sale-${state}`,
  referenceId: `POS-C2-${state}`,
  orderId: null,
  state,
  productId: 'TEST_FIXED_STANDARD',
  brandTitle: 'Test brand',
  amountPaise: 100_000,
  createdAt: Date.UTC(2026, 10, 26, 6, 30),
  errorCode: null,
  failureReason: null,
  supportReason: null,
  printCount: 0,
  customerPhone: null,
  cashierId: null,
  cashierName: null,
  ...counter,
});

const html = (item: unknown, self: string | undefined) =>
  renderToStaticMarkup(createElement(AttentionCard, { item, self, outcome: undefined, onChecked: () => undefined, onOpen: () => undefined, onLeftWithoutReceipt: () => undefined }));
/** The card as read: tags dropped, entities as plain text. */
const card = (item: unknown, self: string | undefined) =>
  html(item, self)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** The labels of the card's buttons (the what-to-do sentence names “Check now” too). */
const buttons = (item: unknown, self: string | undefined) => [...html(item, self).matchAll(/<button[^>]*>([^<]*)/g)].map((m) => m[1]);

/** Orders' "Needs your attention" cards: on a store's counter each says where it was sold, and another counter's sale is resolved there. */
describe('an attention card', () => {
  it('another counter’s stuck sale: sold there, no “Check now” here, only opening it', () => {
    const text = card(sale('IN_DOUBT', { counterId: OTHER_COUNTER, counterName: 'Counter 2' }), THIS_COUNTER);
    expect(text).toContain('Sold at Counter 2');
    expect(text).not.toContain('(this counter)');
    expect(text).toContain('What to do, at Counter 2:');
    expect(buttons(sale('IN_DOUBT', { counterId: OTHER_COUNTER, counterName: 'Counter 2' }), THIS_COUNTER)).toEqual(['Open order']);
  });

  it('another counter’s owed receipt: “Customer left without receipt” is that counter’s to record', () => {
    const text = card(sale('SUCCESS', { counterId: OTHER_COUNTER, counterName: 'Counter 2' }), THIS_COUNTER);
    expect(text).toContain('Receipt not printed');
    expect(text).toContain('Sold at Counter 2');
    expect(buttons(sale('SUCCESS', { counterId: OTHER_COUNTER, counterName: 'Counter 2' }), THIS_COUNTER)).toEqual(['Open order']);
  });

  it('this counter’s own sale in the store’s list: labelled as this counter’s, resolved here', () => {
    const stuck = card(sale('NEEDS_SUPPORT', { counterId: THIS_COUNTER, counterName: 'Counter 1' }), THIS_COUNTER);
    expect(stuck).toContain('Sold at Counter 1 (this counter)');
    expect(stuck).toContain('What to do:');
    expect(buttons(sale('NEEDS_SUPPORT', { counterId: THIS_COUNTER, counterName: 'Counter 1' }), THIS_COUNTER)).toEqual(['Check now', 'Open order']);
    expect(buttons(sale('SUCCESS', { counterId: THIS_COUNTER, counterName: 'Counter 1' }), THIS_COUNTER)).toEqual(['Open order', 'Customer left without receipt']);
  });

  it('a counter on its own: no counter named, every action offered', () => {
    expect(card(sale('IN_DOUBT'), undefined)).not.toContain('Sold at');
    expect(buttons(sale('IN_DOUBT'), undefined)).toEqual(['Check now', 'Open order']);
    expect(buttons(sale('SUCCESS'), undefined)).toEqual(['Open order', 'Customer left without receipt']);
  });
});
