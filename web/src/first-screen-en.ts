import home from './features/catalog/i18n/en.json';
import layout from './shared/layout/i18n/en.json';
import sharedUi from './shared/ui/i18n/en.json';

/** The first screen's strings in English, by namespace: one chunk (see defineFirstScreenMessages). */
export default { home, layout, 'shared-ui': sharedUi };
