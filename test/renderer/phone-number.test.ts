import { describe, expect, it } from 'vitest';
import { cleanPhone, phoneSearch } from '../../src-renderer/ui/phone-number.js';

describe('a mobile number as the cashier types it', () => {
  it.each([
    ['98765 43210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['91 9876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['(+91) 98765.43210 ', '9876543210'],
    ['9876543210', '9876543210'],
  ])('%j becomes its 10 digits', (typed, digits) => {
    expect(cleanPhone(typed)).toBe(digits);
  });

  it.each([
    // Still being typed: left as it is, so the cursor and the spaces the cashier typed stay.
    '+91 98765 4321',
    '98765 ',
    '0987654321',
    '9198765432',
    // Not a mobile number written another way: main's rule says what is wrong.
    '98765432101',
    '+1 98765 43210',
    '98765४३२१०',
    'ninety',
    '',
  ])('%j is left unchanged', (typed) => {
    expect(cleanPhone(typed)).toBe(typed);
  });
});

describe('a phone search of the orders list', () => {
  it.each([
    ['3210', '3210'],
    [' 32 10 ', '3210'],
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['098765-43210', '9876543210'],
  ])('%j searches %j', (typed, phone) => {
    expect(phoneSearch(typed)).toBe(phone);
  });

  it.each(['321', '43210', '+91 98765', '98765432101', 'abcd'])('%j is neither the last 4 digits nor the whole number', (typed) => {
    expect(phoneSearch(typed)).toBeNull();
  });
});
