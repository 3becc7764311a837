/** Minimal typing of s3rver 3.7.1 (ships no types), covering what scripts/dev uses. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  export type S3rverBucket = { name: string; configs?: (string | Buffer)[] };

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    serviceEndpoint?: string;
    configureBuckets?: S3rverBucket[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    httpServer?: Server;
  }
}
