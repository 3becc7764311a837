import { useEffect, useRef, useState } from 'react';
import { WEBSITE_TEXT } from '@gm/shared/tenant/website-configuration';

/** 02 §9 / 03 §9: the link-copy confirmation shows for 2 s. */
export const COPIED_MS = 2000;

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (or no permission): the selected text and the older copy command.
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

/** The read-only subdomain with its web address, a copy button ('Kopiert!' for 2 s) and a link to open it. */
export function CopyLink({ subdomain, url }: { subdomain: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="field copy-link">
      <label className="field__label" htmlFor="field-subdomain">
        Subdomain
      </label>
      <div className="copy-link__row">
        <input
          ref={input}
          id="field-subdomain"
          className="input copy-link__input"
          value={url}
          readOnly
          aria-describedby="copy-link-hint"
          data-testid="website-subdomain"
          data-subdomain={subdomain}
        />
        <button
          type="button"
          className="button button--outline copy-link__button"
          onClick={() => void copyText(url, input.current).then((ok) => setCopied(ok))}
          data-testid="copy-link"
        >
          {copied ? WEBSITE_TEXT.copied : WEBSITE_TEXT.copy}
        </button>
      </div>
      <p id="copy-link-hint" className="field__hint">
        Die Subdomain vergibt der Betreiber.{' '}
        <a href={url} target="_blank" rel="noopener noreferrer" data-testid="open-website">
          Webseite öffnen
        </a>
      </p>
      <span className="visually-hidden" role="status" aria-live="polite">
        {copied ? 'Link in die Zwischenablage kopiert.' : ''}
      </span>
    </div>
  );
}
