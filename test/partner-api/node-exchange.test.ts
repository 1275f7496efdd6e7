import { createServer, Agent as HttpAgent, type Server } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, ExchangeTimeoutError } from '../../src-main/partner-api/node-exchange.js';

/** The three limits and the whole-text answer of one exchange, against a local server that misbehaves on cue. */
describe('one HTTP exchange over node:http', () => {
  let server: Server;
  let base: string;
  const agent = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  const limits = { connectMs: 2_000, responseMs: 300, requestMs: 2_600 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (req.url === '/echo') {
          res.writeHead(201, { 'Content-Type': 'application/json', 'Retry-After': '7' });
          res.end(JSON.stringify({ method: req.method, body, id: req.headers['x-request-id'], length: req.headers['content-length'], query: req.url }));
        } else if (req.url === '/silent') {
          setTimeout(() => res.end('late'), 1_000);
        } else if (req.url === '/cut') {
          res.writeHead(200, { 'Content-Length': '100' });
          res.write('partial');
          setTimeout(() => res.socket?.destroy(), 20);
        } else {
          res.writeHead(404).end('nope');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agent.http.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends the body with its length and headers, and returns status, headers and the whole text', async () => {
    const body = JSON.stringify({ amount: 100, note: '₹ à la carte' });
    const answer = await exchange(new URL(`${base}/echo`), { method: 'POST', headers: { 'X-REQUEST-ID': 'req-1', 'Content-Type': 'application/json' }, body, agent, limits });
    expect(answer.status).toBe(201);
    expect(answer.headers['retry-after']).toBe('7');
    expect(JSON.parse(answer.text)).toEqual({ method: 'POST', body, id: 'req-1', length: String(Buffer.byteLength(body)), query: '/echo' });
  });

  it('answers an error status as a value, not a throw', async () => {
    const answer = await exchange(new URL(`${base}/missing`), { method: 'GET', headers: {}, agent, limits });
    expect(answer).toMatchObject({ status: 404, text: 'nope' });
  });

  it('gives up with a timeout when the headers do not come within the response limit', async () => {
    const error = await exchange(new URL(`${base}/silent`), { method: 'GET', headers: {}, agent, limits }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeTimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', code: 'ETIMEDOUT', message: "Timeout awaiting 'response' for 300ms" });
  });

  it('fails (not a timeout) when the connection is cut in the middle of the body', async () => {
    const error = (await exchange(new URL(`${base}/cut`), { method: 'GET', headers: {}, agent, limits }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).not.toBe('TimeoutError');
  });

  it('fails (not a timeout) when nothing listens on the port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = (await exchange(new URL(`http://127.0.0.1:${port}/`), { method: 'GET', headers: {}, agent, limits }).catch((e: unknown) => e)) as NodeJS.ErrnoException;
    expect(error.code).toBe('ECONNREFUSED');
  });
});
