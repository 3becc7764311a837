import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['web/e2e/seller-vouchers.e2e.test.ts'], globalSetup: ['scripts/dev/_sv_provide.ts'], testTimeout: 90000 } });
