/**
 * Real images for tests of the upload flow: the server decodes every upload in full (issue 14), so a
 * few magic bytes are no longer an image. Pixels are a gradient (no markup can appear in them).
 */
export declare function testPng(options?: {
    width?: number;
    height?: number;
    size?: number;
}): Uint8Array<ArrayBuffer>;
export declare function testJpeg(options?: {
    width?: number;
    height?: number;
}): Uint8Array<ArrayBuffer>;
export type UploadGrant = {
    upload_id: string;
    upload_url: string;
    method: 'POST';
    fields: Record<string, string>;
    expires_in: number;
};
/** Sends the bytes to a granted presigned POST as the browser does: the signed fields first, the file last. */
export declare function postToGrant(grant: UploadGrant, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Response>;
/** POST upload/image, then POST the bytes to the presigned form upload; answers the upload id. */
export declare function uploadImageBytes(token: string, purpose: string, bytes?: Uint8Array<ArrayBuffer>, contentType?: string, declaredSize?: number): Promise<string>;
