import type { Stack } from 'aws-cdk-lib';

/** What ses:SendEmail is checked against: the identities, and the configuration set named in every call. */
export function sesSendResources(stack: Stack, configurationSet: string): string[] {
  return [
    stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
    stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet }),
  ];
}
