import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, inject, it } from 'vitest';
import { createLocalApi } from './local-api.ts';
import { freePort } from './processes.ts';
import { actorFromToken } from '../../functions/src/lib/auth.ts';
import { cognitoClient, documentClient, s3Client, sesClient } from '../../functions/src/lib/clients.ts';
import { env } from '../../functions/src/lib/env.ts';

/** Proves the stand-ins work as wired through the functions' own env and clients. */
describe('local cloud', () => {
  const localEnv = inject('localEnv');

  it('provides the environment the functions parse', () => {
    const e = env();
    expect(e.isLocal).toBe(true);
    expect(e.TABLE_NAME).toBe('gutscheinmarkt');
    expect(e.cognitoIssuer).toBe(`${localEnv.COGNITO_ENDPOINT}/eu-central-1_Local`);
  });

  it('has the table with GSIs (projection ALL) and TTL on `ttl`', async () => {
    const base = documentClient();
    const { Table } = await base.send(new DescribeTableCommand({ TableName: env().TABLE_NAME }));
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(Table?.GlobalSecondaryIndexes?.map((g) => [g.IndexName, g.Projection?.ProjectionType]).sort()).toEqual([
      ['GSI1', 'ALL'],
      ['GSI2', 'ALL'],
      ['GSI3', 'ALL'],
    ]);
    const ttl = await base.send(new DescribeTimeToLiveCommand({ TableName: env().TABLE_NAME }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: 'ttl', TimeToLiveStatus: 'ENABLED' });
  });

  it('puts and gets an item', async () => {
    const db = documentClient();
    const key = { PK: `TEST#${randomUUID()}`, SK: 'A' };
    await db.send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { ...key, name: 'Gutschein', amount: 2500, GSI1PK: 'X', GSI1SK: '1' },
      }),
    );
    const { Item } = await db.send(new GetCommand({ TableName: env().TABLE_NAME, Key: key, ConsistentRead: true }));
    expect(Item).toMatchObject({ name: 'Gutschein', amount: 2500 });
  });

  it('cancels a TransactWriteItems whose condition fails, writing nothing', async () => {
    const db = documentClient();
    const TableName = env().TABLE_NAME;
    const pk = `TEST#${randomUUID()}`;
    await db.send(new PutCommand({ TableName, Item: { PK: pk, SK: 'STOCK', left: 0 } }));
    const attempt = db.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { PK: pk, SK: 'ORDER#1' } } },
          {
            Update: {
              TableName,
              Key: { PK: pk, SK: 'STOCK' },
              UpdateExpression: 'SET #l = #l - :one',
              ConditionExpression: '#l >= :one',
              ExpressionAttributeNames: { '#l': 'left' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
    const error = await attempt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
      'None',
      'ConditionalCheckFailed',
    ]);
    const { Item } = await db.send(new GetCommand({ TableName, Key: { PK: pk, SK: 'ORDER#1' }, ConsistentRead: true }));
    expect(Item).toBeUndefined();
  });

  it('round-trips an object through S3 byte for byte, in both buckets', async () => {
    const s3 = s3Client();
    const body = Buffer.concat([
      Buffer.from('%PDF-1.7 '),
      Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 256)),
    ]);
    for (const Bucket of [env().MEDIA_BUCKET, env().PRIVATE_BUCKET]) {
      const Key = `test/${randomUUID()}.pdf`;
      await s3.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: 'application/pdf' }));
      const got = await s3.send(new GetObjectCommand({ Bucket, Key }));
      expect(got.ContentType).toBe('application/pdf');
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
    }
  });

  it('allows the web origins by bucket CORS, and no others', async () => {
    const url = `${localEnv.S3_ENDPOINT}/${localEnv.MEDIA_BUCKET}/x.jpg`;
    const preflight = (origin: string) =>
      fetch(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
      });
    // s3rver answers a matched preflight with `*` (real S3 echoes the origin).
    expect((await preflight(localEnv.APP_URL as string)).status).toBe(200);
    const webPort = new URL(localEnv.APP_URL as string).port;
    expect((await preflight(`http://shop.gutscheinmarkt.localhost:${webPort}`)).status).toBe(200);
    expect((await preflight('https://evil.example')).status).toBe(403);
    await s3Client().send(
      new PutObjectCommand({ Bucket: env().MEDIA_BUCKET, Key: 'x.jpg', Body: 'x', ContentType: 'image/jpeg' }),
    );
    const get = await fetch(url, { headers: { origin: localEnv.APP_URL as string } });
    expect(get.headers.get('access-control-allow-origin')).toBe(localEnv.APP_URL);
  });

  it('delivers SES mail to the inbox store', async () => {
    const subject = `Ihr Gutschein ${randomUUID()}`;
    await sesClient().send(
      new SendEmailCommand({
        FromEmailAddress: env().MAIL_FROM,
        Destination: { ToAddresses: ['buyer@example.com'] },
        Content: {
          Simple: {
            Subject: { Data: subject },
            Body: { Text: { Data: 'Hallo Käufer' }, Html: { Data: '<p>Hallo Käufer</p>' } },
          },
        },
      }),
    );
    const store = (await (await fetch(`${localEnv.SES_INBOX_URL}store`)).json()) as {
      emails: { from: string; destination: { to: string[] }; subject: string; body: { text?: string } }[];
    };
    const mail = store.emails.find((m) => m.subject === subject);
    expect(mail).toMatchObject({
      from: 'noreply@gutscheinmarkt.localhost',
      destination: { to: ['buyer@example.com'] },
    });
    expect(mail?.body.text).toContain('Hallo Käufer');
  });

  it('issues Cognito ID tokens that actorFromToken accepts', async () => {
    const cognito = cognitoClient();
    const { COGNITO_USER_POOL_ID: UserPoolId, COGNITO_CLIENT_ID: ClientId } = env();
    const email = `seller-${randomUUID()}@example.com`;
    const userId = randomUUID();
    const password = 'Demo1234!';
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'custom:user_id', Value: userId },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username: email, Password: password, Permanent: true }),
    );
    await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: 'seller' }));
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = auth.AuthenticationResult?.IdToken;
    expect(idToken).toBeTruthy();
    expect(auth.AuthenticationResult?.RefreshToken).toBeTruthy();
    const claims = decodeJwt(idToken as string);
    expect(claims).toMatchObject({
      iss: `${localEnv.COGNITO_ENDPOINT}/eu-central-1_Local`,
      aud: ClientId,
      token_use: 'id',
      'cognito:groups': ['seller'],
      'custom:user_id': userId,
    });

    expect(await actorFromToken(idToken)).toEqual({
      userId,
      role: 'seller',
      roleId: 2,
      email,
      issuedAt: expect.any(Number),
    });
    expect(await actorFromToken(auth.AuthenticationResult?.AccessToken)).toBeUndefined();
    expect(await actorFromToken(`${(idToken as string).slice(0, -4)}AAAA`)).toBeUndefined();
  });

  it('serves the manifest through the local API: unknown routes 404, CORS preflight for localhost', async () => {
    const apiUrl = inject('apiUrl');
    const unknown = await fetch(`${apiUrl}does/not/exist`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Nicht gefunden.' });

    const preflight = await fetch(`${apiUrl}auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://shop.gutscheinmarkt.localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://shop.gutscheinmarkt.localhost:5173');

    // A protected route without a token: the real handler runs and its middleware answers 401.
    const user = await fetch(`${apiUrl}user/1`);
    expect(user.status).toBe(401);
  });

  it('answers 500 for a route whose handler module does not exist yet, and keeps serving', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    const local = await createLocalApi({
      port: await freePort(),
      quiet: true,
      routes: [
        { method: 'GET', path: 'later/{id}', handler: 'not-written/yet' },
        { method: 'GET', path: 'voucher-category', handler: 'catalogue/list-categories' },
      ],
    });
    try {
      const missing = await fetch(`${local.url}later/1`);
      expect(missing.status).toBe(500);
      expect(errors.join('\n')).toContain('functions/src/handlers/not-written/yet.ts does not exist yet');
      expect((await fetch(`${local.url}voucher-category`)).status).toBe(200);
    } finally {
      console.error = original;
      await local.close();
    }
  });
});
