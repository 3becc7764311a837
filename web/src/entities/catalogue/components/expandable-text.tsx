import { useId, useState } from 'react';
import './expandable-text.css';

const COLLAPSE_AFTER = 280;

/** Long description with 'Mehr lesen' / 'Lese weniger' (01 §2 "Voucher detail"). */
export function ExpandableText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const long = text.length > COLLAPSE_AFTER;
  return (
    <div className="expandable">
      <p id={id} className={`expandable__text${long && !expanded ? ' is-collapsed' : ''}`}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Lese weniger' : 'Mehr lesen'}
        </button>
      )}
    </div>
  );
}
