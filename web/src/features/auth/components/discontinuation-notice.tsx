import { TEXT } from '@gm/shared/validation/messages';
import { InfoIcon } from '../../../components/ui/icons.tsx';
import { useSalesPause } from '../../../entities/sales-pause/api/sales-pause.ts';

/** Whether new sales are paused: the server's GET app-status (false while loading or when it fails). */
export function useSalesPaused(): boolean {
  return useSalesPause().paused;
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
