import { App } from 'aws-cdk-lib';
import { readSettings } from '../src/settings';
import { buildShop } from '../src/shop';

/** The CDK app (cdk.json runs it with tsx): `-c stage=dev|prod`, see docs/deploy.md. */
const app = new App();
buildShop(app, readSettings(app));
