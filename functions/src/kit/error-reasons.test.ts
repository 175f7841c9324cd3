import { API_MESSAGES, apiMessageText, said, spoken, type ApiReason } from '@khelaghor/contract/api-messages';
import { pagesRoutes } from '@khelaghor/contract/routes/pages';
// eslint-disable-next-line boundaries/element-types -- the test builds API Gateway's event as the local server does
import { buildHttpEvent } from '@khelaghor/events';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { badRequest, businessRule, notFound, Refusal } from '../domain/refusals';
import { defineHandler } from './handler';

process.env.TABLE_NAME ??= 'unit';

/** One public route whose implementation only refuses: the body the kit answers with. */
async function bodyOf(refusal: Refusal, body?: unknown) {
  const route = pagesRoutes.getPage;
  const handler = defineHandler(route, async () => {
    throw refusal;
  });
  const event = buildHttpEvent({
    method: route.method,
    routePath: route.path,
    pathParameters: { slug: 'terms' },
    body,
  });
  const res = await handler(event, { awsRequestId: 'unit' } as Context);
  return { status: res.statusCode, body: JSON.parse(res.body ?? '{}') };
}

describe('a write that still conflicts after the client retried it', () => {
  it('answers 409 with Retry-After, never a 500', async () => {
    const route = pagesRoutes.getPage;
    const handler = defineHandler(route, async () => {
      // As the SDK throws it (the kit may not import the SDK itself).
      throw Object.assign(new Error('Transaction is ongoing for the item'), {
        name: 'TransactionConflictException',
      });
    });
    const event = buildHttpEvent({
      method: route.method,
      routePath: route.path,
      pathParameters: { slug: 'terms' },
    });
    const res = await handler(event, { awsRequestId: 'unit' } as Context);
    expect(res.statusCode).toBe(409);
    expect(res.headers?.['retry-after']).toBe('1');
    expect(JSON.parse(res.body ?? '{}').error.reason).toBe('table_busy');
  });
});

describe('API error reasons (DESIGN 11)', () => {
  it('every English text is unique, so a text names exactly one reason', () => {
    const texts = Object.values(API_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [reason, text] of Object.entries(API_MESSAGES) as Array<[ApiReason, string]>) {
      if (reason === 'other') continue;
      const s = spoken(text.replace(/\{(\w+)\}/g, 'X7'));
      expect(s.reason, text).toBe(reason);
    }
  });

  it('a refusal carries its reason and the values of its placeholders; the message stays English', async () => {
    const plain = await bodyOf(notFound('Product not found'));
    expect(plain).toEqual({
      status: 404,
      body: { error: { code: 'not_found', message: 'Product not found', reason: 'product_not_found' } },
    });
    const min = await bodyOf(
      businessRule(said('promo_min_order', { amount: '৳500.00', amount_poisha: 50_000 })),
    );
    expect(min.body.error).toEqual({
      code: 'business_rule',
      message: 'Minimum order for this code is ৳500.00',
      reason: 'promo_min_order',
      params: { amount: '৳500.00', amount_poisha: 50_000 },
    });
  });

  it('a text that is not the catalogue’s goes out as `other`, never without a reason', async () => {
    const own = await bodyOf(
      badRequest(spoken('Free Fire UIDs have 9 or 10 digits'), {
        player_uid: 'Free Fire UIDs have 9 or 10 digits',
      }),
    );
    expect(own.body.error).toMatchObject({
      code: 'validation',
      message: 'Free Fire UIDs have 9 or 10 digits',
      reason: 'other',
      params: { message: 'Free Fire UIDs have 9 or 10 digits' },
    });
    expect(own.body.error.field_reasons).toBeUndefined();
  });

  it('field messages that are the catalogue’s get field_reasons (with their values)', async () => {
    const fields = {
      name: 'Must be at most 120 characters',
      title: 'Title is required',
      x: 'Something else',
    };
    const res = await bodyOf(badRequest('Title is required', fields));
    expect(res.body.error.fields).toEqual(fields);
    expect(res.body.error.field_reasons).toEqual({
      name: { reason: 'max_chars', params: { max: 120 } },
      title: { reason: 'title_required' },
    });
  });

  it('fills placeholders the way the SPA does, keeping unknown ones', () => {
    expect(apiMessageText(said('variants_still_deleting', { count: 3 }))).toBe(
      '3 of its variants are still being deleted in the background. Delete the product again when they are gone.',
    );
    expect(apiMessageText({ reason: 'max_chars' })).toBe('Must be at most {max} characters');
  });
});
