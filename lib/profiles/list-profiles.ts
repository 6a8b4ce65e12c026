import { SUMMARIES } from './summaries';

/** The methods of GET /profiles: its row's, and its handler's without importing the row (valibot). */
export const listProfilesMethods = { method: 'GET', alsoAnswers: ['HEAD', 'OPTIONS'] } as const;

/** The profiles of the service (docs/profiles.md): each one's id, name, version, source and categories. */
export const listProfiles = () => ({ profiles: [...SUMMARIES] });
