import { TEXT } from '@gm/shared/validation/messages';

export function EmptyState({ text = TEXT.empty }: { text?: string }) {
  return (
    <p className="empty-state" data-testid="empty-state">
      {text}
    </p>
  );
}
