/** The stock module: voucher codes and the variant stock counter that always equals the available codes. */
export { claimCode, ExtraItemFailed, type ClaimCodeInput } from './claim-code';
export {
  claimAvailableCodeItem,
  claimStockItem,
  deliverReservedCodeItem,
  releaseCodeItems,
} from './code-transitions';
export {
  codeHash,
  deleteAvailableCodeItems,
  insertCodeItems,
  insertCodesItems,
  invalidCodeReason,
  normaliseCode,
  stockChange,
  type CodeItem,
  type CodeStatus,
  type TransactItem,
} from './code-item';
export { addCode } from './add-code';
export { importCodes, type ImportResult } from './import-codes';
export { deleteCode } from './delete-code';
export { listCodes, toVoucher } from './list-codes';
export { availableCodesPage, codesOfVariant, purgeCodes, reservedCodeCount } from './purge-variant-codes';
