/**
 * A hook for the local API only: every AWS SDK call the clients of lib/clients.ts send is shown to
 * the observer installed with `setSdkCallObserver` (scripts/dev/local-api.ts checks each call
 * against the calling route's declared capabilities, functions/src/capabilities.ts). Without an
 * observer (always on AWS) the middleware is one property lookup.
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
        context: { commandName?: string },
      ) => (args: { input: object }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
};

/** Shows every command of `client` to the observer before it is sent. */
export function observeSdkCalls<T>(client: T, service: SdkService): T {
  (client as unknown as MiddlewareClient).middlewareStack.add(
    (next, context) => async (args) => {
      const observer = (globalThis as Holder)[KEY];
      if (observer) {
        observer({ service, command: context.commandName ?? 'unknown', input: args.input as Record<string, unknown> });
      }
      return next(args);
    },
    { step: 'initialize', name: 'gmSdkCallObserver' },
  );
  return client;
}
