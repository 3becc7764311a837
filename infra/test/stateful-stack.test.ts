import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { TABLE_DEFINITION } from '@gm/functions/repositories/table-definition';
import { ROLE_IDS } from '@gm/shared/auth/roles';
import { EXPORTS_PREFIX, UPLOADS_PREFIX, MAIL_OUTBOX_PREFIX } from '@gm/functions/adapters/bucket-prefixes';
import { PRE_TOKEN_GENERATION_ENTRY } from '../lib/stateful-stack.ts';
import { resourcesOfType, synthApp, type SynthesisedApp } from './synth-app.ts';

describe('stateful stack', () => {
  let synth: SynthesisedApp;
  let template: Template;
  beforeAll(() => {
    synth = synthApp();
    template = Template.fromStack(synth.stateful);
  }, 60_000);
  afterAll(() => synth.cleanup());

  it('keeps the table: PITR, deletion protection, RETAIN, on-demand, TTL, GSIs with ALL projection', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        DeletionProtectionEnabled: true,
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
        KeySchema: [
          { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE_DEFINITION.globalIndexes.map((gsi) => ({
          IndexName: gsi.indexName,
          KeySchema: [
            { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
            { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    });
  });

  it('has exactly the media, private and web buckets, each private, versioned, encrypted, retained and access-logged, and their log bucket', () => {
    const buckets = resourcesOfType(template, 'AWS::S3::Bucket');
    expect(buckets.map(([id]) => id.replace(/[0-9A-F]{8}$/, '')).sort()).toEqual([
      'LogBucket',
      'MediaBucket',
      'PrivateBucket',
      'WebBucket',
    ]);
    for (const [id, bucket] of buckets) {
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      if (id.startsWith('LogBucket')) {
        // CloudFront's standard logging writes with ACLs; the logs expire after 90 days.
        expect(bucket.Properties).toMatchObject({
          OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
        });
        continue;
      }
      expect(bucket.Properties).toMatchObject({
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: { DestinationBucketName: { Ref: expect.stringMatching(/^LogBucket/) } },
      });
    }
  });

  it('expires unclaimed uploads/ and exports/ in the private bucket after 1 day, all versions; nothing else expires', () => {
    const buckets = Object.fromEntries(
      resourcesOfType(template, 'AWS::S3::Bucket').map(([id, bucket]) => [id.replace(/[0-9A-F]{8}$/, ''), bucket]),
    );
    const rules = (name: string) =>
      (buckets[name]!.Properties as { LifecycleConfiguration: { Rules: Array<Record<string, unknown>> } })
        .LifecycleConfiguration.Rules;
    const temporary = rules('PrivateBucket').filter((rule) => rule.ExpirationInDays !== undefined);
    expect(temporary).toEqual(
      [
        [UPLOADS_PREFIX, 1],
        [EXPORTS_PREFIX, 1],
        // Large mail jobs (claim check, issue 14): as long as the dead-letter queue keeps a job, and a day.
        [MAIL_OUTBOX_PREFIX, 15],
      ].map(([prefix, days]) => ({
        Id: `Expire-${String(prefix).replace(/[^A-Za-z0-9]/g, '')}`,
        Status: 'Enabled',
        Prefix: prefix,
        ExpirationInDays: days,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      })),
    );
    expect([UPLOADS_PREFIX, EXPORTS_PREFIX]).toEqual(['uploads/', 'exports/']);
    // ID documents and everything else in the private bucket, and all media, never expire (only old versions do, after 90 days).
    for (const name of ['MediaBucket', 'PrivateBucket', 'WebBucket']) {
      const unprefixed = rules(name).filter((rule) => rule.Prefix === undefined);
      expect(unprefixed, name).toEqual([
        {
          Status: 'Enabled',
          NoncurrentVersionExpiration: { NoncurrentDays: 90 },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 7 },
        },
      ]);
      if (name !== 'PrivateBucket') expect(rules(name), name).toEqual(unprefixed);
    }
  });

  it('enforces SSL on every bucket and lets CloudFront read only media/* and the web bucket', () => {
    const policies = resourcesOfType(template, 'AWS::S3::BucketPolicy');
    // The three buckets and the log bucket (S3's log delivery writes there).
    expect(policies).toHaveLength(4);
    const cloudFrontGrants: string[] = [];
    for (const [, policy] of policies) {
      const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement;
      expect(statements).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
      for (const s of statements.filter((st) => JSON.stringify(st.Principal).includes('cloudfront'))) {
        cloudFrontGrants.push(JSON.stringify(s.Resource));
      }
    }
    expect(cloudFrontGrants).toHaveLength(2);
    expect(cloudFrontGrants.some((r) => r.includes('MediaBucket') && r.includes('/media/*'))).toBe(true);
    expect(cloudFrontGrants.some((r) => r.includes('PrivateBucket'))).toBe(false);
  });

  it('signs in by e-mail, has no self sign-up, an immutable user_id and min-8 passwords', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        DeletionProtection: 'ACTIVE',
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
        Schema: Match.arrayWith([Match.objectLike({ Name: 'user_id', Mutable: false, AttributeDataType: 'String' })]),
      }),
    });
  });

  it('has the four role groups with the spec role ids as precedence', () => {
    for (const [name, id] of Object.entries(ROLE_IDS)) {
      template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: name, Precedence: id });
    }
    template.resourceCountIs('AWS::Cognito::UserPoolGroup', 4);
  });

  it('has a public web client with password, SRP and refresh flows and no social providers by default', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      SupportedIdentityProviders: ['COGNITO'],
    });
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });

  it('issues one-hour ID tokens and revocable refresh tokens for 30 days (sessions for a working day)', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
      EnableTokenRevocation: true,
    });
  });

  it('has no Cognito trigger without social providers: password sign-ins call no Lambda', () => {
    expect(synth.stateful.preTokenGeneration).toBeUndefined();
    template.resourceCountIs('AWS::Lambda::Function', 0);
    const [[, pool]] = resourcesOfType(template, 'AWS::Cognito::UserPool') as [
      [string, { Properties: Record<string, unknown> }],
    ];
    expect(pool.Properties.LambdaConfig).toBeUndefined();
  });
});

