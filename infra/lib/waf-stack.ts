import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { API_PREFIX } from '@gm/functions/routes';

/** CloudFront only takes web ACLs of scope CLOUDFRONT, and those exist only in us-east-1. */
export const WAF_REGION = 'us-east-1';

/** Where the web ACL's ARN is published in us-east-1; the edge stack reads it at deploy (edge-stack.ts). */
export const wafArnParameterName = (stackPrefix: string) => `/${stackPrefix.toLowerCase()}/waf/web-acl-arn`;

/** AWS managed rule groups, in evaluation order after the rate rule. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * Stripe posts events of any size with customer-chosen text (names, addresses, descriptions): the
 * common rule set's body rules must not refuse them; the signature is the webhook's protection.
 */
export const STRIPE_WEBHOOK_PATH = `${API_PREFIX}stripe/webhook`;

export type WafStackProps = StackProps & {
  stackPrefix: string;
  /** Requests per client IP in 5 minutes before the rate rule blocks it. */
  rateLimit: number;
};

/**
 * The CloudFront web ACL (issue 14), in a stack of its own pinned to us-east-1. Rules: a per-IP rate
 * limit, Amazon's IP reputation list, known bad inputs (Log4j, Java deserialisation, …) and the core
 * rule set. Of the core set, `SizeRestrictions_BODY` (bodies over 8 KB) only counts: seller
 * registrations carry ID documents as multipart bodies and the API limits bodies itself (413 above
 * MAX_REQUEST_BODY_BYTES); and the Stripe webhook is outside the core set (see STRIPE_WEBHOOK_PATH).
 */
export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly webAclName: string;

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    });
    const managed = (
      name: (typeof MANAGED_RULE_GROUPS)[number],
      priority: number,
      extra: Partial<wafv2.CfnWebACL.ManagedRuleGroupStatementProperty> = {},
    ): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...extra } },
      visibilityConfig: visibility(name),
    });

    this.webAclName = `${props.stackPrefix}-web`;
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: this.webAclName,
      description: 'Gutscheinmarkt CloudFront: rate limit per IP and AWS managed rule groups',
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`${props.stackPrefix}-web`),
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
          },
          visibilityConfig: visibility('RatePerIp'),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 1),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 2),
        managed('AWSManagedRulesCommonRuleSet', 3, {
          ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
          scopeDownStatement: {
            notStatement: {
              statement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: STRIPE_WEBHOOK_PATH,
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
        }),
      ],
    });

    new ssm.StringParameter(this, 'WebAclArn', {
      parameterName: wafArnParameterName(props.stackPrefix),
      description: 'The Gutscheinmarkt CloudFront web ACL; the edge stack reads it across regions',
      stringValue: this.webAcl.attrArn,
    });
    new CfnOutput(this, 'WebAclArnOutput', { value: this.webAcl.attrArn });
  }
}
