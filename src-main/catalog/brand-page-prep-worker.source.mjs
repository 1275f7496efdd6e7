// The page-prep worker run from a source checkout (tests, the bench, `npm run web`): TypeScript
// through tsx. A build runs the bundled worker instead (brand-page-prep-host.ts, pagePrepWorkerScript).
import { register } from 'tsx/esm/api';

register();
await import('./brand-page-prep-worker.ts');
