import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { buildEvent, lambdaContext, type RouteLike } from '../dev/api-gateway-event.ts';

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<unknown>;

/**
 * One `POST voucher/search` through the real handler module, in-process (as a Lambda container
 * serves it): the payload 2.0 event the local API would build. Answers the handler's time and the
 * parsed page; a non-200 answer throws. Shared by the search benchmarks.
 */
export function searchCaller(handler: Handler, route: RouteLike) {
  return async <T = { total: number; data: { id: string }[] }>(body: Record<string, unknown>) => {
    const event = buildEvent({
      method: 'POST',
      url: '/api/v1/voucher/search',
      headers: { 'content-type': 'application/json', host: '127.0.0.1' },
      body: Buffer.from(JSON.stringify(body)),
      route,
      pathParameters: {},
    });
    const started = performance.now();
    const result = (await handler(event, lambdaContext(route.handler))) as { statusCode: number; body: string };
    const ms = performance.now() - started;
    if (result.statusCode !== 200) throw new Error(`voucher/search answered ${result.statusCode}: ${result.body}`);
    return { ms, page: JSON.parse(result.body) as T };
  };
}
