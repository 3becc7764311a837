// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DialogProvider } from '../../components/ui/dialog-provider.tsx';
import ResetPasswordPage from './reset-password.tsx';

afterEach(cleanup);

describe('/forgot-password/:token', () => {
  it('fills the e-mail field from the mailed link’s ?email=', async () => {
    const router = createMemoryRouter([{ path: '/forgot-password/:token', element: <ResetPasswordPage /> }], {
      initialEntries: ['/forgot-password/tok-123?email=anna%2Bgm%40example.com'],
    });
    render(
      <DialogProvider>
        <RouterProvider router={router} />
      </DialogProvider>,
    );
    const email = (await screen.findByLabelText('E-Mail', { exact: true, selector: 'input' })) as HTMLInputElement;
    expect(email.value).toBe('anna+gm@example.com');
  });
});
