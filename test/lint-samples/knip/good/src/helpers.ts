export const used = 1;
