import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * The caller's IP for rate limits. Behind CloudFront the API sees CloudFront's address as
 * `sourceIp`; CloudFront appends the viewer's address to X-Forwarded-For and API Gateway appends
 * its caller (CloudFront). So the last entry that is not `sourceIp` is the one CloudFront saw.
 * Entries further left come from the client and are ignored (they can be forged).
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const sourceIp = event.requestContext?.http?.sourceIp ?? 'unknown';
  const forwarded = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.at(-1) === sourceIp) forwarded.pop();
  return forwarded.at(-1) ?? sourceIp;
}
