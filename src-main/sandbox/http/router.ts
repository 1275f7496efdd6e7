import { ApiError, badRequest, notFound } from '../errors.js';
import type { Handler } from './context.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  pattern: RegExp;
  paramNames: string[];
  handler: Handler;
}

/**
 * A deliberately tiny router: `/v1/partners/orders/:orderId` style patterns where a
 * parameter is exactly one path segment, so `/orders/by-reference/x` can never be
 * mistaken for `/orders/:orderId`.
 */
export class Router {
  private readonly routes: Route[] = [];

  add(method: Method, path: string, handler: Handler): this {
    const paramNames: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          paramNames.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), paramNames, handler });
    return this;
  }

  /** Finds the handler, or throws 404 (no such path) / 405 (path exists, other method). */
  resolve(method: string, path: string): { handler: Handler; params: Record<string, string> } {
    let pathMatched = false;
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(match[i + 1]!);
        } catch {
          throw badRequest(`Path parameter ${name} is not valid URL encoding`);
        }
      });
      return { handler: route.handler, params };
    }
    if (pathMatched) throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}`);
    throw notFound(`No endpoint ${method} ${path}`);
  }
}
