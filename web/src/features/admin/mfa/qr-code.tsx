/** The shared QR code (shared/ui/qr-code.tsx): the enrol screen's key, Add Money's receiving number. */
export { QrCode } from '../../../shared/ui/qr-code';