describe('stateful stack with a domain and social sign-in', () => {
  let synth: SynthesisedApp;
  let template: Template;
  beforeAll(() => {
    synth = synthApp({ domainName: 'gutscheinmarkt.at', googleClientId: 'google-id', facebookAppId: 'facebook-id' });
    template = Template.fromStack(synth.stateful);
  }, 60_000);
  afterAll(() => synth.cleanup());

  it('creates Google and Facebook with secrets from Secrets Manager, and the hosted domain', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: 'google-id',
        client_secret: '{{resolve:secretsmanager:gutscheinmarkt/google-client-secret:SecretString:::}}',
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Facebook',
      ProviderDetails: Match.objectLike({
        client_id: 'facebook-id',
        client_secret: '{{resolve:secretsmanager:gutscheinmarkt/facebook-app-secret:SecretString:::}}',
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: Match.arrayWith(['COGNITO', 'Google', 'Facebook']),
      CallbackURLs: ['https://gutscheinmarkt.at/login'],
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'gutscheinmarkt-at' });
  });

  it('maps Google e-mail verification and names, and Facebook names', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Google',
      AttributeMapping: {
        email: 'email',
        email_verified: 'email_verified',
        given_name: 'given_name',
        family_name: 'family_name',
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'Facebook',
      AttributeMapping: { email: 'email', given_name: 'first_name', family_name: 'last_name' },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayWith(['openid', 'email', 'profile']),
    });
  });

  it('wires the pre token generation trigger: its own module, the table only, invoked by this pool', () => {
    expect(synth.stateful.preTokenGeneration?.entry).toBe(PRE_TOKEN_GENERATION_ENTRY);
    const functions = resourcesOfType(template, 'AWS::Lambda::Function');
    expect(functions).toHaveLength(1);
    const [[fnId, fn]] = functions as [[string, { Properties: Record<string, unknown> }]];
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Timeout: 5,
      TracingConfig: { Mode: 'Active' },
    });
    // Only the table: naming the pool or its client here would make pool → trigger → pool a cycle.
    const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(vars).sort()).toEqual([
      'POWERTOOLS_LOG_LEVEL',
      'POWERTOOLS_METRICS_NAMESPACE',
      'POWERTOOLS_SERVICE_NAME',
      'TABLE_NAME',
    ]);
    expect(JSON.stringify(vars.TABLE_NAME)).toContain('Table');

    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreTokenGeneration: { 'Fn::GetAtt': [fnId, 'Arn'] } },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fnId, 'Arn'] },
    });

    const logGroupRef = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    template.hasResourceProperties('AWS::Logs::LogGroup', Match.objectLike({ RetentionInDays: 30 }));
    expect(template.toJSON().Resources[logGroupRef]).toBeDefined();

    const statements = resourcesOfType(template, 'AWS::IAM::Policy').flatMap(
      ([, policy]) =>
        (policy.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] })
          .Statement,
    );
    const dynamo = statements.filter((st) => JSON.stringify(st.Action).includes('dynamodb:'));
    expect(dynamo).toHaveLength(1);
    expect([dynamo[0]!.Action].flat().sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    expect(JSON.stringify(dynamo[0]!.Resource)).toContain('Table');
    expect(statements.some((st) => JSON.stringify(st.Action).includes('cognito-idp:'))).toBe(false);
  });

  it('publishes the hosted UI base URL and provider names for the web build', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    const [domainId] = Object.keys(template.findResources('AWS::Cognito::UserPoolDomain'));
    expect(outputs.HostedUiBaseUrl?.Value).toEqual({
      'Fn::Join': ['', ['https://', { Ref: domainId }, '.auth.', { Ref: 'AWS::Region' }, '.amazoncognito.com']],
    });
    expect(outputs.SocialProviders?.Value).toBe('Google,Facebook');
  });

  it('creates the SES domain identity', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'gutscheinmarkt.at' });
  });
});
