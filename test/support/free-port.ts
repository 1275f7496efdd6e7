import { createServer, type AddressInfo } from 'node:net';

/**
 * A port on 127.0.0.1 that nothing listens on now, chosen by the OS, for a setting that takes a
 * fixed port (the webhook receiver's). A random pick in a range could land on a port a parallel
 * test's server holds; the OS only hands out a free one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
