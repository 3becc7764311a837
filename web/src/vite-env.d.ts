/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' shows the discontinuation notice on the login page until a server setting replaces it. */
  readonly VITE_SALES_PAUSED?: string;
  /** Comma-separated social sign-in providers, e.g. "google,facebook"; empty hides the buttons. */
  readonly VITE_SOCIAL_PROVIDERS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
