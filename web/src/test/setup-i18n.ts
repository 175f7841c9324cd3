import { configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { loadFirstScreen } from '../shared/i18n/i18n';
import bn from '../first-screen-bn';
import en from '../first-screen-en';

// The first screen's strings arrive as a chunk in the app; here both are in from the start.
void loadFirstScreen('en', en);
void loadFirstScreen('bn', bn);
// Component tests read the English texts (the spec's), as a browser set to English would.
i18n.activate('en');

// findBy*/waitFor give up after 1 s by default: a page that renders in 50 ms alone can take longer
// on two cores shared with the rest of the suite. They return as soon as what they wait for shows,
// so a longer limit costs a passing test nothing.
configure({ asyncUtilTimeout: 10_000 });
