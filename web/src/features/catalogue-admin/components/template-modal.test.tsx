// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@gm/shared/validation/messages';
import { createQueryClient } from '../../../lib/query-client.ts';
import { DialogProvider } from '../../../components/ui/dialog-provider.tsx';
import { TemplateModal } from './template-modal.tsx';
import { json } from '../../../testing/fixtures.ts';

const TEMPLATE = { id: 't-1', name: 'Herbst', image: '/media/templates/t-1/a.jpg', status: true, created_at: '' };
const GRANT = {
  upload_id: 'upl_12345678',
  upload_url: 'https://uploads.example/bucket',
  method: 'POST',
  fields: { key: 'uploads/u/upl_12345678.png', 'Content-Type': 'image/png', Policy: 'e30=' },
  expires_in: 300,
};

/** Records every request (path and JSON body) and answers from `route`. */
function stubFetch(route: (path: string) => Response) {
  const sent: Array<{ path: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^\/api\/v1\//, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      sent.push({ path, method: init?.method ?? 'GET', body });
      return route(path);
    }),
  );
  return sent;
}

function renderModal(template: typeof TEMPLATE | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DialogProvider>
        <TemplateModal template={template} onClose={onClose} onSaved={onSaved} />
      </DialogProvider>
    </QueryClientProvider>,
  );
  return { onSaved, onClose, user: userEvent.setup() };
}

const modal = () => screen.getByTestId('template-modal');
const name = () => within(modal()).getByLabelText(/^Name/);
const save = () => within(modal()).getByTestId('form-modal-submit');

beforeAll(() => {
  // jsdom has <dialog> without the modal methods; the Modal only needs them to open and close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TemplateModal', () => {
  it('is titled in German and needs a name and, when creating, an image', async () => {
    const sent = stubFetch(() => json(500, {}));
    const { user, onSaved } = renderModal();
    expect(within(modal()).getByRole('heading').textContent).toBe('Vorlage hinzufügen');
    await user.click(save());
    const summary = await within(modal()).findByTestId('form-error-summary');
    expect(summary.textContent).toContain(MSG.submitFailed);
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Name', 'Bild']);
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(within(modal()).getByTestId('image_upload_id-button').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('uploads the picked image, then creates the template with its upload id', async () => {
    const sent = stubFetch((path) => {
      if (path === 'upload/image') return json(200, GRANT);
      if (path === GRANT.upload_url) return new Response(null, { status: 200 });
      if (path === `upload/image/${GRANT.upload_id}/check`)
        return json(200, { upload_id: GRANT.upload_id, width: 1, height: 1 });
      return json(201, { message: 'Vorlage gespeichert.', data: { ...TEMPLATE, id: 't-2', name: 'Winter' } });
    });
    const { user, onSaved } = renderModal();
    await user.type(name(), 'Winter');
    const file = new File([new Uint8Array([1, 2, 3])], 'winter.png', { type: 'image/png' });
    fireEvent.change(within(modal()).getByTestId('image_upload_id-input'), { target: { files: [file] } });
    await within(modal()).findByTestId('image_upload_id-preview');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Vorlage gespeichert.'));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST upload/image',
      `POST ${GRANT.upload_url}`,
      `POST upload/image/${GRANT.upload_id}/check`,
      'POST template',
    ]);
    expect(sent[0]?.body).toMatchObject({ purpose: 'template', content_type: 'image/png', size: 3 });
    expect(sent[3]?.body).toEqual({ name: 'Winter', image_upload_id: GRANT.upload_id });
    // The presigned POST: every signed field first, the file last (S3 ignores fields after it).
    const form = sent[1]?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(form.get('Content-Type')).toBe('image/png');
    expect((form.get('file') as File).size).toBe(3);
  });

  it('edits without a new image and shows the server’s 422 on the name field', async () => {
    const sent = stubFetch(() =>
      json(422, { message: 'Ungültig', errors: { name: ['Diesen Namen gibt es bereits.'] } }),
    );
    const { user, onSaved } = renderModal(TEMPLATE);
    expect(within(modal()).getByRole('heading').textContent).toBe('Vorlage bearbeiten');
    expect((name() as HTMLInputElement).value).toBe('Herbst');
    await user.clear(name());
    await user.type(name(), 'Herbstlaub');
    await user.click(save());
    await within(modal()).findByText('Diesen Namen gibt es bereits.');
    expect(name().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name());
    expect(sent).toEqual([{ path: 'template/t-1', method: 'POST', body: { name: 'Herbstlaub' } }]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows a refused upload next to the image', async () => {
    stubFetch((path) =>
      path === 'upload/image'
        ? json(422, { message: 'Ungültig', errors: { upload_id: ['Das Bild ist zu klein.'] } })
        : json(500, {}),
    );
    const { user } = renderModal();
    await user.type(name(), 'Winter');
    const file = new File([new Uint8Array([1])], 'winter.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(modal()).getByTestId('image_upload_id-input'), { target: { files: [file] } });
    await user.click(save());
    await within(modal()).findByText('Das Bild ist zu klein.');
    expect(within(modal()).getByTestId('image_upload_id-button').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the check’s refusal of the uploaded file next to the image and saves nothing', async () => {
    const refusal = 'Das Bild ist beschädigt oder enthält fremde Daten und wurde nicht übernommen.';
    const sent = stubFetch((path) => {
      if (path === 'upload/image') return json(200, GRANT);
      if (path === GRANT.upload_url) return new Response(null, { status: 200 });
      if (path === `upload/image/${GRANT.upload_id}/check`)
        return json(422, { message: refusal, errors: { upload_id: [refusal] } });
      return json(500, {});
    });
    const { user, onSaved } = renderModal();
    await user.type(name(), 'Winter');
    const file = new File([new Uint8Array([1, 2, 3])], 'winter.png', { type: 'image/png' });
    fireEvent.change(within(modal()).getByTestId('image_upload_id-input'), { target: { files: [file] } });
    await within(modal()).findByTestId('image_upload_id-preview');
    await user.click(save());
    await within(modal()).findByText(refusal);
    expect(within(modal()).getByTestId('image_upload_id-button').getAttribute('aria-invalid')).toBe('true');
    expect(sent.map((r) => r.path)).not.toContain('template');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('closes on Escape and on Abbrechen', async () => {
    stubFetch(() => json(500, {}));
    const { user, onClose } = renderModal();
    fireEvent(modal(), new Event('cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(modal()).getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
