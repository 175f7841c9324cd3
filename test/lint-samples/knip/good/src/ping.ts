export const ping = (n: number): number => (n > 0 ? ping(n - 1) : 0);
