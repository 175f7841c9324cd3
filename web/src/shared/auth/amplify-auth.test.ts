import { signUp as amplifySignUp } from 'aws-amplify/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/i18n';
import { signUp } from './amplify-auth';

vi.mock('aws-amplify/auth', () => ({ signUp: vi.fn() }));

const cognito = (name: string, message: string) => Object.assign(new Error(message), { name });
const input = { email: 'a@b.com', password: 'secret1', fullName: 'Rahim', phone: '' };

afterEach(() => setLocale('en'));

describe("Cognito's errors in the shop's words", () => {
  it('by name, in the chosen language', async () => {
    vi.mocked(amplifySignUp).mockRejectedValue(
      cognito('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'),
    );
    await expect(signUp(input)).rejects.toThrow('Password must be at least 6 characters long');
    setLocale('bn');
    await expect(signUp(input)).rejects.toThrow('পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে');
    vi.mocked(amplifySignUp).mockRejectedValue(cognito('InvalidParameterException', 'Invalid phone number'));
    await expect(signUp(input)).rejects.toThrow('আপনার দেওয়া তথ্যগুলো দেখে আবার চেষ্টা করুন।');
  });

  it("one not listed: Cognito's English in English, the shop's general words in Bangla", async () => {
    vi.mocked(amplifySignUp).mockRejectedValue(cognito('SomeNewException', 'Something new happened'));
    await expect(signUp(input)).rejects.toThrow('Something new happened');
    setLocale('bn');
    await expect(signUp(input)).rejects.toThrow('কিছু একটা সমস্যা হয়েছে');
  });
});
