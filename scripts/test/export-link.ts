import { exportLinkSchema, type ExportLink } from '@gm/shared/admin/exports';
import { api } from './api.ts';

/**
 * An export the issue-12 way: POST the export route, which answers a presigned link
 * `{url, expires_in, filename}`, then GET that link like a browser would. `status` is the export
 * route's answer; `file` the download (headers of the bucket's answer and the bytes).
 */
export async function downloadExport(
  token: string,
  path: string,
  body?: unknown,
): Promise<{
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  link?: ExportLink;
  headers: Headers;
  bytes: Uint8Array;
}> {
  const answer = await api('POST', path, { token, ...(body === undefined ? {} : { body }) });
  if (answer.status !== 200)
    return { status: answer.status, body: answer.body, headers: answer.headers, bytes: new Uint8Array() };
  const link = exportLinkSchema.parse(answer.body);
  const file = await fetch(link.url);
  if (file.status !== 200) throw new Error(`export link answered ${file.status}: ${await file.text()}`);
  return {
    status: answer.status,
    body: answer.body,
    link,
    headers: file.headers,
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}
