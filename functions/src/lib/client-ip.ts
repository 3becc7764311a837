import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The header the edge sets to the viewer's IP address (edge-stack.ts FORWARD_VIEWER; locally the API server). */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/**
 * The caller's IP for rate limits, from the edge only (issue 14 "closed edge"). The CloudFront
 * viewer-request function writes the address of the TCP connection CloudFront accepted
 * (`event.viewer.ip`) into `x-viewer-address`, replacing any value the viewer sent, and the API
 * answers only requests that came through CloudFront (the origin secret, `edge.ts`). Locally the API
 * server plays CloudFront and sets it from the socket. `X-Forwarded-For` is never read: every entry
 * in it can be written by the client.
 */
export function clientIp(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  return viewer || (event.requestContext?.http?.sourceIp ?? 'unknown');
}
