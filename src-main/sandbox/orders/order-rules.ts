import type { BrandRecord, BusinessModel } from '../catalog/brand-record.js';
import { ApiError, validationFailed, type FieldProblem } from '../errors.js';
import { toPaise } from '../money.js';
import { emailProblem, nameProblem, phoneProblem } from './contact-rules.js';
import type { OrderRequest } from './order-request.js';

/**
 * Every rule an order must pass before the service creates it (spec §2.3, §4.4, §7.2).
 * A failure here is a non-2xx envelope and creates no order, so the referenceId is not
 * consumed. Precedence, so the answer is predictable: E161 → brand-level refusals
 * (E101, E103, E102, E100) → field rules (all reported together) → E150.
 */
export function checkOrder(req: OrderRequest, brand: BrandRecord | undefined, model: BusinessModel): void {
  if (req.discountAmount !== undefined && toPaise(req.discountAmount) > toPaise(req.amount)) {
    throw new ApiError(400, 'E161', 'discountAmount must not exceed amount', [
      { field: 'discountAmount', message: 'discountAmount must not exceed amount' },
    ]);
  }
  if (!brand) {
    throw validationFailed([{ field: 'productId', message: `productId ${req.productId} is not a known brand` }]);
  }
  checkBrandOrderable(brand, model);

  const problems = [...customerProblems(req, model), ...deliveryProblems(req), ...amountProblems(req, brand)];
  if (problems.length > 0) throw validationFailed(problems);

  const restrictions = brand.wire.amountRestrictions;
  if (brand.wire.denominationType === 'FIXED') {
    const listed = new Set((restrictions?.denominations ?? []).map(toPaise));
    const unlisted = req.denominationDetails.filter((d) => !listed.has(toPaise(d.denomination)));
    if (unlisted.length > 0) {
      throw new ApiError(422, 'E150', 'Denomination not available', unlisted.map((d) => ({
        field: 'denominationDetails',
        message: `denomination ${d.denomination} is not offered by this brand`,
      })));
    }
  }
}

function checkBrandOrderable(brand: BrandRecord, model: BusinessModel): void {
  if (!brand.listed) throw new ApiError(422, 'E101', 'Brand not enabled for the partner');
  if (!brand.businessModels.includes(model)) {
    throw new ApiError(422, 'E103', `Brand not available for the ${model} business model`);
  }
  if (brand.wire.status !== 'ACTIVE') throw new ApiError(422, 'E102', 'Brand not active');
  if (brand.temporarilyDisabled) throw new ApiError(422, 'E100', 'Brand temporarily disabled');
  if (!brand.wire.amountRestrictions) {
    throw new ApiError(422, 'E150', 'Denomination not available', [
      { field: 'productId', message: 'this brand currently offers no orderable amounts' },
    ]);
  }
}

function customerProblems(req: OrderRequest, model: BusinessModel): FieldProblem[] {
  const c = req.customerDetails;
  const problems: FieldProblem[] = [];
  if (model === 'B2C') {
    if (!c) return [{ field: 'customerDetails', message: 'customerDetails is required for B2C orders' }];
    if (c.name === undefined) problems.push({ field: 'customerDetails.name', message: 'customerDetails.name is required for B2C orders' });
    if (c.phoneNumber === undefined) {
      problems.push({ field: 'customerDetails.phoneNumber', message: 'customerDetails.phoneNumber is required for B2C orders' });
    }
  }
  if (!c) return problems;
  const check = (field: string, value: string | undefined, rule: (v: string) => string | null): void => {
    const problem = value === undefined ? null : rule(value);
    if (problem) problems.push({ field, message: `${field} ${problem}` });
  };
  check('customerDetails.name', c.name, nameProblem);
  check('customerDetails.phoneNumber', c.phoneNumber, phoneProblem);
  check('customerDetails.email', c.email, emailProblem);
  return problems;
}

function deliveryProblems(req: OrderRequest): FieldProblem[] {
  const d = req.deliveryDetails;
  if (!d) return [];
  const problems: FieldProblem[] = [];
  const check = (field: string, value: string | undefined, rule: (v: string) => string | null): void => {
    const problem = value === undefined ? null : rule(value);
    if (problem) problems.push({ field, message: `${field} ${problem}` });
  };
  check('deliveryDetails.recipientPhoneNumber', d.recipientPhoneNumber, phoneProblem);
  check('deliveryDetails.recipientEmail', d.recipientEmail, emailProblem);
  check('deliveryDetails.recipientName', d.recipientName, nameProblem);
  check('deliveryDetails.senderName', d.senderName, nameProblem);
  return problems;
}

function amountProblems(req: OrderRequest, brand: BrandRecord): FieldProblem[] {
  const r = brand.wire.amountRestrictions!;
  const problems: FieldProblem[] = [];
  const details = req.denominationDetails;

  const seen = new Set<number>();
  for (const d of details) {
    const p = toPaise(d.denomination);
    if (seen.has(p)) {
      problems.push({ field: 'denominationDetails', message: `denomination ${d.denomination} is listed more than once` });
    }
    seen.add(p);
  }

  const sum = details.reduce((acc, d) => acc + toPaise(d.denomination) * d.quantity, 0);
  if (sum !== toPaise(req.amount)) {
    problems.push({
      field: 'amount',
      message: `amount ${req.amount} must equal the sum of denomination × quantity (${sum / 100})`,
    });
  }

  if (brand.wire.denominationType === 'FLEXIBLE') {
    for (const d of details) {
      const p = toPaise(d.denomination);
      if (p < toPaise(r.minVoucherAmount) || p > toPaise(r.maxVoucherAmount)) {
        problems.push({
          field: 'denominationDetails',
          message: `denomination ${d.denomination} must be between ${r.minVoucherAmount} and ${r.maxVoucherAmount}`,
        });
      }
    }
  }

  const vouchers = details.reduce((acc, d) => acc + d.quantity, 0);
  if (vouchers > r.maxVouchersPerOrder) {
    problems.push({ field: 'denominationDetails', message: `at most ${r.maxVouchersPerOrder} vouchers per order (got ${vouchers})` });
  }
  if (r.maxVouchersPerDenomination !== null) {
    for (const d of details) {
      if (d.quantity > r.maxVouchersPerDenomination) {
        problems.push({
          field: 'denominationDetails',
          message: `at most ${r.maxVouchersPerDenomination} vouchers of one denomination (got ${d.quantity} × ${d.denomination})`,
        });
      }
    }
  }
  if (r.maxDenominationsPerOrder !== null && seen.size > r.maxDenominationsPerOrder) {
    problems.push({
      field: 'denominationDetails',
      message: `at most ${r.maxDenominationsPerOrder} different denominations per order (got ${seen.size})`,
    });
  }
  if (toPaise(req.amount) < toPaise(r.minOrderAmount) || toPaise(req.amount) > toPaise(r.maxOrderAmount)) {
    problems.push({ field: 'amount', message: `amount must be between ${r.minOrderAmount} and ${r.maxOrderAmount}` });
  }
  return problems;
}
