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

/** A local server that answers 200 and counts the connections made to it. */
async function countingServer(): Promise<{ url: string; connections: () => number }> {
  let connections = 0;
  server = createServer((_req, res) => res.end('{}'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, connections: () => connections };
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
