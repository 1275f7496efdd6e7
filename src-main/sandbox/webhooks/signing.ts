import { createHmac } from 'node:crypto';

/** `X-Verify` of spec §5.3: Base64(HMAC-SHA256(raw body bytes, secret bytes)). */
export function signWebhookBody(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody).digest('base64');
}
