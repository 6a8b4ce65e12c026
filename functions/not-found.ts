import { endpoint } from '../lib/http/endpoint';
import { notFoundInput, routeNotFound } from '../lib/http/not-found';

export const handler = endpoint('not-found', { input: notFoundInput }, async () => routeNotFound());
