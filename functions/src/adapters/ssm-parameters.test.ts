import type { SSMClient } from '@aws-sdk/client-ssm';
import { describe, expect, it } from 'vitest';
import { createSsmParameters, MissingParameterError } from './ssm-parameters.ts';

type Call = { Names: string[]; WithDecryption: boolean };

function fakeClient(values: Record<string, string>, failFirst = false) {
  const calls: Call[] = [];
  let fail = failFirst;
  const client = {
    async send(command: { input: Call }) {
      calls.push(command.input);
      if (fail) {
        fail = false;
        throw new Error('throttled');
      }
      return {
        Parameters: command.input.Names.filter((n) => n in values).map((n) => ({ Name: n, Value: values[n] })),
        InvalidParameters: command.input.Names.filter((n) => !(n in values)),
      };
    },
  };
  return { client: client as unknown as SSMClient, calls };
}

describe('SSM secret parameters', () => {
  it('reads names asked for together in one decrypted call and caches them', async () => {
    const { client, calls } = fakeClient({
      '/gm/stripe/secret-key': 'sk_live_x',
      '/gm/stripe/webhook-secret': 'whsec_y',
    });
    const parameters = createSsmParameters(client);
    const [key, secret] = await Promise.all([
      parameters.get('/gm/stripe/secret-key'),
      parameters.get('/gm/stripe/webhook-secret'),
    ]);
    expect([key, secret]).toEqual(['sk_live_x', 'whsec_y']);
    expect(calls).toEqual([{ Names: ['/gm/stripe/secret-key', '/gm/stripe/webhook-secret'], WithDecryption: true }]);
    await parameters.get('/gm/stripe/secret-key');
    expect(calls).toHaveLength(1);
  });

  it('names a missing parameter and does not cache failures', async () => {
    const { client, calls } = fakeClient({ '/gm/a': 'A' }, true);
    const parameters = createSsmParameters(client);
    await expect(parameters.get('/gm/a')).rejects.toThrow('throttled');
    await expect(parameters.get('/gm/a')).resolves.toBe('A');
    await expect(parameters.get('/gm/missing')).rejects.toBeInstanceOf(MissingParameterError);
    expect(calls).toHaveLength(3);
  });
});
