/**
 * Copies text to the clipboard: the async Clipboard API where the page may use it, else the
 * selection of a temporary read-only field (older browsers, http in development).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection fallback
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

/** The text that goes out with a share link: the spec's fixed message and the link (01 §2 "Share as link"). */
export function shareText(message: string, url: string): string {
  return `${message} ${url}`;
}
