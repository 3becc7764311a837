import { exportLinkSchema, type ExportLink } from '@gm/shared/admin/exports';
import { api } from './api.ts';

/**
 * A file export (issue 12): the server writes the file to its private storage and answers a
 * short-lived link `{url, expires_in, filename}` instead of the file, whatever its size.
 */
export function requestExport(path: string, body?: unknown): Promise<ExportLink> {
  return api.request(path, { method: 'POST', ...(body === undefined ? {} : { body }), schema: exportLinkSchema });
}

/**
 * Starts the download of an export link through a temporary link. The storage answers the file as an
 * attachment with its name, so the page stays where it is; `download` names it where the browser allows.
 */
export function openExportLink(link: Pick<ExportLink, 'url' | 'filename'>): void {
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = link.filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
