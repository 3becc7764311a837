import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

/** Hashed file names never change content: browsers and CloudFront may keep them for a year. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: revalidated on every use, so a release is seen at once. */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** Vite writes every hashed file under this folder of the build (web/dist/assets). */
export const ASSETS_DIR = 'assets';
/** Source maps stay out of the bucket: the site does not publish its sources. */
const NOT_UPLOADED = ['*.map', '**/*.map'];

export type WebStackProps = StackProps & {
  /** The built web, `web/dist` (absolute). */
  webDist: string;
  webBucket: s3.IBucket;
  distribution: cloudfront.IDistribution;
};

/**
 * Uploads the built web to the web bucket, deployed after the API it calls (issue 14 "deployable
 * build"). Two BucketDeployments, neither pruning, so a release never deletes a file:
 * 1. `assets/` (content-hashed by Vite) with `Cache-Control: public, max-age=31536000, immutable`;
 *    the previous releases' chunks stay, so a tab still running an old index.html keeps loading them.
 * 2. everything else (index.html, favicon, campaign images) with `no-cache`, after the assets, and a
 *    CloudFront invalidation of exactly those paths (/index.html is what every SPA route serves).
 */
export class WebStack extends Stack {
  readonly assets: s3deploy.BucketDeployment;
  readonly pages: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    // Imported like in the edge stack: the deployment role gets the grants, the bucket policy stays as is.
    const bucket = s3.Bucket.fromBucketAttributes(this, 'WebBucket', {
      bucketArn: props.webBucket.bucketArn,
      bucketName: props.webBucket.bucketName,
    });
    const distribution = cloudfront.Distribution.fromDistributionAttributes(this, 'Distribution', {
      distributionId: props.distribution.distributionId,
      domainName: props.distribution.distributionDomainName,
    });

    this.assets = new s3deploy.BucketDeployment(this, 'Assets', {
      sources: [s3deploy.Source.asset(path.join(props.webDist, ASSETS_DIR), { exclude: NOT_UPLOADED })],
      destinationBucket: bucket,
      destinationKeyPrefix: `${ASSETS_DIR}/`,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(ASSET_CACHE_CONTROL)],
      memoryLimit: 512,
    });

    this.pages = new s3deploy.BucketDeployment(this, 'Pages', {
      sources: [s3deploy.Source.asset(props.webDist, { exclude: [ASSETS_DIR, ...NOT_UPLOADED] })],
      destinationBucket: bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(PAGE_CACHE_CONTROL)],
      distribution,
      distributionPaths: pagePaths(props.webDist),
      memoryLimit: 512,
    });
    // index.html must not name chunks that are not there yet.
    this.pages.node.addDependency(this.assets);
  }
}

/** The invalidation of the unhashed files: `/index.html`, `/favicon.svg`, `/campaigns/*`, …. */
export function pagePaths(webDist: string): string[] {
  return readdirSync(webDist, { withFileTypes: true })
    .filter((entry) => entry.name !== ASSETS_DIR && !entry.name.endsWith('.map'))
    .map((entry) => (entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`))
    .sort();
}
