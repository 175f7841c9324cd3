/** The auth forms' rules (spec 5): the first problem as the spec's text, or undefined. */
export function validateSignIn({ email, password }: { email: string; password: string }): string | undefined {
  if (!email.trim() || !password) return 'Please fill all required fields';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return 'Please enter a valid email address';
  return undefined;
}

export function validateSignUp(input: {
  fullName: string;
  email: string;
  password: string;
}): string | undefined {
  if (!input.fullName.trim() || !input.email.trim() || !input.password)
    return 'Please fill all required fields';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) return 'Please enter a valid email address';
  if (input.password.length < 6) return 'Password must be at least 6 characters long';
  return undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email of "Forgot password?". */
export function validateEmail(email: string): string | undefined {
  if (!email.trim()) return 'Please fill all required fields';
  if (!EMAIL.test(email.trim())) return 'Please enter a valid email address';
  return undefined;
}

/** A code from one of our emails (sign-up, password reset): 6 digits. */
export function validateEmailCode(code: string): string | undefined {
  if (!code) return 'Please fill all required fields';
  if (!/^\d{6}$/.test(code)) return 'Enter the 6-digit code from the email';
  return undefined;
}

/** The reset code and the new password (the spec's sign-up rule). */
export function validateReset(input: { code: string; password: string }): string | undefined {
  if (!input.code || !input.password) return 'Please fill all required fields';
  return (
    validateEmailCode(input.code) ??
    (input.password.length < 6 ? 'Password must be at least 6 characters long' : undefined)
  );
}
