export { AppStack, constructId, type AppStackProps, type JobDef } from './app-stack';
export { DataStack, PINNED_IDS } from './data-stack';
export { EdgeStack } from './edge-stack';
export { buildShop, type Shop } from './shop';
export { contentSecurityPolicy } from './site';
export { readSettings, type Settings } from './settings';
