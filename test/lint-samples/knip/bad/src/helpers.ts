export const used = 1;
export const neverImported = 2;
