/** Edit and delete buttons of a table row, named after the row for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  disabled,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  disabled?: boolean;
}) {
  return (
    <div className="admin-table__actions">
      <button
        type="button"
        className="button button--outline button--small"
        onClick={onEdit}
        disabled={disabled}
        aria-label={`${name} bearbeiten`}
        data-testid="row-edit"
      >
        Bearbeiten
      </button>
      <button
        type="button"
        className="button button--outline button--small admin-table__delete"
        onClick={onDelete}
        disabled={disabled}
        aria-label={`${name} löschen`}
        data-testid="row-delete"
      >
        Löschen
      </button>
    </div>
  );
}
