import * as path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { ROLE_IDS, ROLE_NAMES } from '@gm/shared/auth/roles';
import { TABLE_DEFINITION } from '@gm/functions/repositories/table-definition';
import { SEARCH_SNAPSHOTS_PREFIX, TEMPORARY_PRIVATE_PREFIXES } from '@gm/functions/adapters/bucket-prefixes';
import type { AppConfig } from './config.ts';
import { ApiFunction, REPO_ROOT } from './constructs/api-function.ts';

/**
 * The SES event destination's CloudWatch metrics (namespace AWS/SES, metric names Send, Delivery,
 * Bounce, Complaint, Reject): our mails carry no tag, so every event has this one dimension value.
 */
export const MAIL_METRICS = { dimension: 'mail', value: 'gutscheinmarkt' } as const;

/** Public images are served by CloudFront under /media/<key> and stored at this key prefix. */
export const MEDIA_KEY_PREFIX = 'media/';

export type StatefulStackProps = StackProps & { config: AppConfig };

/** The Cognito trigger that gives social sign-ins our user id and role (functions/src/triggers). */
export const PRE_TOKEN_GENERATION_ENTRY = path.join(REPO_ROOT, 'functions/src/triggers/pre-token-generation.ts');

/**
 * Everything that holds data: the table, the buckets, the user pool and the mail identity. Nothing
 * here is deleted with the stack, and the code stacks can be torn down and rebuilt around it.
 */
