import { describe, expect, it } from 'vitest';
import { movementAlreadyRecorded, movementIdAfter, movementIdFor, newMovementId } from '../../src-renderer/drawer/movement-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the Drawer’s id for the pay-in or pay-out being entered', () => {
  it('is a new uuid for each movement', () => {
    const id = newMovementId();
    expect(id).toMatch(UUID);
    expect(newMovementId()).not.toBe(id);
  });

  it('stays the same after an error, so Confirm again cannot record the movement twice', () => {
    const id = newMovementId();
    for (const code of ['UNAVAILABLE', 'INTERNAL', 'INVALID_INPUT', 'NO_OPEN_SHIFT', 'BAD_REQUEST']) {
      expect(movementIdAfter(id, { code, message: 'The app did not answer' })).toBe(id);
      expect(movementIdFor(movementIdAfter(id, { code, message: 'The app did not answer' }))).toBe(id);
    }
  });

  it('is dropped once the movement is recorded, and the next movement entered takes a new one', () => {
    const id = newMovementId();
    expect(movementIdAfter(id, null)).toBeNull();
    const next = movementIdFor(null);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(id);
  });

  it('is dropped, not replaced, when main says the id’s movement was already recorded: no new id waits behind Confirm', () => {
    const id = newMovementId();
    const taken = { code: 'MOVEMENT_ID_IN_USE', message: 'already recorded' };
    expect(movementAlreadyRecorded(taken)).toBe(true);
    expect(movementIdAfter(id, taken)).toBeNull();
    expect(movementIdFor(movementIdAfter(id, taken))).not.toBe(id);
    const inClosedShift = { code: 'MOVEMENT_IN_CLOSED_SHIFT', message: 'This pay-in of ₹50 was already recorded, in the shift Asha opened on …' };
    expect(movementAlreadyRecorded(inClosedShift)).toBe(true);
    expect(movementIdAfter(id, inClosedShift)).toBeNull();
  });

  it('tells the already-recorded refusal from the others', () => {
    expect(movementAlreadyRecorded(null)).toBe(false);
    for (const code of ['NO_OPEN_SHIFT', 'INVALID_INPUT', 'INTERNAL', 'APP_UNREACHABLE']) expect(movementAlreadyRecorded({ code, message: '' }), code).toBe(false);
  });
});
