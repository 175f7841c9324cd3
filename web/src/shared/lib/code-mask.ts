/** The one masking rule, shared with the server's SMS (contract/src/code-mask.ts). */
export { maskCode } from '@khelaghor/contract/code-mask';
