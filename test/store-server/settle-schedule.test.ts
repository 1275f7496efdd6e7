import { describe, expect, it } from 'vitest';
import { IN_DOUBT_RECHECK_MS, SPEC_PROCESSING_PROTOCOL, TERMINAL_EVENT_RECONFIRM_MS } from '../../src-main/orders/engine/processing-protocol.js';
import { FIRST_QUESTION_SECONDS, nextEventQuestionIn, nextQuestionIn } from '../../src-main/store-server/relay/settle-schedule.js';

const MIN = 60_000;

/** The store server asks the service about an order no harder than a counter would. */
describe('when the store server next asks about an order', () => {
  const placed = 1_000_000;

  it('follows the spec’s PROCESSING protocol: polls at 1, 3, 5, 9 and 14 minutes after placement, then stops', () => {
    const order = { state: 'ACCEPTED' as const, orderStatus: 'PROCESSING', createdAt: placed };
    expect(FIRST_QUESTION_SECONDS.processing).toBe(60);
    const times: number[] = [placed + FIRST_QUESTION_SECONDS.processing * 1000];
    for (let asked = 1; ; asked++) {
      const next = nextQuestionIn(order, asked, times.at(-1)!);
      if (next === null) break;
      times.push(times.at(-1)! + next * 1000);
    }
    expect(times.map((t) => (t - placed) / MIN)).toEqual(SPEC_PROCESSING_PROTOCOL.pollOffsetsMs.map((ms) => ms / MIN));
    expect(times.at(-1)! - placed).toBeLessThan(SPEC_PROCESSING_PROTOCOL.giveUpAfterMs);
  });

  it('never waits to ask about a poll that is already due (a replica that was down)', () => {
    expect(nextQuestionIn({ state: 'ACCEPTED', orderStatus: 'PROCESSING', createdAt: placed }, 2, placed + 10 * MIN)).toBe(0);
  });

  it('asks about an unknown outcome on the counter’s backoff, without end', () => {
    const unknown = { state: 'IN_DOUBT' as const, orderStatus: null, createdAt: placed };
    expect([1, 2, 3, 4, 5, 6, 50].map((asked) => nextQuestionIn(unknown, asked, placed))).toEqual([...IN_DOUBT_RECHECK_MS, 300_000, 300_000].map((ms) => ms / 1000));
    expect(nextQuestionIn({ ...unknown, state: 'SENDING' }, 1, placed)).toBe(FIRST_QUESTION_SECONDS.unknown);
  });

  it('stops once the order is settled, refused or never placed', () => {
    for (const order of [
      { state: 'ACCEPTED' as const, orderStatus: 'SUCCESS', createdAt: placed },
      { state: 'ACCEPTED' as const, orderStatus: 'FAILED', createdAt: placed },
      { state: 'REJECTED' as const, orderStatus: null, createdAt: placed },
      { state: 'REFUSED' as const, orderStatus: null, createdAt: placed },
      { state: 'NOT_PLACED' as const, orderStatus: null, createdAt: placed },
    ]) {
      expect(nextQuestionIn(order, 1, placed)).toBeNull();
    }
  });

  it('asks again about an order its terminal event left open on the counter’s reconfirm backoff, past its polls, then stops', () => {
    // Twenty minutes after placement: the PROCESSING protocol's polls are over, the event's questions are not.
    const open = { state: 'ACCEPTED' as const, orderStatus: 'PROCESSING', createdAt: placed - 20 * MIN };
    expect(nextQuestionIn(open, 5, placed)).toBeNull();
    expect([1, 2, 3, 4].map((asked) => nextEventQuestionIn(open, asked))).toEqual([...TERMINAL_EVENT_RECONFIRM_MS.map((ms) => ms / 1000), null]);
    expect(nextEventQuestionIn({ ...open, orderStatus: 'SUCCESS' }, 1)).toBeNull();
    expect(nextEventQuestionIn({ ...open, orderStatus: 'FAILED' }, 1)).toBeNull();
  });

  it('asks about a completed order whose latest event says otherwise (the service reversed it), until it is as the event says', () => {
    const completed = { state: 'ACCEPTED' as const, orderStatus: 'SUCCESS', createdAt: placed - 2 * 86_400_000, eventStatus: 'REVERSED' };
    // The service away at the first question: still SUCCESS here, asked again on the same backoff.
    expect([1, 2, 3, 4].map((asked) => nextEventQuestionIn(completed, asked))).toEqual([...TERMINAL_EVENT_RECONFIRM_MS.map((ms) => ms / 1000), null]);
    expect(nextEventQuestionIn({ ...completed, orderStatus: 'REVERSED' }, 1)).toBeNull();
    // An event saying what the store holds, or none at all, asks nothing more.
    expect(nextEventQuestionIn({ ...completed, eventStatus: 'SUCCESS' }, 1)).toBeNull();
    expect(nextEventQuestionIn({ ...completed, eventStatus: null }, 1)).toBeNull();
  });
});
