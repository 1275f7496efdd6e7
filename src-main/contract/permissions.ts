/**
 * What a member of staff may do, named once. The bridge checks the permission each method
 * declares (contract/define.ts) at its single choke point; roles are presets of these
 * (staff/permission-presets.ts), and a manager may grant or withdraw any of them per person.
 */
export const PERMISSIONS = [
  'sell',
  'lookUpOrders',
  'reprintWithApproval',
  'resendDelivery',
  'seeOwnTotals',
  'seeAllTotals',
  'manageStaff',
  'settings',
  'manageConnection',
  'goLive',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** How each permission reads on the Staff page and in a refusal ("You cannot … here"). */
export const PERMISSION_LABELS: Record<Permission, { name: string; refusal: string }> = {
  sell: { name: 'Sell, take payments and run the drawer', refusal: 'sell or run the drawer' },
  lookUpOrders: { name: 'Look up past orders (by reference or the customer’s phone)', refusal: 'look up past orders' },
  reprintWithApproval: { name: 'Reprint a receipt or show a card number, with a manager’s approval', refusal: 'reprint receipts' },
  resendDelivery: { name: 'Resend vouchers by SMS, WhatsApp or email', refusal: 'resend vouchers' },
  seeOwnTotals: { name: 'See their own totals on shift reports', refusal: 'see shift totals' },
  seeAllTotals: { name: 'See everyone’s totals, end of day and the day’s export', refusal: 'see the store’s totals' },
  manageStaff: { name: 'Add staff, reset PINs, unlock and set permissions', refusal: 'manage staff' },
  settings: { name: 'Change store, receipt and printer settings', refusal: 'change settings' },
  manageConnection: { name: 'Manage the connection (credentials, webhooks, self-check)', refusal: 'manage the connection' },
  goLive: { name: 'Switch between Training, Staging and Production', refusal: 'switch environments' },
};

/** The refusal of a call the signed-in person lacks `permission` for. */
export const permissionRefusal = (permission: Permission): string => `You do not have permission to ${PERMISSION_LABELS[permission].refusal} on this counter. Ask a manager.`;
