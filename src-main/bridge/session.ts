import type { StaffMember } from '../staff/staff-service.js';

/** Who is at the counter. Held in main: the renderer can ask, never assert. */
export interface Session {
  staff: StaffMember | null;
  lastActivityAt: number;
}

export const newSession = (now: number): Session => ({ staff: null, lastActivityAt: now });
