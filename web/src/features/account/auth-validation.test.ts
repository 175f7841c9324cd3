import { describe, expect, it } from 'vitest';
import { validateSignIn, validateSignUp } from './auth-validation';

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
});
