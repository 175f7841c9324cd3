import { describe, expect, it } from 'vitest';
import {
  validateEmail,
  validateEmailCode,
  validateReset,
  validateSignIn,
  validateSignUp,
} from './auth-validation';

describe('form rules', () => {
  it('sign up needs name, email and a password of 6 or more', () => {
    expect(validateSignIn({ email: '', password: 'x' })).toBe('Please fill all required fields');
    expect(validateSignIn({ email: 'a@b.co', password: 'secret' })).toBeUndefined();
    const base = { fullName: 'Rahim', email: 'rahim@example.com', password: 'secret' };
    expect(validateSignUp(base)).toBeUndefined();
    expect(validateSignUp({ ...base, fullName: ' ' })).toBe('Please fill all required fields');
    expect(validateSignUp({ ...base, password: '12345' })).toBe(
      'Password must be at least 6 characters long',
    );
  });

  it('email codes are 6 digits; a reset needs the code and a new password of 6 or more', () => {
    expect(validateEmail(' ')).toBe('Please fill all required fields');
    expect(validateEmail('rahim@')).toBe('Please enter a valid email address');
    expect(validateEmail(' rahim@example.com ')).toBeUndefined();
    expect(validateEmailCode('')).toBe('Please fill all required fields');
    expect(validateEmailCode('12345')).toBe('Enter the 6-digit code from the email');
    expect(validateEmailCode('123456')).toBeUndefined();
    expect(validateReset({ code: '123456', password: '' })).toBe('Please fill all required fields');
    expect(validateReset({ code: '123456', password: '12345' })).toBe(
      'Password must be at least 6 characters long',
    );
    expect(validateReset({ code: '12345', password: '123456' })).toBe(
      'Enter the 6-digit code from the email',
    );
    expect(validateReset({ code: '123456', password: '123456' })).toBeUndefined();
  });
});
