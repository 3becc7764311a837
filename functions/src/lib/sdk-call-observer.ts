import { traceSdkCall } from './xray.ts';

/**
 * The one middleware on every client of lib/clients.ts. On Lambda it records each call as an X-Ray
 * subsegment (xray.ts; nothing when the invocation is not sampled). For the local API only, every call
 * is also shown to the observer installed with `setSdkCallObserver` (scripts/dev/local-api.ts checks
 * each call against the calling route's declared capabilities, functions/src/capabilities.ts).
 * Without an observer and a sampled trace (always off Lambda) the middleware is two lookups.
 */
export type SdkService = 'dynamodb' | 's3' | 'ses' | 'sqs' | 'cognito' | 'ssm';
export type SdkCall = { service: SdkService; command: string; input: Record<string, unknown> };
export type SdkCallObserver = (call: SdkCall) => void;

// On globalThis, so a second copy of this module (a test runner's own module graph) sees the same observer.
const KEY = Symbol.for('gutscheinmarkt.sdkCallObserver');
type Holder = { [KEY]?: SdkCallObserver };

export function setSdkCallObserver(observer: SdkCallObserver | undefined): void {
  (globalThis as Holder)[KEY] = observer;
}

type MiddlewareClient = {
  middlewareStack: {
    add(
      middleware: (
        next: (args: { input: object }) => Promise<unknown>,
        context: { clientName?: string; commandName?: string },
      ) => (args: { input: object }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
};

/** Shows every command of `client` to the observer before it is sent, and traces it. */
export function observeSdkCalls<T>(client: T, service: SdkService): T {
  (client as unknown as MiddlewareClient).middlewareStack.add(
    (next, context) => async (args) => {
      const observer = (globalThis as Holder)[KEY];
      if (observer) {
        observer({ service, command: context.commandName ?? 'unknown', input: args.input as Record<string, unknown> });
      }
      return traceSdkCall(context, args.input as Record<string, unknown>, () => next(args));
    },
    { step: 'initialize', name: 'gmSdkCallObserver' },
  );
  return client;
}
