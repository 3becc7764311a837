import { Annotations, CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as cr from 'aws-cdk-lib/custom-resources';
import { ORIGIN_VERIFY_HEADER } from '@gm/functions/lib/edge';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from '@gm/shared/web/security-headers';
import type { Construct } from 'constructs';
import type { AppConfig } from './config.ts';

export type EdgeStackProps = StackProps & {
  config: AppConfig;
  webBucket: s3.IBucket;
  mediaBucket: s3.IBucket;
  /** Its regional endpoint is in the CSP: presigned uploads and the admin's presigned document views. */
  privateBucket: s3.IBucket;
  /** CloudFront's standard logs go here (prefix `cloudfront/`). */
  logBucket: s3.IBucket;
  /**
   * The CloudFront web ACL (issue 14): an ARN given as context, or the SSM parameter in us-east-1 that
   * the WAF stack writes (read at deploy by a custom resource: CloudFormation cannot resolve a parameter
   * of another region, and CDK's cross-region references need stacks bound to a region). None: no WAF.
   */
  webAcl?: { arn: string } | { parameterName: string; region: string };
};

/** Serves the SPA: any path without a file extension is a client-side route. */
export const SPA_FALLBACK = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * API Gateway only sees its own Host and CloudFront's address. The edge function hands the API the
 * viewer's host (tenant subdomain, links) as X-Forwarded-Host and the viewer's IP (rate limits) as
 * X-Viewer-Address, overwriting whatever the viewer sent in either (issue 14 "closed edge").
 */
export const FORWARD_HOST = `function handler(event) {
  var request = event.request;
  request.headers['x-forwarded-host'] = { value: request.headers.host.value };
  request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * The public entry point: the HTTP API (its routes live in the API stack's domain stacks) and the
 * CloudFront distribution serving the SPA, /api/* and /media/* from one origin per host name.
 */
export class EdgeStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly distribution: cloudfront.Distribution;
  /** The web origin used in e-mail links: https://<domainName>, else the CloudFront domain. */
  readonly appUrl: string;
  /** CloudFront sends it to the API as `x-origin-verify`; the API refuses requests without it. */
  readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      description: 'Gutscheinmarkt API (/api/v1/…), reached through CloudFront',
      createDefaultStage: false,
    });
    // Stage throttling: a flood is refused by API Gateway before it reaches (and bills) a Lambda.
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
    });
    // One JSON line per request (no bodies, no query strings: they may carry personal data).
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    (stage.node.defaultChild as apigw.CfnStage).accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        time: '$context.requestTime',
        method: '$context.httpMethod',
        route: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };
    // The API answers only CloudFront: this random value travels as an origin custom header, and the
    // functions compare it (functions/src/lib/edge.ts). Both read it by dynamic reference at deploy.
    this.originSecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: 'Gutscheinmarkt: CloudFront → API origin header value (x-origin-verify)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    // The buckets' policies (stateful stack) already admit this account's CloudFront; importing them
    // here keeps the origins from trying to edit those policies across stacks.
    const webBucket = s3.Bucket.fromBucketAttributes(this, 'WebBucket', {
      bucketArn: props.webBucket.bucketArn,
      bucketRegionalDomainName: props.webBucket.bucketRegionalDomainName,
    });
    const mediaBucket = s3.Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketArn: props.mediaBucket.bucketArn,
      bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
    });
    const originAccessControl = new cloudfront.S3OriginAccessControl(this, 'OriginAccessControl', {
      description: 'Gutscheinmarkt web and media buckets',
    });
    const webOrigin = origins.S3BucketOrigin.withOriginAccessControl(webBucket, { originAccessControl });
    const mediaOrigin = origins.S3BucketOrigin.withOriginAccessControl(mediaBucket, { originAccessControl });
    const apiOrigin = new origins.HttpOrigin(Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint)), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: this.originSecret.secretValue.unsafeUnwrap() },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Rewrites client-side routes to /index.html',
    });
    const forwardHost = new cloudfront.Function(this, 'ForwardHost', {
      code: cloudfront.FunctionCode.fromInline(FORWARD_HOST),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Passes the viewer host and IP to the API (X-Forwarded-Host, X-Viewer-Address)',
    });

    // Response headers on every behaviour (issue 14): CSP (shared/src/web/security-headers.ts), HSTS,
    // nosniff, referrer policy; /wp may be framed by partner sites, every other page not at all.
    const storageOrigins = [props.mediaBucket, props.privateBucket].map((b) => `https://${b.bucketRegionalDomainName}`);
    const securityHeaders = (id: string, embeddable: boolean, custom?: cloudfront.ResponseCustomHeader[]) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment: `Gutscheinmarkt security headers${embeddable ? ' (embeddable /wp)' : ''}`,
        securityHeadersBehavior: {
          contentSecurityPolicy: {
            contentSecurityPolicy: contentSecurityPolicy({ storageOrigins, embeddable }),
            override: true,
          },
          strictTransportSecurity: {
            accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
            includeSubdomains: true,
            override: true,
          },
          contentTypeOptions: { override: true },
          referrerPolicy: {
            referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
            override: true,
          },
          ...(embeddable ? {} : { frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true } }),
        },
        ...(custom ? { customHeadersBehavior: { customHeaders: custom } } : {}),
      });
    const pageHeaders = securityHeaders('SecurityHeaders', false);
    const embedHeaders = securityHeaders('EmbedSecurityHeaders', true);
    // Media render in the browser as the stored type, never as a download or sniffed as HTML.
    const mediaHeaders = securityHeaders('MediaSecurityHeaders', false, [
      { header: 'Content-Disposition', value: 'inline', override: true },
    ]);

    const withDomain = config.domainName && config.certificateArn;
    const webAclArn = props.webAcl && this.webAclArn(props.webAcl);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Gutscheinmarkt web, API and media',
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(webAclArn ? { webAclId: webAclArn } : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(withDomain
        ? {
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            domainNames: [config.domainName!, `*.${config.domainName}`],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn!),
          }
        : {}),
      defaultBehavior: {
        origin: webOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The embeddable voucher list (01 §2 /wp): the SPA like every page, but partner sites may frame it.
        '/wp': {
          origin: webOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: embedHeaders,
          compress: true,
          functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header but Host (API Gateway needs its own), so Authorization and Origin arrive.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: pageHeaders,
          compress: true,
          functionAssociations: [{ function: forwardHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        // The object key is the full path: /media/<key> is stored as media/<key>.
        '/media/*': {
          origin: mediaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaders,
          compress: true,
        },
      },
    });
    // Acknowledged: see the comment on the imported buckets.
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      "Bucket policies in the stateful stack grant this account's CloudFront read access",
    );

    this.appUrl = config.domainName
      ? `https://${config.domainName}`
      : `https://${this.distribution.distributionDomainName}`;
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'AppUrl', { value: this.appUrl });
    if (!webAclArn) {
      Annotations.of(this).addWarningV2('gm:noWaf', 'The distribution has no web ACL (context waf=false)');
    }
    if (config.domainName && !config.certificateArn) {
      Annotations.of(this).addWarningV2(
        'gm:noCertificate',
        `domainName ${config.domainName} is set without certificateArn: the distribution has no aliases`,
      );
    }
  }

  /** The web ACL's ARN: given, or read from its SSM parameter in us-east-1 at deploy (first deploy and on change). */
  private webAclArn(webAcl: NonNullable<EdgeStackProps['webAcl']>): string {
    if ('arn' in webAcl) return webAcl.arn;
    const parameterArn = this.formatArn({
      service: 'ssm',
      region: webAcl.region,
      resource: 'parameter',
      resourceName: webAcl.parameterName.replace(/^\//, ''),
    });
    const read = new cr.AwsCustomResource(this, 'WebAclArn', {
      resourceType: 'Custom::CrossRegionParameter',
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: webAcl.parameterName },
        region: webAcl.region,
        physicalResourceId: cr.PhysicalResourceId.of(webAcl.parameterName),
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['ssm:GetParameter'], resources: [parameterArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    return read.getResponseField('Parameter.Value');
  }
}
