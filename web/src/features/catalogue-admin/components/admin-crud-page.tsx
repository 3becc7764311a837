import { useState, type ReactNode } from 'react';
import { useDialog } from '../../../components/ui/dialog-provider.tsx';
import { LoadingOverlay } from '../../../components/ui/loading-overlay.tsx';
import { SUCCESS_CLOSE_MS, useAdminAction } from '../use-admin-action.ts';
import { TableState } from '../../../components/ui/table-state.tsx';
import { AdminPage } from './admin-page.tsx';
import { RowActions } from './row-actions.tsx';
import { AdminTable } from '../../../components/ui/admin-table.tsx';

/**
 * State of an admin CRUD screen: which record the modal edits (undefined: no modal; null: a new one),
 * the confirmed delete and the 'Erfolgreich!' dialog after a save. The table follows by itself: the
 * save and delete mutations invalidate its query.
 */
export function useAdminCrud<Item>() {
  const dialog = useDialog();
  const action = useAdminAction();
  const [editing, setEditing] = useState<Item | null | undefined>(undefined);

  return {
    editing,
    busy: action.busy,
    add: () => setEditing(null),
    edit: (item: Item) => setEditing(item),
    close: () => setEditing(undefined),
    async remove(question: string, call: () => Promise<{ message: string }>) {
      await action.run(question, call);
    },
    saved(message: string) {
      setEditing(undefined);
      void dialog.success(message, { autoCloseMs: SUCCESS_CLOSE_MS });
    },
  };
}

export type AdminCrud<Item> = ReturnType<typeof useAdminCrud<Item>>;

/** One table column after 'Nr.'; the row header column (scope="row") names the record. */
export interface AdminColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  rowHeader?: boolean;
}

interface AdminCrudPageProps<Row, Item> {
  title: string;
  lead: string;
  testId: string;
  add: { label: string; testId: string; disabled?: boolean };
  /** The list request: loading, failure and retry. */
  list: { loaded: boolean; isLoading: boolean; error: unknown; retry: () => void };
  rows: Row[];
  table: { testId: string; caption: string; rowTestId: string };
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The record a row edits, and its name for the buttons' labels. */
  item: (row: Row) => Item & { name: string };
  onDelete: (item: Item) => void;
  crud: AdminCrud<Item>;
  /** The edit modal, rendered while crud.editing is not undefined. */
  modal: (editing: Item | null) => ReactNode;
}

/** Admin CRUD screen (03 §2): title, 'add' button, numbered table with edit/delete per row, modal, overlay. */
export function AdminCrudPage<Row, Item>(props: AdminCrudPageProps<Row, Item>) {
  const { list, rows, table, columns, crud } = props;
  return (
    <AdminPage
      title={props.title}
      lead={props.lead}
      testId={props.testId}
      action={
        <button
          type="button"
          className="button button--primary"
          onClick={crud.add}
          disabled={props.add.disabled}
          data-testid={props.add.testId}
        >
          {props.add.label}
        </button>
      }
    >
      <TableState
        loading={!list.loaded && list.isLoading}
        failed={Boolean(list.error && !list.loaded)}
        empty={list.loaded && rows.length === 0}
        onRetry={list.retry}
      />
      {rows.length > 0 && (
        <AdminTable testId={table.testId}>
          <caption className="visually-hidden">{table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">Nr.</th>
              {columns.map((column) => (
                <th key={column.label} scope="col">
                  {column.label}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Aktionen</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const item = props.item(row);
              return (
                <tr key={props.rowKey(row)} data-testid={table.rowTestId}>
                  <td data-label="Nr.">{index + 1}</td>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.label} scope="row" data-label={column.label}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.label} data-label={column.label}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                  <td className="admin-table__cell--actions">
                    <RowActions
                      name={item.name}
                      onEdit={() => crud.edit(item)}
                      onDelete={() => props.onDelete(item)}
                      disabled={crud.busy}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
      {crud.editing !== undefined && props.modal(crud.editing)}
      <LoadingOverlay show={crud.busy} />
    </AdminPage>
  );
}
