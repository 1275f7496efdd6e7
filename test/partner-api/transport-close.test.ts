import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTransport } from '../../src-main/partner-api/http-transport.js';
import { silentLogger } from '../../src-main/platform/logger.js';

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** A local server that answers 200, counts the connections made to it and keeps each request's URL. */
async function countingServer(): Promise<{ url: string; connections: () => number; urls: string[] }> {
  let connections = 0;
  const urls: string[] = [];
  server = createServer((req, res) => {
    urls.push(req.url ?? '');
    res.end('{}');
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections, urls };
}

const request = { method: 'GET' as const, path: '/v1/ping', template: '/v1/ping', requestId: 'req-1', token: null, timeoutMs: 2_000 };

describe('the Partner API transport once closed', () => {
  it('sends nothing that was still waiting for the HTTP client to load when it closed', async () => {
    const service = await countingServer();
    const transport = createTransport({ baseUrl: service.url, logger: silentLogger, connectMs: 2_000 });
    const pending = transport.send(request);
    transport.close();
    expect(await pending).toMatchObject({ kind: 'network', detail: 'the Partner API client is closed' });
    expect(service.connections()).toBe(0);
  });

  it('still sends while open', async () => {
    const service = await countingServer();
    const transport = createTransport({ baseUrl: service.url, logger: silentLogger, connectMs: 2_000 });
    try {
      expect(await transport.send(request)).toMatchObject({ kind: 'response', status: 200, body: Buffer.from('{}') });
      expect(service.connections()).toBe(1);
    } finally {
      transport.close();
    }
  });
});

describe('the Partner API transport', () => {
  it('sends a query after the path as URL search parameters, encoded, and none when it is empty', async () => {
    const service = await countingServer();
    const transport = createTransport({ baseUrl: `${service.url}/`, logger: silentLogger, connectMs: 2_000 });
    try {
      await transport.send({ ...request, query: { pageNo: 2, limit: 100, q: 'a b&c=d/é' } });
      await transport.send({ ...request, query: {} });
      await transport.send(request);
      expect(service.urls).toEqual(['/v1/ping?pageNo=2&limit=100&q=a+b%26c%3Dd%2F%C3%A9', '/v1/ping', '/v1/ping']);
    } finally {
      transport.close();
    }
  });
});
