import { describe, expect, it } from 'vitest';
import { movementIdAfter, newMovementId } from '../../src-renderer/drawer/movement-id.js';

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
    }
  });

  it('is new once the movement is recorded, or main says the id is another movement’s', () => {
    const id = newMovementId();
    const recorded = movementIdAfter(id, null);
    expect(recorded).toMatch(UUID);
    expect(recorded).not.toBe(id);
    const taken = movementIdAfter(id, { code: 'MOVEMENT_ID_IN_USE', message: 'already recorded' });
    expect(taken).toMatch(UUID);
    expect(taken).not.toBe(id);
  });
});
