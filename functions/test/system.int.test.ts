import { beforeAll, describe, expect, it } from 'vitest';
import { freshTable } from '../../test/db';
import { invoke } from '../../test/invoke';

describe('system routes', () => {
  beforeAll(async () => {
    await freshTable();
  });

  it('health answers ok against the table', async () => {
    const res = await invoke('health');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  it('serves an OpenAPI document listing every route', async () => {
    const res = await invoke('openapi');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });
});
