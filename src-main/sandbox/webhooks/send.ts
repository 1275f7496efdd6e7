import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export type SendResult =
  | { kind: 'status'; status: number }
  | { kind: 'timeout' }
  | { kind: 'connection-error'; error: string };

/** One HTTP POST of a webhook body; never throws. */
export function postWebhook(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: SendResult): void => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      done({ kind: 'connection-error', error: 'invalid webhook URL' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ kind: 'status', status: res.statusCode ?? 0 }));
        res.on('error', (err) => done({ kind: 'connection-error', error: err.message }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      done({ kind: 'timeout' });
      req.destroy();
    });
    req.on('error', (err) => done({ kind: 'connection-error', error: err.message }));
    req.end(body);
  });
}
