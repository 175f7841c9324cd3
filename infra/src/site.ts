import type { RuntimeConfig as ContractRuntimeConfig } from '@khelaghor/contract/runtime-config';
import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CfFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  CacheHeaderBehavior,
  CacheQueryStringBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestQueryStringBehavior,
  PriceClass,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';
import { contentSecurityPolicy as policyFor } from '@khelaghor/contract/security-headers';
import {
  API_CACHE_KEY_HEADERS,
  EDGE_MAX_TTL_SECONDS,
  ORIGIN_REQUEST_HEADERS,
  ORIGIN_VERIFY_HEADER,
  pathPattern,
} from '@khelaghor/contract/edge';
import {
  SPA_NOT_FOUND,
  SPA_VIEWER_REQUEST_CODE,
  SPA_VIEWER_RESPONSE_CODE,
} from '@khelaghor/contract/spa-edge';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CustomDomain {
  domainName: string;
  /** ACM certificate in us-east-1 (CloudFront only reads certificates there). */
  certificateArn: string;
}

export interface SiteProps {
  httpApi: HttpApi;
  customDomain?: CustomDomain;
  /** The WAF web ACL (us-east-1) in front of the distribution. */
  webAclArn?: string;
  /** Sent to the API as x-origin-verify; the handler kit refuses requests without it. */
  originVerifySecret: string;
  /** Public GET routes CloudFront may cache (their `edgeCacheSeconds`). */
  edgeCachedPaths: string[];
}

/** The origin request policy's allow-list (contract/src/edge.ts, which the local edge reads too). */
export const API_REQUEST_HEADERS = [...ORIGIN_REQUEST_HEADERS];

export interface Site {
  bucket: Bucket;
  distribution: Distribution;
  /** https://<custom domain or CloudFront domain>, no trailing slash. */
  url: string;
}

/** The content security policy CloudFront sends (the same policy the local server sends). */
const contentSecurityPolicy = (region: string): string =>
  policyFor({ cognitoOrigin: `https://cognito-idp.${region}.amazonaws.com`, https: true });

export function createSite(scope: Construct, props: SiteProps): Site {
  const stack = Stack.of(scope);
  const bucket = new Bucket(scope, 'SpaBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    // Only build output lives here; a tear-down should not leave it behind.
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });
  // LIST lets S3 answer 404 (not 403) for a missing file.
  const spaOrigin = S3BucketOrigin.withOriginAccessControl(bucket, {
    originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
  });
  const apiOrigin = new HttpOrigin(`${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret },
  });
  const apiRequest = new OriginRequestPolicy(scope, 'ApiRequest', {
    comment: 'Khelaghor API: the headers the handlers read, every query string',
    headerBehavior: OriginRequestHeaderBehavior.allowList(...API_REQUEST_HEADERS),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
  });
  // Answers are compressed at the edge (gzip/brotli need a cache policy that names them). The
  // handlers send no-store on everything but the public reads, so nothing private is ever kept;
  // Authorization is in the key because a cache policy is the only way to forward it.
  const apiAnswers = new CachePolicy(scope, 'ApiAnswers', {
    comment: 'Khelaghor API: follow the answer Cache-Control (no-store but for public reads), compress',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(EDGE_MAX_TTL_SECONDS),
    headerBehavior: CacheHeaderBehavior.allowList(...API_CACHE_KEY_HEADERS),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const publicAnswers = new CachePolicy(scope, 'PublicAnswers', {
    comment: 'Khelaghor public catalogue, product and site: s-maxage of the answer, compressed',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(EDGE_MAX_TTL_SECONDS),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const apiBehavior = (cachePolicy: CachePolicy, allowedMethods: AllowedMethods) => ({
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods,
    cachePolicy,
    originRequestPolicy: apiRequest,
    responseHeadersPolicy: securityHeaders,
    compress: true,
  });

  const securityHeaders = new ResponseHeadersPolicy(scope, 'SecurityHeaders', {
    comment: 'Khelaghor security headers',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(stack.region), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      xssProtection: { protection: true, modeBlock: true, override: true },
    },
  });
  // index.html, config.json and other root files: CloudFront follows the objects' Cache-Control
  // (no-cache for the entry files), so a deploy is visible at once without an invalidation.
  const followOrigin = new CachePolicy(scope, 'SpaEntryCache', {
    comment: 'Khelaghor SPA entry files: honour the object Cache-Control',
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.days(365),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // The SPA's pages (contract/src/spa-routes.ts) get index.html, other extensionless paths the
  // SPA's 404 page with status 404 (contract/src/spa-edge.ts). Not a distribution error response:
  // that would rewrite the API's own 404 answers too.
  const rewrite = new CfFunction(scope, 'SpaRewrite', {
    code: FunctionCode.fromInline(SPA_VIEWER_REQUEST_CODE),
    runtime: FunctionRuntime.JS_2_0,
    comment: 'SPA pages serve /index.html, other extensionless paths /404.html',
  });
  const notFoundStatus = new CfFunction(scope, 'SpaNotFoundStatus', {
    code: FunctionCode.fromInline(SPA_VIEWER_RESPONSE_CODE),
    runtime: FunctionRuntime.JS_2_0,
    comment: 'The SPA 404 page copy answers with status 404',
  });

  const domain = props.customDomain;
  const distribution = new Distribution(scope, 'Distribution', {
    comment: 'Khelaghor',
    httpVersion: HttpVersion.HTTP2_AND_3,
    // Bangladesh is served from the India and Singapore edges, both in class 200 (all but South
    // America and Oceania).
    priceClass: PriceClass.PRICE_CLASS_200,
    defaultRootObject: 'index.html',
    ...(domain
      ? {
          domainNames: [domain.domainName],
          certificate: Certificate.fromCertificateArn(scope, 'Certificate', domain.certificateArn),
        }
      : {}),
    defaultBehavior: {
      origin: spaOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: followOrigin,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [
        { function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST },
        { function: notFoundStatus, eventType: FunctionEventType.VIEWER_RESPONSE },
      ],
      compress: true,
    },
    additionalBehaviors: {
      // Vite puts every hashed file under /assets: cache for a year.
      '/assets/*': {
        origin: spaOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
      },
      ...Object.fromEntries(
        props.edgeCachedPaths.map((path) => [
          pathPattern(path),
          apiBehavior(publicAnswers, AllowedMethods.ALLOW_GET_HEAD),
        ]),
      ),
      '/api/*': apiBehavior(apiAnswers, AllowedMethods.ALLOW_ALL),
    },
    ...(props.webAclArn && { webAclId: props.webAclArn }),
  });

  // The LIST risk is a bucket listing at "/": defaultRootObject and the rewrite never send "/" to S3.
  Annotations.of(distribution).acknowledgeWarning(
    '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
    'defaultRootObject is index.html and the viewer-request function maps extensionless paths to index.html or 404.html',
  );

  acknowledge(
    bucket,
    'S1',
    'Holds only the built SPA, written by the deploy; CloudFront serves it and the WAF logs sampled requests',
  );
  acknowledge(
    distribution,
    'CFR1',
    'Buyers are in Bangladesh and abroad (the diaspora tops up for family): no country is refused',
  );
  acknowledge(
    distribution,
    'CFR3',
    'Standard logs need an ACL-enabled bucket and cost per request; the API access log and the WAF metrics cover the traffic that matters',
  );
  if (!props.webAclArn) {
    acknowledge(
      distribution,
      'CFR2',
      'The WAF is on by default in prod; a dev stage goes without it unless -c waf=true (a web ACL costs $5+ a month)',
    );
  }
  if (!domain) {
    acknowledge(
      distribution,
      'CFR4',
      'The default *.cloudfront.net certificate cannot set a minimum TLS version; with -c domainName CloudFront uses TLSv1.2_2021',
    );
  }

  const url = domain ? `https://${domain.domainName}` : `https://${distribution.distributionDomainName}`;
  return { bucket, distribution, url };
}

