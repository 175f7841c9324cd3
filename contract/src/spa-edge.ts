import { SPA_PATHS } from './spa-routes';

/**
 * What CloudFront does with the SPA's paths (spa-routes.ts): the functions infra/src/site.ts
 * deploys on the default behaviour, and local/src/static-files.ts runs as they are.
 */

/**
 * The S3 object the edge serves for an unknown page: index.html's copy whose metadata asks the
 * viewer-response function for the status (S3 itself can only answer 200 for an object it has).
 */
export const SPA_NOT_FOUND = { key: '404.html', metadata: { 'spa-status': '404' } } as const;

const escape = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A react-router path as a regular expression's source: `:param` one segment, `/*` the rest. */
function pathSource(path: string): string {
  if (path === '/') return '';
  const splat = path.endsWith('/*');
  const segments = (splat ? path.slice(0, -2) : path)
    .split('/')
    .slice(1)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)));
  return `/${segments.join('/')}${splat ? '(?:/.*)?' : ''}`;
}

/** Whether a request path (as sent, before decoding) is one of the SPA's pages; a trailing / is the same page. */
export const SPA_ROUTE_PATTERN = new RegExp(`^(?:${Object.values(SPA_PATHS).map(pathSource).join('|')})/?$`);

/**
 * CloudFront's viewer-request function (cloudfront-js-2.0): a path with a file extension goes to S3
 * as it is (a missing file is S3's 404); a page of the SPA gets /index.html; anything else the
 * not-found copy, which the viewer-response function answers with 404.
 */
export const SPA_VIEWER_REQUEST_CODE = `var pages = ${SPA_ROUTE_PATTERN.toString()};
function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') !== -1) return request;
  request.uri = pages.test(request.uri) ? '/index.html' : '/${SPA_NOT_FOUND.key}';
  return request;
}`;

/**
 * CloudFront's viewer-response function: the not-found copy's metadata header becomes the status.
 * Only a 200 is changed: a 304 (the browser revalidating its copy) stays what it is.
 */
export const SPA_VIEWER_RESPONSE_CODE = `function handler(event) {
  var response = event.response;
  var header = 'x-amz-meta-${Object.keys(SPA_NOT_FOUND.metadata)[0]}';
  if (response.headers[header] && response.statusCode === 200) {
    response.statusCode = ${SPA_NOT_FOUND.metadata['spa-status']};
    response.statusDescription = 'Not Found';
  }
  delete response.headers[header];
  return response;
}`;
