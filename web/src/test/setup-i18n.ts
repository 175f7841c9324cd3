import { i18n } from '@lingui/core';

// Component tests read the English texts (the spec's), as a browser set to English would.
i18n.activate('en');
