import type { StaffMemberView } from '../bridge/contract';

type Person = Pick<StaffMemberView, 'id' | 'name' | 'role'>;

/** Who can approve at the counter: the active managers (main answers NOT_A_MANAGER for anyone else). */
export const approversIn = <P extends Person>(staff: readonly P[]): P[] => staff.filter((s) => s.role === 'manager');

/**
 * The approver's name the dialog starts with: the only manager there is, or else the manager
 * signed in at the counter (approving their own action). Otherwise nobody: with several
 * managers, guessing would spend a wrong PIN on someone else's lock.
 */
export function defaultApprover(approvers: readonly Person[], signedInId: string | null): string | null {
  if (approvers.length === 1) return approvers[0]!.id;
  return approvers.find((a) => a.id === signedInId)?.id ?? null;
}
