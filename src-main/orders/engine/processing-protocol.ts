/**
 * Spec §3.4: first poll no earlier than 1 minute after placement, at most 5 polls, give up
 * at 15 minutes and hand the order to support. The polls are spread over the window
 * (1, 3, 5, 9, 14 min) rather than bunched at "every 2 minutes", so the last look is as
 * late as the protocol allows.
 */
export interface ProcessingProtocol {
  pollOffsetsMs: readonly number[];
  giveUpAfterMs: number;
}

export const SPEC_PROCESSING_PROTOCOL: ProcessingProtocol = {
  pollOffsetsMs: [60_000, 180_000, 300_000, 540_000, 840_000],
  giveUpAfterMs: 900_000,
};

/**
 * An in-doubt sale is looked up again on this backoff while nobody acts. An automatic resend
 * (same referenceId, safe because the service treats it as an idempotency key) is only made
 * within `autoResendWindowMs` of the first send: later, the customer has probably left, so a
 * person decides.
 */
export const IN_DOUBT_RECHECK_MS = [15_000, 30_000, 60_000, 120_000, 300_000] as const;
export const AUTO_RESEND_WINDOW_MS = 120_000;
export const FOREGROUND_RESENDS = 2;

/**
 * A NEEDS_SUPPORT sale is followed by nothing but its terminal event (its polls are over): when
 * the GET that confirms that event cannot reach the service, it is asked again on this backoff
 * rather than the event being lost until a person presses Check now.
 */
export const TERMINAL_EVENT_RECONFIRM_MS = [60_000, 300_000, 900_000] as const;
