import * as z from 'zod';
import { json } from './response';

export const notFoundInput = z.object({});

/** Unknown route (decisions.md, Transport): exactly `{"error":"Not Found"}`. */
export const routeNotFound = async () => json(404, { error: 'Not Found' });
