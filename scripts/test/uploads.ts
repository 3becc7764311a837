import { expect } from 'vitest';
import { api } from './api.ts';
import { testPng } from '../../functions/src/services/uploads/test-images.ts';

export { testJpeg, testPng } from '../../functions/src/services/uploads/test-images.ts';

export type UploadGrant = {
  upload_id: string;
  upload_url: string;
  method: 'POST';
  fields: Record<string, string>;
  expires_in: number;
};

/** Sends the bytes to a granted presigned POST as the browser does: the signed fields first, the file last. */
export async function postToGrant(grant: UploadGrant, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: contentType }), 'upload');
  return fetch(grant.upload_url, { method: grant.method, body: form });
}

/** POST upload/image, then POST the bytes to the presigned form upload; answers the upload id, not yet checked. */
export async function uploadUncheckedBytes(
  token: string,
  purpose: string,
  bytes: Uint8Array<ArrayBuffer> = testPng(),
  contentType = 'image/png',
  declaredSize = bytes.length,
): Promise<string> {
  const grant = await api<UploadGrant>('POST', 'upload/image', {
    token,
    body: { purpose, content_type: contentType, size: declaredSize },
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(201);
  const sent = await postToGrant(grant.body, bytes, contentType);
  expect(sent.ok, `${sent.status} ${await sent.clone().text()}`).toBe(true);
  return grant.body.upload_id;
}

/** POST upload/image/{id}/check: the server decodes the uploaded file (200, or 422 on `upload_id`). */
export function checkUpload(token: string, uploadId: string) {
  return api<{ upload_id: string; width: number; height: number; errors?: Record<string, string[]> }>(
    'POST',
    `upload/image/${uploadId}/check`,
    { token },
  );
}

/** Grant, POST the bytes, check them (must pass), as the browser does; answers the upload id a save takes. */
export async function uploadImageBytes(
  token: string,
  purpose: string,
  bytes: Uint8Array<ArrayBuffer> = testPng(),
  contentType = 'image/png',
  declaredSize = bytes.length,
): Promise<string> {
  const uploadId = await uploadUncheckedBytes(token, purpose, bytes, contentType, declaredSize);
  const checked = await checkUpload(token, uploadId);
  expect(checked.status, JSON.stringify(checked.body)).toBe(200);
  return uploadId;
}
