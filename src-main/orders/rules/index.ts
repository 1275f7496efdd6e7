/**
 * The order rules of the POS core: pure functions, no I/O. Amounts are integer paise
 * throughout (money.ts converts at the edges); brand restrictions are read as the catalog
 * holds them, in rupees.
 */
export {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  emailProblem,
  nameProblem,
  normaliseName,
  normaliseText,
  phoneProblem,
  resendContactProblems,
  type OrderContacts,
  type ResendProblem,
} from './contact-rules.js';
export { splitFlexibleAmount, type FlexibleSplit } from './flexible-split.js';
export { MAX_AMOUNT_PAISE, customerPaysOf, formatRupees, isPositivePaise, listRupees, paiseFromRupees, toPaise, toRupees } from './money.js';
export { orderRequestBody } from './order-body.js';
export {
  MAX_REFERENCE_ID_LENGTH,
  isValidReferenceId,
  newReferenceId,
  referenceIdGenerator,
  type ReferenceIdGenerator,
  type ReferenceIdSources,
} from './reference-id.js';
export type { CustomerDetails, CustomerInput, DeliveryDetails, DeliveryInput } from './sale-contacts.js';
export { validateSale, type SaleInput, type SaleValidation, type ValidSale } from './sale-validation.js';
export {
  fixedLimitsOf,
  splitFixedAmount,
  splitWithLimits,
  type FixedLimits,
  type Split,
  type SplitOptions,
  type SplitRefusal,
  type SplitRefusalCode,
  type SplitResult,
} from './split.js';
export type { AmountSuggestions, BusinessModel, FieldProblem, SaleLine } from './types.js';