export class StatefulStack extends Stack {
  readonly table: dynamodb.Table;
  readonly mediaBucket: s3.Bucket;
  readonly privateBucket: s3.Bucket;
  readonly webBucket: s3.Bucket;
  /** S3 server access logs of the three buckets and CloudFront's standard logs (90 days). */
  readonly logBucket: s3.Bucket;
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  /** The domain SES sends from, when one is configured. */
  readonly mailIdentity: ses.EmailIdentity | undefined;
  /**
   * Every mail is sent with it (SES_CONFIGURATION_SET; also the identity's default): bounces,
   * complaints, rejects, sends and deliveries become CloudWatch metrics (MAIL_METRICS) the alarms read.
   */
  readonly mailConfigurationSet: ses.ConfigurationSet;
  /** Only with social sign-in: maps federated users to our profiles (docs/decisions/accounts.md). */
  readonly preTokenGeneration: ApiFunction | undefined;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE_DEFINITION.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE_DEFINITION.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      // Off-path consumers (issue 15): the stats aggregator sums sales and redemptions from it.
      stream: dynamodb.StreamViewType[TABLE_DEFINITION.stream],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of TABLE_DEFINITION.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    // Browsers upload straight to S3 with presigned POSTs, so the upload buckets answer CORS for the shop's hosts.
    const uploadOrigins = config.domainName
      ? [`https://${config.domainName}`, `https://*.${config.domainName}`]
      : ['*'];
    // Access logs of the buckets and of the distribution. CloudFront's standard logging writes with
    // ACLs, so this one bucket keeps ACLs enabled (object writer); nothing in it is ever public.
    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });
    this.mediaBucket = this.bucket('MediaBucket', uploadOrigins);
    // Unclaimed presigned uploads (and any other temporary prefix) expire, all versions included.
    this.privateBucket = this.bucket('PrivateBucket', uploadOrigins, TEMPORARY_PRIVATE_PREFIXES);
    // Replaced search snapshots (issue 15) are deleted by the next build; their noncurrent versions go a day later.
    this.privateBucket.addLifecycleRule({
      id: 'Expire-searchsnapshots-noncurrent',
      prefix: SEARCH_SNAPSHOTS_PREFIX,
      noncurrentVersionExpiration: Duration.days(1),
    });
    this.webBucket = this.bucket('WebBucket');

    // CloudFront reads through Origin Access Control. The distribution lives in the edge stack, which
    // depends on this one, so its ARN can't be named here without a cycle: any distribution of this
    // account may read, and only the public content (media/*, the SPA) — never the private bucket.
    this.allowCloudFrontRead(this.mediaBucket, `${MEDIA_KEY_PREFIX}*`);
    this.allowCloudFrontRead(this.webBucket, '*');

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Our API registers users with the Admin APIs; nobody signs up against Cognito directly.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: { user_id: new cognito.StringAttribute({ mutable: false, minLen: 1, maxLen: 64 }) },
      // The app's own rule (shared/validation/fields.ts) is 8–16 characters, no character classes.
      passwordPolicy: {
        minLength: 8,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: cognito.FeaturePlan.LITE,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    for (const role of ROLE_NAMES) {
      new cognito.CfnUserPoolGroup(this, `Group-${role}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        precedence: ROLE_IDS[role],
        description: `Role ${ROLE_IDS[role]} (${role})`,
      });
    }

    const providers = this.socialProviders(config);
    this.webClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      preventUserExistenceErrors: true,
      // Sessions for a working day (issue 14): the API keeps the refresh token behind an httpOnly
      // cookie and renews the one-hour ID token for 30 days; logout revokes the refresh token.
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO, ...providers.map((p) => p.kind)],
      ...(providers.length > 0 && config.domainName
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL, cognito.OAuthScope.PROFILE],
              callbackUrls: [`https://${config.domainName}/login`],
              logoutUrls: [`https://${config.domainName}/`],
            },
          }
        : { disableOAuth: true }),
    });
    for (const provider of providers) this.webClient.node.addDependency(provider.resource);

    if (providers.length > 0 && config.authDomainPrefix) {
      const domain = this.userPool.addDomain('HostedDomain', {
        cognitoDomain: { domainPrefix: config.authDomainPrefix },
      });
      // For the web build: VITE_COGNITO_DOMAIN, VITE_SOCIAL_PROVIDERS (with WebClientId → VITE_COGNITO_CLIENT_ID).
      new CfnOutput(this, 'HostedUiBaseUrl', { value: domain.baseUrl() });
      new CfnOutput(this, 'SocialProviders', { value: providers.map((p) => p.kind.name).join(',') });
    }

    // Social sign-ins get our user id and role from this trigger. It lives here, beside the pool, because
    // the pool names it, and it only knows the table (naming the pool or its client would be a cycle).
    // Without providers there is no trigger, so password sign-ins pay no extra Lambda call.
    this.preTokenGeneration = providers.length > 0 ? this.preTokenGenerationTrigger() : undefined;

    // For the deploy workflow (web upload to WebBucketName) and operators.
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
    new CfnOutput(this, 'PrivateBucketName', { value: this.privateBucket.bucketName });
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'WebClientId', { value: this.webClient.userPoolClientId });

    this.mailConfigurationSet = new ses.ConfigurationSet(this, 'MailConfiguration', {
      reputationMetrics: true,
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.mailConfigurationSet.addEventDestination('MailMetrics', {
      destination: ses.EventDestination.cloudWatchDimensions([
        {
          name: MAIL_METRICS.dimension,
          source: ses.CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: MAIL_METRICS.value,
        },
      ]),
      events: [
        ses.EmailSendingEvent.SEND,
        ses.EmailSendingEvent.DELIVERY,
        ses.EmailSendingEvent.BOUNCE,
        ses.EmailSendingEvent.COMPLAINT,
        ses.EmailSendingEvent.REJECT,
      ],
    });

    if (config.domainName) {
      this.mailIdentity = new ses.EmailIdentity(this, 'MailDomain', {
        identity: ses.Identity.domain(config.domainName),
        configurationSet: this.mailConfigurationSet,
      });
      this.mailIdentity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: 'DNS record for SES DKIM',
        });
      });
    }
  }

  private preTokenGenerationTrigger(): ApiFunction {
    const fn = new ApiFunction(this, 'PreTokenGeneration', {
      entry: PRE_TOKEN_GENERATION_ENTRY,
      description: 'Cognito pre token generation: our user id and role for social sign-ins',
      // Cognito waits at most 5 s for a trigger.
      timeout: Duration.seconds(5),
      environment: { TABLE_NAME: this.table.tableName },
    });
    // Reads identity, e-mail and profile items; puts the identity item or a new profile transaction (Puts only).
    this.table.grant(fn, 'dynamodb:GetItem', 'dynamodb:PutItem');
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION, fn);
    return fn;
  }

  private bucket(
    id: string,
    corsOrigins?: string[],
    temporaryPrefixes: ReadonlyArray<{ prefix: string; days: number }> = [],
  ): s3.Bucket {
    return new s3.Bucket(this, id, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: `s3/${id}/`,
      lifecycleRules: [
        { noncurrentVersionExpiration: Duration.days(90), abortIncompleteMultipartUploadAfter: Duration.days(7) },
        // The bucket is versioned: expiring the current version only adds a delete marker, so the noncurrent
        // version goes a day later too (S3 then removes the lone delete marker itself).
        ...temporaryPrefixes.map(({ prefix, days }) => ({
          id: `Expire-${prefix.replace(/[^A-Za-z0-9]/g, '')}`,
          prefix,
          expiration: Duration.days(days),
          noncurrentVersionExpiration: Duration.days(1),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        })),
      ],
      ...(corsOrigins
        ? {
            cors: [
              {
                allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.POST],
                allowedOrigins: corsOrigins,
                allowedHeaders: ['*'],
                exposedHeaders: ['ETag'],
                maxAge: 3000,
              },
            ],
          }
        : {}),
    });
  }

  private allowCloudFrontRead(bucket: s3.Bucket, keyPattern: string): void {
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontOriginAccessControlRead',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [bucket.arnForObjects(keyPattern)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );
  }

  private socialProviders(config: AppConfig) {
    const providers: { kind: cognito.UserPoolClientIdentityProvider; resource: Construct }[] = [];
    if (config.google) {
      providers.push({
        kind: cognito.UserPoolClientIdentityProvider.GOOGLE,
        resource: new cognito.UserPoolIdentityProviderGoogle(this, 'Google', {
          userPool: this.userPool,
          clientId: config.google.clientId,
          clientSecretValue: SecretValue.secretsManager(config.google.secretName),
          scopes: ['openid', 'email', 'profile'],
          // email_verified decides whether a Google sign-in may take over an existing account with that address.
          attributeMapping: {
            email: cognito.ProviderAttribute.GOOGLE_EMAIL,
            emailVerified: cognito.ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
            givenName: cognito.ProviderAttribute.GOOGLE_GIVEN_NAME,
            familyName: cognito.ProviderAttribute.GOOGLE_FAMILY_NAME,
          },
        }),
      });
    }
    if (config.facebook) {
      providers.push({
        kind: cognito.UserPoolClientIdentityProvider.FACEBOOK,
        resource: new cognito.UserPoolIdentityProviderFacebook(this, 'Facebook', {
          userPool: this.userPool,
          clientId: config.facebook.clientId,
          // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:…}}); never in the template.
          clientSecret: SecretValue.secretsManager(config.facebook.secretName).unsafeUnwrap(),
          scopes: ['public_profile', 'email'],
          // Facebook sends no verification flag: such addresses never take over an existing account.
          attributeMapping: {
            email: cognito.ProviderAttribute.FACEBOOK_EMAIL,
            givenName: cognito.ProviderAttribute.FACEBOOK_FIRST_NAME,
            familyName: cognito.ProviderAttribute.FACEBOOK_LAST_NAME,
          },
        }),
      });
    }
    return providers;
  }
}