/** /config.json on AWS: the contract's shape, with SRP sign-in and the API on the same origin. */
export type RuntimeConfig = ContractRuntimeConfig & { apiBase: '/api'; authFlow: 'USER_SRP_AUTH' };

/**
 * Uploads the built SPA and /config.json. Hashed assets go first (kept across deploys, so a
 * browser holding the previous index.html still finds its chunks), then the entry files.
 * Without web/dist (a fresh clone), synth still works and only config.json is deployed.
 */
const SERVICE_WORKER = 'sw.js';

export function deploySpa(scope: Construct, site: Site, distDir: string, config: RuntimeConfig): void {
  const built = existsSync(join(distDir, 'index.html'));
  const entrySources: ISource[] = [Source.jsonData('config.json', config)];
  let assets: BucketDeployment | undefined;
  let notFound: BucketDeployment | undefined;
  if (built) {
    const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
    entrySources.push(Source.data('index.html', indexHtml));
    // The service worker too: browsers look for a new one at each visit, and an hour-old copy at
    // the edge would keep serving the previous build's precache list.
    if (existsSync(join(distDir, SERVICE_WORKER)))
      entrySources.push(Source.data(SERVICE_WORKER, readFileSync(join(distDir, SERVICE_WORKER), 'utf8')));
    if (existsSync(join(distDir, 'assets'))) {
      assets = new BucketDeployment(scope, 'SpaAssets', {
        destinationBucket: site.bucket,
        destinationKeyPrefix: 'assets/',
        sources: [Source.asset(join(distDir, 'assets'))],
        cacheControl: [
          CacheControl.setPublic(),
          CacheControl.maxAge(Duration.days(365)),
          CacheControl.immutable(),
        ],
        prune: false,
        memoryLimit: 512,
      });
    }
    const other = new BucketDeployment(scope, 'SpaFiles', {
      destinationBucket: site.bucket,
      sources: [
        Source.asset(distDir, {
          exclude: ['assets', 'assets/**', 'index.html', 'config.json', SERVICE_WORKER],
        }),
      ],
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.hours(1))],
      prune: false,
      memoryLimit: 512,
    });
    if (assets) other.node.addDependency(assets);
    // (After the assets: the deployments share one handler, whose layer is the first one's.)
    // The SPA renders its 404 page at any path it does not know; this copy of index.html carries
    // the metadata the viewer-response function turns into status 404.
    notFound = new BucketDeployment(scope, 'SpaNotFound', {
      destinationBucket: site.bucket,
      sources: [Source.data(SPA_NOT_FOUND.key, indexHtml)],
      metadata: { ...SPA_NOT_FOUND.metadata },
      cacheControl: [CacheControl.noCache()],
      prune: false,
      memoryLimit: 512,
    });
  } else {
    Annotations.of(scope).addWarningV2(
      'khelaghor:spa-not-built',
      `${distDir} has no index.html: only config.json is deployed. Run "npm run build:web" (npm run deploy does) before deploying.`,
    );
  }
  const entry = new BucketDeployment(scope, 'SpaEntry', {
    destinationBucket: site.bucket,
    sources: entrySources,
    cacheControl: [CacheControl.noCache()],
    prune: false,
    memoryLimit: 512,
  });
  if (assets) {
    entry.node.addDependency(assets);
    notFound?.node.addDependency(assets);
  }
}
