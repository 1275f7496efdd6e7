import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  nameProblem,
  normaliseName,
  normaliseText,
  phoneProblem,
  resendContactProblems,
} from '../../../src-main/orders/rules/contact-rules.js';

describe('names', () => {
  it.each(['Asha', 'Asha Rao', 'José Álvarez', 'आशा राव', 'அனிதா', 'Zoë', 'x'.repeat(100)])('accepts %s', (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  const SPACES = 'Use single spaces between words, with none at the start or end.';
  it.each([
    ['', 'Enter a name.'],
    ['Asha  Rao', SPACES],
    [' Asha', SPACES],
    ['Ravi K.', "The name cannot contain '.'; use letters and single spaces only."],
    ["O'Brien", "The name cannot contain '''; use letters and single spaces only."],
    ['Ravi-Kumar', "The name cannot contain '-'; use letters and single spaces only."],
    ['Agent 007', "The name cannot contain '0' or '7'; use letters and single spaces only."],
    ['R. K. Rao-Singh 2', "The name cannot contain '.', '-' or '2'; use letters and single spaces only."],
    ['R@vi', "The name cannot contain '@'; use letters and single spaces only."],
    ['Asha\u200dRao', 'The name cannot contain the invisible character U+200D; use letters and single spaces only.'],
    ['x'.repeat(101), 'Keep the name to 100 characters or fewer.'],
  ])('refuses %j', (name, message) => {
    expect(nameProblem(name)).toBe(message);
  });

  it('normalising trims and collapses inner spaces, and changes nothing else', () => {
    expect(normaliseName('  Asha \t  Rao \n')).toBe('Asha Rao');
    expect(normaliseName('Asha R.')).toBe('Asha R.');
    expect(normaliseText('  98765 43210 ')).toBe('98765 43210');
  });
});

describe('phone numbers', () => {
  it.each(['9876543210', '6000000001', '7012345678', '8999999998'])('accepts %s', (phone) => {
    expect(phoneProblem(phone)).toBeNull();
  });

  const WITHOUT_PREFIX = 'Leave out the +91 or 0 at the start: enter just the 10-digit mobile number.';
  const TEN_DIGITS = 'Enter the 10-digit mobile number without +91 or spaces.';
  it.each([
    ['', 'Enter the 10-digit mobile number.'],
    ['+919876543210', WITHOUT_PREFIX],
    ['+91 98765 43210', WITHOUT_PREFIX],
    ['919876543210', WITHOUT_PREFIX],
    ['09876543210', WITHOUT_PREFIX],
    ['98765 43210', TEN_DIGITS],
    ['98765-43210', TEN_DIGITS],
    ['987654321', TEN_DIGITS],
    ['98765432101', TEN_DIGITS],
    ['98765४३२१०', TEN_DIGITS],
    ['5876543210', 'Indian mobile numbers start with 6, 7, 8 or 9; check the number.'],
    ['0000000000', 'Indian mobile numbers start with 6, 7, 8 or 9; check the number.'],
    ['9999999999', 'This does not look like a real mobile number (one digit repeated); ask for the real one.'],
  ])('refuses %j', (phone, message) => {
    expect(phoneProblem(phone)).toBe(message);
  });
});

describe('email addresses', () => {
  it.each(['asha@example.com', 'asha.rao+gifts@mail.example.co.in', 'a_b%c-d@x-y.in'])('accepts %s', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  const VALID = 'Enter a valid email address, like name@example.com.';
  it.each([
    ['', 'Enter an email address.'],
    ['asha rao@example.com', 'An email address cannot contain spaces.'],
    ['asha.example.com', 'The email address needs an @, like name@example.com.'],
    ['asha@example', VALID],
    ['asha@example.c', VALID],
    ['asha@@example.com', VALID],
    ['@example.com', VALID],
    ['asha@exa_mple.com', VALID],
    ['आशा@example.com', VALID],
    [`${'a'.repeat(250)}@x.in`, VALID],
  ])('refuses %j', (email, message) => {
    expect(emailProblem(email)).toBe(message);
  });
});

describe('resendContactProblems (§4.7)', () => {
  const phone = '9876543210';
  const email = 'asha@example.com';

  it('every channel can be sent when the order has a valid email and phone', () => {
    expect(resendContactProblems(['EMAIL', 'SMS', 'WHATSAPP'], { customerDetails: { phoneNumber: phone, email } })).toEqual([]);
  });

  it('SMS and WhatsApp may use the recipient phone of the delivery details', () => {
    expect(resendContactProblems(['SMS', 'WHATSAPP'], { customerDetails: null, deliveryDetails: { recipientPhoneNumber: phone } })).toEqual([]);
    expect(
      resendContactProblems(['SMS'], { customerDetails: { phoneNumber: '12345' }, deliveryDetails: { recipientPhoneNumber: phone } }),
    ).toEqual([]);
  });

  it('EMAIL needs the customer email; a recipient email does not count', () => {
    expect(resendContactProblems(['EMAIL', 'SMS'], { customerDetails: { phoneNumber: phone } })).toEqual([
      { channel: 'EMAIL', message: 'Email cannot be sent: this order has no valid customer email address.' },
    ]);
    expect(resendContactProblems(['EMAIL'], { customerDetails: { email: 'not an email' } })).toHaveLength(1);
  });

  it('explains each phone channel that lacks a valid number', () => {
    expect(resendContactProblems(['SMS', 'WHATSAPP', 'EMAIL'], { customerDetails: { phoneNumber: '+919876543210', email } })).toEqual([
      { channel: 'SMS', message: 'SMS cannot be sent: this order has no valid customer or recipient mobile number.' },
      { channel: 'WHATSAPP', message: 'WhatsApp cannot be sent: this order has no valid customer or recipient mobile number.' },
    ]);
    expect(resendContactProblems(['WHATSAPP'], {})).toHaveLength(1);
  });

  it('refuses an empty, unknown or repeated channel list', () => {
    expect(resendContactProblems([], {})).toEqual([{ channel: null, message: 'Choose at least one way to resend: Email, SMS or WhatsApp.' }]);
    expect(resendContactProblems(['FAX'], {})).toEqual([
      { channel: null, message: 'Unknown delivery channel FAX; choose Email, SMS or WhatsApp.' },
    ]);
    expect(resendContactProblems(['SMS', 'SMS'], { customerDetails: { phoneNumber: phone } })).toEqual([
      { channel: null, message: 'Choose each channel only once.' },
    ]);
  });
});
