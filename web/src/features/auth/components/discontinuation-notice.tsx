import { TEXT } from '@gm/shared/validation/messages';
import { webEnv } from '../../../lib/env.ts';
import { InfoIcon } from '../../../components/ui/icons.tsx';

/** Whether new sales are paused. Read from the build flag until a server setting replaces it (one place to change). */
export function useSalesPaused(): boolean {
  return webEnv.salesPaused;
}

export function DiscontinuationNotice() {
  const paused = useSalesPaused();
  if (!paused) return null;
  return (
    <div className="notice notice--info" role="note" data-testid="discontinuation-notice">
      <InfoIcon size={20} />
      <div>
        <p className="notice__title">Wichtiger Hinweis</p>
        <p>{TEXT.discontinuation}</p>
      </div>
    </div>
  );
}
