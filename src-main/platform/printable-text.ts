/**
 * Typed words that end up printed (a receipt, a Z report) or in the journal's CSV. Plain (no
 * schema library): the till's rules load it before ready, and the contract's fields build on it.
 */

/** Control characters would break a printed report or a CSV cell; everything printable is a fair note. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** What is said of typed words with a CONTROL_CHARACTER, after the field's name ("The reference …"). */
export const UNPRINTABLE = 'has a character that cannot be printed (a line break, a tab); type it again';
