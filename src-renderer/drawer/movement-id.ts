import type { BridgeError, MovementIdInUse, MovementInClosedShift } from '../bridge/contract';

/**
 * Main's refusals that say the entry's id is a movement already recorded: that movement stands
 * (its answer was lost), and this Confirm recorded nothing. MOVEMENT_ID_IN_USE: recorded with
 * another kind, amount or reason (the cashier went back and edited the entry);
 * MOVEMENT_IN_CLOSED_SHIFT: recorded in a shift closed since (main's words name it).
 */
const ALREADY_RECORDED: ReadonlySet<string> = new Set<MovementIdInUse | MovementInClosedShift>(['MOVEMENT_ID_IN_USE', 'MOVEMENT_IN_CLOSED_SHIFT']);

/** Whether `error` says the entry's movement was already recorded (see ALREADY_RECORDED). */
export const movementAlreadyRecorded = (error: BridgeError | null): boolean => error !== null && ALREADY_RECORDED.has(error.code);

/** A new id for the pay-in or pay-out the cashier starts entering (`shift.cashMovement`'s `movementId`). */
export const newMovementId = (): string => crypto.randomUUID();

/** The id a submit of the form confirms under: the entry's own (kept after an error), else a new one. */
export const movementIdFor = (kept: string | null): string => kept ?? newMovementId();

/**
 * The id the form keeps after Confirm under `id` answered `error` (null: recorded). None (the
 * next submit takes a new one, movementIdFor) once the movement is recorded, or main says the
 * id's movement was already recorded: that one stands, and a new id only when the cashier enters
 * a new movement — never one Enter away in the open dialog. After any other error the same one:
 * the movement may be recorded though its answer never came, and Confirm again must find it,
 * not record it twice.
 */
export function movementIdAfter(id: string, error: BridgeError | null): string | null {
  return error === null || movementAlreadyRecorded(error) ? null : id;
}
