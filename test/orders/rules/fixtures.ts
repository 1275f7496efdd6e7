import { partnerBrand } from '../../support/partner-brand.js';

/** Brands shaped like the sandbox's TEST_FIXED_STANDARD and TEST_FLEXIBLE_STANDARD. */
export const brand = partnerBrand;

export const FIXED = brand();
export const FLEXIBLE = brand({ denominationType: 'FLEXIBLE' });
export const CUSTOMER = { name: 'Asha Rao', phoneNumber: '9876543210' };
export const rupees = (r: number): number => Math.round(r * 100);
