import { Logger } from '@aws-lambda-powertools/logger';

/** One structured (JSON) logger per function; Powertools reads its own POWERTOOLS_* settings. */
export const logger = new Logger({ serviceName: 'dpp-service' });
