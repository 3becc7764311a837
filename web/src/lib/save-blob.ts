/** Saves a Blob (a downloaded PDF, zip or CSV) under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after click() returns; revoke it once the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
