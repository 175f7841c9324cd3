export const formatted = { a: 1, b: 2 };
