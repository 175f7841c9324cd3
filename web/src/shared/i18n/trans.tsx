import { I18nProvider, Trans as LinguiTrans, type TransProps } from '@lingui/react';
import { i18n } from './i18n';

/**
 * Lingui's <Trans> (a message with links or emphasis inside) with its provider: the few pages that
 * need it carry @lingui/react in their own chunks, and the first screen's JavaScript does not.
 */
export function Trans(props: TransProps) {
  return (
    <I18nProvider i18n={i18n}>
      <LinguiTrans {...props} />
    </I18nProvider>
  );
}
