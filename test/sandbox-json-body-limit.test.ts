import { afterEach, describe, expect, it } from 'vitest';
import { api, CREATE, testSandbox, variantA } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MESSAGE = "The request body is larger than the sandbox's limit of 2000 bytes (maxJsonBytes).";

describe('a JSON body over maxJsonBytes', () => {
  it('is answered 413 with its message when Content-Length says so, and nothing is stored', async () => {
    const sandbox = await testSandbox({ maxJsonBytes: 2000 });
    cleanups.push(sandbox.dispose);
    const client = api(sandbox.url);
    const reply = await client.post(
      CREATE,
      variantA(['s'], () => [], { pad: 'x'.repeat(3000) }),
    );
    expect(reply.status).toBe(413);
    expect(reply.headers.get('connection')).toBe('close');
    expect(reply.body.error).toMatchObject({ code: 'payload_too_large', message: MESSAGE });
    expect((await client.get('/sandbox/ledger')).body).toEqual({ entries: [], totalCubes: 0 });
    expect((await client.post(CREATE, variantA(['s']))).status).toBe(200);
  });

  it('is answered 413 with its message when it comes chunked', async () => {
    const sandbox = await testSandbox({ maxJsonBytes: 2000 });
    cleanups.push(sandbox.dispose);
    const chunks = ['{"pad":"', 'x'.repeat(1500), 'x'.repeat(1500), '"}'];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const response = await fetch(`${sandbox.url}${CREATE}`, {
      method: 'POST',
      headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: unknown }).error).toMatchObject({
      code: 'payload_too_large',
      message: MESSAGE,
    });
    expect((await api(sandbox.url).get('/sandbox/ledger')).body).toEqual({ entries: [], totalCubes: 0 });
  });
});
