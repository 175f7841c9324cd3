/** The auth forms' rules (spec 5): the first problem as the spec's text, or undefined. */
export function validateSignIn({ email, password }: { email: string; password: string }): string | undefined {
  if (!email.trim() || !password) return 'Please fill all required fields';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return 'Please enter a valid email address';
  return undefined;
}

export function validateSignUp(input: { fullName: string; email: string; password: string }): string | undefined {
  if (!input.fullName.trim() || !input.email.trim() || !input.password) return 'Please fill all required fields';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) return 'Please enter a valid email address';
  if (input.password.length < 6) return 'Password must be at least 6 characters long';
  return undefined;
}
