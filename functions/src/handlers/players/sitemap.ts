import type { Context } from 'aws-lambda';
import { db } from '../../db/client';
import { buildSitemap } from '../../use-cases/players/sitemap';
import { config } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import { edgeCheck } from '../../kit/edge';
import type { Event, Result } from '../../kit/handler';

/**
 * GET /api/sitemap.xml. Not through defineHandler: that kit answers JSON only, and a sitemap must
 * be XML. Public, no input; errors still answer the JSON error shape.
 */
export async function handler(event: Event, _context?: Context): Promise<Result> {
  try {
    // The same edge check as every other route: only CloudFront may call it on AWS.
    const headers = Object.fromEntries(
      Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
    );
    if (!(await edgeCheck(headers)).passed) {
      return {
        statusCode: 403,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          error: { code: 'forbidden', message: 'Admin access required', reason: 'admin_required' },
        }),
      };
    }
    const xml = await buildSitemap(db(), config().PUBLIC_URL);
    return {
      statusCode: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
      body: xml,
    };
  } catch (error) {
    createLogger({
      requestId: event.requestContext?.requestId ?? 'local',
      route: 'GET /api/sitemap.xml',
    }).error('sitemap failed', { error: String(error) });
    return {
      statusCode: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        error: { code: 'internal', message: 'Something went wrong. Please try again.', reason: 'internal' },
      }),
    };
  }
}
