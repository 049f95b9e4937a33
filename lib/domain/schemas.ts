/** zod forms of the domain's identifiers (ids.ts): one definition for every stored or sent shape. */
import { z } from 'zod';
import { DIGITS_ID, ENVIRONMENTS } from './ids';

export const RealmIdSchema = z.string().regex(DIGITS_ID, 'a Company ID is 1-20 digits');
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
