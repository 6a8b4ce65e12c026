import { afterEach, describe, expect, it } from 'vitest';
import { assertConfigured, ConfigError } from '../../lib/config';
import { LOG_LEVELS, Logger, serviceName } from '../../lib/logger';

/** A logger writing into an array, at `level`. */
function capture(level: string | undefined = 'TRACE') {
  const lines: string[] = [];
  const logger = new Logger({ service: () => 'unit-service', level: () => level, write: (line) => lines.push(line) });
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines, entries };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('a log line', () => {
  it('is one line of JSON: level, message, timestamp and service first, then the attributes', () => {
    const { logger, lines, entries } = capture('INFO');
    logger.info('request rejected', { status: 404, code: 'DPP_NOT_FOUND' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\{.*\}\n$/);
    expect(lines[0]!.indexOf('\n')).toBe(lines[0]!.length - 1);
    const [entry] = entries();
    expect(Object.keys(entry!)).toEqual(['level', 'message', 'timestamp', 'service', 'status', 'code']);
    expect(entry).toMatchObject({ level: 'INFO', message: 'request rejected', service: 'unit-service', status: 404 });
    expect(new Date(entry!.timestamp as string).toISOString()).toBe(entry!.timestamp);
  });

  it('keeps level, message, timestamp and service when an attribute has the same name', () => {
    const { logger, entries } = capture();
    logger.warn('the real message', { level: 'DEBUG', message: 'forged', service: 'other', timestamp: 'then' });
    const [entry] = entries();
    expect(entry).toMatchObject({ level: 'WARN', message: 'the real message', service: 'unit-service' });
    expect(entry!.timestamp).not.toBe('then');
  });

  it('writes an error, at any depth, as its name, message, stack, code and cause', () => {
    const { logger, entries } = capture();
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const error = new TypeError('cannot read pk', { cause });
    logger.error('request failed', { status: 500, error, nested: { also: new RangeError('deep') } });
    const [entry] = entries();
    expect(entry!.error).toEqual({
      name: 'TypeError',
      message: 'cannot read pk',
      stack: error.stack,
      cause: { name: 'Error', message: 'socket hang up', stack: cause.stack, code: 'ECONNRESET' },
    });
    expect(entry!.error).toHaveProperty('stack', expect.stringContaining('logger.test.ts'));
    expect(entry!.nested).toEqual({ also: expect.objectContaining({ name: 'RangeError', message: 'deep' }) });
  });

  it('never throws on attributes that cannot be serialized: the line says so and keeps the rest', () => {
    const { logger, entries } = capture();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => logger.info('with a cycle', { cycle })).not.toThrow();
    expect(() => logger.info('with a bigint', { big: 1n })).not.toThrow();
    const [first, second] = entries();
    expect(first).toMatchObject({
      level: 'INFO',
      message: 'with a cycle',
      log_error: expect.stringMatching(/circular/i),
    });
    expect(first).not.toHaveProperty('cycle');
    expect(second).toMatchObject({ message: 'with a bigint', log_error: expect.stringMatching(/bigint/i) });
  });
});

describe('the level', () => {
  it('writes only entries at or above it, and nothing at SILENT', () => {
    const written = (level: string) => {
      const { logger, entries } = capture(level);
      logger.trace('t');
      logger.debug('d');
      logger.info('i');
      logger.warn('w');
      logger.error('e');
      logger.critical('c');
      return entries().map((entry) => entry.level);
    };
    expect(written('TRACE')).toEqual(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL']);
    expect(written('INFO')).toEqual(['INFO', 'WARN', 'ERROR', 'CRITICAL']);
    expect(written('ERROR')).toEqual(['ERROR', 'CRITICAL']);
    expect(written('SILENT')).toEqual([]);
  });

  it('is read in either case, and is INFO when not set', () => {
    const lower = capture('debug');
    lower.logger.debug('shown');
    expect(lower.entries()).toHaveLength(1);
    const lines: string[] = [];
    const unset = new Logger({ service: () => 's', level: () => undefined, write: (line) => lines.push(line) });
    unset.debug('hidden');
    unset.info('shown');
    expect(lines.map((line) => JSON.parse(line).message)).toEqual(['shown']);
  });

  it('is read once, on the first entry', () => {
    let reads = 0;
    const logger = new Logger({
      service: () => 's',
      level: () => {
        reads += 1;
        return 'INFO';
      },
      write: () => {},
    });
    for (let i = 0; i < 5; i++) logger.info('x');
    expect(reads).toBe(1);
  });

  describe('as a setting', () => {
    const previous = process.env.LOG_LEVEL;
    afterEach(() => {
      process.env.LOG_LEVEL = previous;
    });

    it('stops a function at cold start when LOG_LEVEL is not a level, naming the levels', () => {
      process.env.LOG_LEVEL = 'LOUD';
      expect(assertConfigured).toThrow(ConfigError);
      expect(assertConfigured).toThrow(/LOG_LEVEL must be one of "TRACE", "DEBUG", "INFO"/);
      for (const level of [...LOG_LEVELS, 'debug', 'warn']) {
        process.env.LOG_LEVEL = level;
        expect(assertConfigured).not.toThrow();
      }
    });
  });

  it('names the service dpp-service when SERVICE_NAME is not set', () => {
    expect(process.env.SERVICE_NAME).toBeUndefined();
    expect(serviceName()).toBe('dpp-service');
  });
});

describe('the keys of a request', () => {
  it('are on every line of the invocation that set them, after the head and before the attributes', async () => {
    const { logger, entries } = capture();
    const invocation = async () => {
      logger.setRequestKeys({ correlation_id: 'c-1', function_request_id: 'r-1' });
      logger.info('first');
      await tick();
      logger.warn('second', { status: 409 });
    };
    await invocation();
    const lines = entries();
    expect(lines.map((entry) => entry.correlation_id)).toEqual(['c-1', 'c-1']);
    expect(Object.keys(lines[1]!)).toEqual([
      'level',
      'message',
      'timestamp',
      'service',
      'correlation_id',
      'function_request_id',
      'status',
    ]);
  });

  it('are replaced, not merged, by the next invocation', async () => {
    const { logger, entries } = capture();
    await (async () => {
      logger.setRequestKeys({ correlation_id: 'c-1', api_request_id: 'a-1' });
      logger.info('one');
    })();
    await (async () => {
      logger.setRequestKeys({ correlation_id: 'c-2' });
      logger.info('two');
    })();
    expect(entries()[1]).not.toHaveProperty('api_request_id');
    expect(entries()[1]).toHaveProperty('correlation_id', 'c-2');
  });

  it('stay with their own invocation when invocations interleave in one process', async () => {
    const { logger, entries } = capture();
    const invocation = async (id: number) => {
      logger.setRequestKeys({ correlation_id: `c-${id}`, api_request_id: `a-${id}` });
      for (let step = 0; step < 3; step++) {
        await new Promise((resolve) => setTimeout(resolve, (id * 7 + step * 3) % 5));
        logger.info('step', { id, step });
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, id) => invocation(id)));
    const lines = entries();
    expect(lines).toHaveLength(24);
    for (const line of lines) {
      expect([line.correlation_id, line.api_request_id]).toEqual([`c-${line.id}`, `a-${line.id}`]);
    }
  });
});
