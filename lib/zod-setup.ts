/**
 * zod 4 probes once whether it may compile validators with `new Function`. Our extension pages and
 * worker forbid that (CSP `script-src 'self'`), so the probe only produces a CSP violation report:
 * turn the compiler off so the probe never runs. Import this first in every entrypoint.
 */
import { z } from 'zod';

z.config({ jitless: true });
