import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SSMClient } from '@aws-sdk/client-ssm';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dataEnv, env } from './env.ts';
import { observeSdkCalls } from './sdk-call-observer.ts';

/**
 * AWS clients, built once per Lambda container and reused; only endpoints differ locally. Each goes
 * through `observeSdkCalls`: on AWS an X-Ray subsegment per call (xray.ts), locally the capability check.
 */
const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function local<T extends object>(endpoint: string | undefined, extra: T = {} as T) {
  return endpoint ? { endpoint, credentials: LOCAL_CREDENTIALS, ...extra } : {};
}

let dynamo: DynamoDBDocumentClient | undefined;
export function documentClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const e = dataEnv();
    const base = observeSdkCalls(
      new DynamoDBClient({ region: e.AWS_REGION, ...local(e.DYNAMODB_ENDPOINT) }),
      'dynamodb',
    );
    dynamo = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  }
  return dynamo;
}

let s3: S3Client | undefined;
export function s3Client(): S3Client {
  if (!s3) {
    const e = env();
    s3 = observeSdkCalls(
      new S3Client({
        region: e.AWS_REGION,
        ...local(e.S3_ENDPOINT, {
          forcePathStyle: true,
          // s3rver stores streamed uploads corrupted with the SDK's default checksums (local-services.md).
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }),
      }),
      's3',
    );
  }
  return s3;
}

let ses: SESv2Client | undefined;
export function sesClient(): SESv2Client {
  if (!ses) {
    const e = env();
    ses = observeSdkCalls(new SESv2Client({ region: e.AWS_REGION, ...local(e.SES_ENDPOINT) }), 'ses');
  }
  return ses;
}

let sqs: SQSClient | undefined;
export function sqsClient(): SQSClient {
  if (!sqs) {
    const e = env();
    sqs = observeSdkCalls(new SQSClient({ region: e.AWS_REGION, ...local(e.SQS_ENDPOINT) }), 'sqs');
  }
  return sqs;
}

let cognito: CognitoIdentityProviderClient | undefined;
export function cognitoClient(): CognitoIdentityProviderClient {
  if (!cognito) {
    const e = env();
    cognito = observeSdkCalls(
      new CognitoIdentityProviderClient({ region: e.AWS_REGION, ...local(e.COGNITO_ENDPOINT) }),
      'cognito',
    );
  }
  return cognito;
}

/** Parameter Store (the Stripe keys on AWS); not used locally, where the keys come from the env. */
let ssm: SSMClient | undefined;
export function ssmClient(): SSMClient {
  if (!ssm) ssm = observeSdkCalls(new SSMClient({ region: env().AWS_REGION }), 'ssm');
  return ssm;
}

export function resetClients(): void {
  dynamo = undefined;
  s3 = undefined;
  ses = undefined;
  sqs = undefined;
  cognito = undefined;
  ssm = undefined;
}
