// No eval under the CSP: configure zod before any module parses with it.
import './lib/zod-config.ts';
// The design system first (tokens, base, layout, components): component styles imported later override it.
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createRouter } from './app/router.tsx';
import { preloadFirstScreen } from './app/first-screen.ts';
import { holdPicturesUntilFirstPaint } from './lib/first-paint.ts';
import { PicturesAfterFirstPaint } from './app/pictures-after-first-paint.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing in index.html');

// '/' is /home (the router's index route redirects there): going there before the router starts spares the first
// render of the frame with the redirect, a second render and a Suspense round before the home paints (issue 15).
if (window.location.pathname === '/') {
  const { search, hash } = window.location;
  window.history.replaceState(window.history.state, '', `/home${search}${hash}`);
}

/** How long the first render waits for the first screen's page and reads at most (a slow answer shows skeletons). */
const FIRST_SCREEN_WAIT_MS = 1000;

// The first render waits for the first screen's page chunk (and the reads the boot started early), so it commits
// the page with its content in one go: the frame with a spinner and a second, larger paint a round later made the
// largest paint late (issue 15).
const firstScreen = preloadFirstScreen(window.location.pathname);
// Pictures outside the first screen wait until it has painted (lib/first-paint.ts).
holdPicturesUntilFirstPaint();
const deadline = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));

void Promise.race([firstScreen, deadline]).then(() => {
  // The first render as a transition (issue 15): React renders it in slices and yields to the browser between
  // them, instead of one long task that blocks input (Total Blocking Time on a slow phone); it commits at once.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={createRouter()} />
          <PicturesAfterFirstPaint />
        </AppProvider>
      </StrictMode>,
    );
  });
});
