/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' shows the discontinuation notice on the login page until a server setting replaces it. */
  readonly VITE_SALES_PAUSED?: string;
  /** Comma-separated social sign-in providers ("google,facebook"); empty hides the buttons. */
  readonly VITE_SOCIAL_PROVIDERS?: string;
  /** Base URL of the Cognito hosted UI (stack output HostedUiBaseUrl); needed for social sign-in. */
  readonly VITE_COGNITO_DOMAIN?: string;
  /** The user pool's web client id (stack output WebClientId); needed for social sign-in. */
  readonly VITE_COGNITO_CLIENT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
