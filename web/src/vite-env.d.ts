/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * 'live' takes cards with Stripe's Payment Element; anything else the local test-card form (Stripe
   * stand-in). A production build (`vite build`) requires 'live' (shared/src/web/build-settings.ts).
   */
  readonly VITE_STRIPE_MODE?: string;
  /** Stripe publishable key (default pk_test_local, the stand-in's); required by a production build. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** The apex domain tenant shops are subdomains of (`<name>.<apex>`); required by a production build, locally gutscheinmarkt.localhost. */
  readonly VITE_APEX_DOMAIN?: string;
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
