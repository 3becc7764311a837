import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { documentClient } from '../../functions/src/lib/clients.ts';
import { recordTransactions } from './transaction-recorder.ts';
import { createLocalApi, type CapabilityMode, type LocalApi } from '../dev/local-api.ts';
import { startLocalCloud, type LocalCloud } from '../dev/local-cloud.ts';
import { searchSnapshotHook } from '../dev/search-snapshot-sync.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    localEnv: Record<string, string>;
    apiUrl: string;
    webUrl: string;
  }
}

export type LocalStack = { cloud: LocalCloud; api: LocalApi; stop(): Promise<void> };

/**
 * The local cloud in memory on free ports plus the local API in this (the main vitest) process.
 * process.env is set first: handlers read it at cold start, i.e. on their first request.
 */
export async function startLocalStack(options: { webPort?: number } = {}): Promise<LocalStack> {
  const cloud = await startLocalCloud({ quiet: true, ports: options.webPort ? { web: options.webPort } : {} });
  // Tests write through repositories and read through the API at once: no catalogue or account-status caching.
  Object.assign(process.env, cloud.env, { CATALOGUE_CACHE_SECONDS: '0', USER_STATUS_CACHE_SECONDS: '0' });
  let api: LocalApi;
  try {
    // Every SDK call a handler makes must be covered by its route's declared capabilities (issue 14).
    api = await createLocalApi({
      port: cloud.ports.api,
      quiet: !process.env.LOCAL_API_LOG,
      capabilities: (process.env.GM_CAPABILITIES as CapabilityMode | undefined) ?? 'enforce',
      beforeHandler: searchSnapshotHook(),
    });
  } catch (error) {
    await cloud.stop();
    throw error;
  }
  return {
    cloud,
    api,
    async stop() {
      await api.close().catch(() => undefined);
      await cloud.stop();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stack = await startLocalStack();
  // Issue 15: every committed transaction of the handlers' client, for the "no hot items" test.
  const transactionLog = join(await mkdtemp(join(tmpdir(), 'gm-transactions-')), 'transactions.jsonl');
  recordTransactions(documentClient(), transactionLog);
  project.provide('localEnv', { ...stack.cloud.env, GM_TRANSACTION_LOG: transactionLog });
  project.provide('apiUrl', stack.api.url);
  return async () => {
    await stack.stop();
    await rm(dirname(transactionLog), { recursive: true, force: true });
  };
}
