import { inject } from 'vitest';

/** Runs in each test worker: the handlers' and tests' SDK clients talk to the local cloud. */
Object.assign(process.env, inject('localEnv'));
