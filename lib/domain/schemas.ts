/** zod forms of the domain's identifiers (ids.ts): one definition for every stored or sent shape. */
import { z } from 'zod';
import { DIGITS_ID, ENVIRONMENTS } from './ids';

export const RealmIdSchema = z.string().regex(DIGITS_ID, 'a Company ID is 1-20 digits');
export const EnvironmentSchema = z.enum(ENVIRONMENTS);

/** A company in one environment, as a message names it (every click names its scope). */
export const CompanyScopeSchema = z.object({ realmId: RealmIdSchema, environment: EnvironmentSchema });
/** The company a view showed and a stamp of what it showed (lib/domain/scope.ts stampOf). */
export const ViewScopeSchema = CompanyScopeSchema.extend({ stamp: z.string().min(1).max(64) });
