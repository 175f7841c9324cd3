import home from './features/catalog/i18n/bn.json';
import layout from './shared/layout/i18n/bn.json';
import sharedUi from './shared/ui/i18n/bn.json';

/** The first screen's strings in Bangla, by namespace: one chunk (see defineFirstScreenMessages). */
export default { home, layout, 'shared-ui': sharedUi };
