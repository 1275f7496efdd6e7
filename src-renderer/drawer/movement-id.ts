import type { BridgeError, MovementIdInUse } from '../bridge/contract';

/** Main's refusal of an id already recorded as another movement (another kind, amount or reason). */
const MOVEMENT_ID_IN_USE: MovementIdInUse = 'MOVEMENT_ID_IN_USE';

/** A new id for the pay-in or pay-out the cashier starts entering (`shift.cashMovement`'s `movementId`). */
export const newMovementId = (): string => crypto.randomUUID();

/**
 * The id the form's next Confirm sends, after Confirm under `id` answered `error` (null: recorded).
 * A new one once the movement is recorded, or main says the id is another movement's (that one
 * stands; the next Confirm is a new movement). After any other error the same one: the movement
 * may be recorded though its answer never came, and Confirm again must find it, not record it twice.
 */
export function movementIdAfter(id: string, error: BridgeError | null): string {
  return error === null || error.code === MOVEMENT_ID_IN_USE ? newMovementId() : id;
}
