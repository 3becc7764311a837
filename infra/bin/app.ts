import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/gutscheinmarkt-app.ts';

buildApp(new App());
