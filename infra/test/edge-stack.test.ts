import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { FORWARD_HOST, SPA_FALLBACK } from '../lib/edge-stack.ts';
import { synthApp, type SynthesisedApp } from './synth-app.ts';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

type Behavior = Record<string, unknown> & { PathPattern?: string; TargetOriginId: string };
type DistributionConfig = {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
  Aliases?: string[];
  ViewerCertificate?: Record<string, unknown>;
};

function distributionConfig(template: Template): DistributionConfig {
  const [distribution] = Object.values(template.findResources('AWS::CloudFront::Distribution'));
  return (distribution as { Properties: { DistributionConfig: DistributionConfig } }).Properties.DistributionConfig;
}

/** Runs a CloudFront Function's source in Node; the viewer-request code is plain ES5. */
function cloudFrontFunction(
  source: string,
): (event: unknown) => { uri: string; headers: Record<string, { value: string }> } {
  return new Function(`${source}; return handler;`)() as ReturnType<typeof cloudFrontFunction>;
}

describe('edge stack', () => {
  let synth: SynthesisedApp;
  let template: Template;
  let config: DistributionConfig;
  beforeAll(() => {
    synth = synthApp();
    template = Template.fromStack(synth.edge);
    config = distributionConfig(template);
  }, 60_000);
  afterAll(() => synth.cleanup());

  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern)!;
  const origin = (id: string) => config.Origins.find((o) => o.Id === id)!;

  it('has one HTTP API with the auto-deployed $default stage', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: '$default', AutoDeploy: true });
  });

  it('logs every API request (JSON, no bodies) and every CloudFront request to the log bucket', () => {
    const [stage] = Object.values(template.findResources('AWS::ApiGatewayV2::Stage')) as {
      Properties: { AccessLogSettings?: { DestinationArn: unknown; Format: string } };
    }[];
    const format = JSON.parse(stage!.Properties.AccessLogSettings!.Format) as Record<string, string>;
    expect(format).toMatchObject({ route: '$context.routeKey', status: '$context.status' });
    expect(Object.values(format).join(' ')).not.toMatch(/body|querystring/i);
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
    const logging = (config as unknown as { Logging?: { Bucket: unknown; Prefix: string } }).Logging;
    expect(logging?.Prefix).toBe('cloudfront/');
    expect(JSON.stringify(logging?.Bucket)).toContain('LogBucket');
  });

  it('serves the SPA from the web bucket through OAC, with the fallback function on the default behaviour only', () => {
    const web = origin(config.DefaultCacheBehavior.TargetOriginId);
    expect(JSON.stringify(web.DomainName)).toContain('WebBucket');
    expect(web.OriginAccessControlId).toBeDefined();
    expect(config.DefaultCacheBehavior).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1);
    expect(behavior('/media/*').FunctionAssociations).toBeUndefined();
  });

  it('sends /api/* uncached to the HTTP API with every viewer header but Host', () => {
    const api = behavior('/api/*');
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST,
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
    });
    expect(JSON.stringify(origin(api.TargetOriginId).DomainName)).toContain('HttpApi');
  });

  it('serves /media/* from the media bucket through OAC without rewriting the path', () => {
    const media = behavior('/media/*');
    const mediaOrigin = origin(media.TargetOriginId);
    expect(JSON.stringify(mediaOrigin.DomainName)).toContain('MediaBucket');
    expect(mediaOrigin.OriginAccessControlId).toBeDefined();
    expect(mediaOrigin).not.toHaveProperty('OriginPath');
    expect(media.CachePolicyId).toBe(CACHING_OPTIMIZED);
  });

  it('rewrites client-side routes to /index.html and leaves files alone', () => {
    const spa = cloudFrontFunction(SPA_FALLBACK);
    const run = (uri: string) => spa({ request: { uri, headers: {} } }).uri;
    expect(run('/')).toBe('/index.html');
    expect(run('/voucher/12')).toBe('/index.html');
    expect(run('/account/orders/')).toBe('/index.html');
    expect(run('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(run('/favicon.ico')).toBe('/favicon.ico');
  });

  it('passes the viewer host and IP to the API, replacing spoofed ones', () => {
    const forward = cloudFrontFunction(FORWARD_HOST);
    const request = forward({
      viewer: { ip: '203.0.113.9' },
      request: {
        uri: '/api/v1/voucher',
        headers: {
          host: { value: 'bergbahn.gutscheinmarkt.at' },
          'x-forwarded-host': { value: 'evil.example' },
          'x-viewer-address': { value: '10.0.0.1' },
        },
      },
    });
    expect(request.headers['x-forwarded-host']).toEqual({ value: 'bergbahn.gutscheinmarkt.at' });
    expect(request.headers['x-viewer-address']).toEqual({ value: '203.0.113.9' });
  });

  it('closes the edge: the API origin carries the secret header, every API function compares it, the stage is throttled', () => {
    const api = config.Origins.find((o) => !o.S3OriginConfig) as unknown as {
      CustomOriginConfig: unknown;
      OriginCustomHeaders: { HeaderName: string; HeaderValue: unknown }[];
    };
    expect(api.OriginCustomHeaders.map((h) => h.HeaderName)).toEqual(['x-origin-verify']);
    // The value is a dynamic reference to the generated secret, never a literal in the template.
    expect(JSON.stringify(api.OriginCustomHeaders[0]!.HeaderValue)).toContain('resolve:secretsmanager');
    template.resourceCountIs('AWS::SecretsManager::Secret', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 }),
    });
    for (const stack of synth.api.domainStacks.values()) {
      const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
      for (const fn of Object.values(functions) as {
        Properties: { Environment: { Variables: Record<string, unknown> } };
      }[])
        expect(JSON.stringify(fn.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET)).toContain(
          'resolve:secretsmanager',
        );
    }
  });

  it('sends the security headers on every behaviour: CSP, HSTS, nosniff, referrer policy; only /wp may be framed', () => {
    const policies = template.findResources('AWS::CloudFront::ResponseHeadersPolicy') as Record<
      string,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON, asserted field by field
      { Properties: { ResponseHeadersPolicyConfig: Record<string, any> } }
    >;
    const byRef = (behavior: Behavior) =>
      policies[(behavior.ResponseHeadersPolicyId as { Ref: string }).Ref]!.Properties.ResponseHeadersPolicyConfig;
    const behaviors = [config.DefaultCacheBehavior, ...config.CacheBehaviors];
    expect(behaviors.map((b) => b.PathPattern ?? 'default').sort()).toEqual(['/api/*', '/media/*', '/wp', 'default']);
    for (const behavior of behaviors) {
      const headers = byRef(behavior).SecurityHeadersConfig;
      const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
      expect(csp, behavior.PathPattern).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(headers.StrictTransportSecurity).toMatchObject({
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
      });
      expect(headers.ContentTypeOptions).toMatchObject({ Override: true });
      expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
      if (behavior.PathPattern === '/wp') {
        expect(csp).toContain('frame-ancestors https:');
        expect(headers.FrameOptions).toBeUndefined();
      } else {
        expect(csp).toContain("frame-ancestors 'none'");
        expect(headers.FrameOptions).toMatchObject({ FrameOption: 'DENY' });
      }
    }
    const media = behaviors.find((b) => b.PathPattern === '/media/*')!;
    expect(byRef(media).CustomHeadersConfig.Items).toEqual([
      { Header: 'Content-Disposition', Value: 'inline', Override: true },
    ]);
  });

  it('has no aliases without domain context', () => {
    expect(config.Aliases).toBeUndefined();
  });
});

describe('edge stack with domain and certificate', () => {
  it('answers on the domain and its tenant wildcard with the us-east-1 certificate', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
    const synth = synthApp({ domainName: 'gutscheinmarkt.at', certificateArn });
    try {
      const template = Template.fromStack(synth.edge);
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Aliases: ['gutscheinmarkt.at', '*.gutscheinmarkt.at'],
          ViewerCertificate: Match.objectLike({
            AcmCertificateArn: certificateArn,
            MinimumProtocolVersion: 'TLSv1.2_2021',
            SslSupportMethod: 'sni-only',
          }),
        }),
      });
    } finally {
      synth.cleanup();
    }
  });

  it('rejects a certificate outside us-east-1', () => {
    expect(() =>
      synthApp({
        domainName: 'gutscheinmarkt.at',
        certificateArn: 'arn:aws:acm:eu-central-1:123456789012:certificate/abc',
      }),
    ).toThrow(/us-east-1/);
  });
});
