export { KhelaghorStack, constructId, type KhelaghorStackProps, type JobDef } from './stack';
export { routeGrants, jobGrants, cognitoActions, type Grants } from './permissions';
export { contentSecurityPolicy } from './site';
export { readSettings, type Settings } from './settings';
