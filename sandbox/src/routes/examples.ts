// Dashboard family, examples: the index listing the reference dashboard serves and endpoint 16.
// The two headers may point at another index or repository (http, https or file URLs).
import type { Router, RequestContext } from '../http/router.js';
import { HttpError, ok } from '../http/results.js';
import { CatalogueError, loadExample, loadIndex, resolveSource, type CatalogueSource } from '../examples/catalogue.js';
import { flag, type RouteDeps } from './deps.js';

export function registerExamples(router: Router, { examples }: RouteDeps): void {
  const limits = { timeoutMs: examples.timeoutMs, maxBytes: examples.maxBytes };
  const header = (ctx: RequestContext, name: string) => {
    const value = ctx.req.headers[name];
    return (Array.isArray(value) ? value[0] : value) || undefined;
  };
  const sourceOf = (ctx: RequestContext): CatalogueSource => resolveSource(examples.dir, header(ctx, 'x-svc-examples-index'), header(ctx, 'x-svc-repo-url'));
  const asHttp = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof CatalogueError) throw new HttpError(error.status, error.message);
      throw error;
    }
  };

  router.add('GET', '/api/examples', (ctx) =>
    asHttp(async () => {
      const entries = await loadIndex(sourceOf(ctx), limits);
      return ok(entries.map((e) => ({ location: e.location, name: e.name, shortDescription: e.description })));
    }),
  );

  router.add('GET', '/api/examples/*location', (ctx) =>
    asHttp(async () => {
      const want = { readme: flag(ctx.query.get('readme')), apiDef: flag(ctx.query.get('apiDef')) };
      return ok(await loadExample(sourceOf(ctx), ctx.params.location, want, limits));
    }),
  );
}
