import { AsyncLocalStorage } from 'node:async_hooks';
import { optional } from './config';

/**
 * Structured JSON logs, one line per entry on stdout, with the keys of Powertools Logger
 * (`level`, `message`, `timestamp`, `service`, `cold_start`, `function_name`,
 * `function_request_id`, `correlation_id`, `xray_trace_id`, and `error` as
 * `{name, message, stack}`), so log queries written for Powertools keep working.
 *
 * Our own rather than Powertools Logger: measured with the stack's esbuild options,
 * Powertools Logger and its middleware add 23.9 KB to a bundle and ~13 ms to a cold import;
 * this module, the metrics and the hooks together ~3.4 KB and ~0.3 ms (docs/observability.md).
 *
 * The keys of the request being served (lib/http/middleware/observability.ts sets them at
 * the start of each invocation) live in an AsyncLocalStorage, so requests served
 * concurrently by one process (the local server) never borrow each other's ids.
 */
export const LOG_LEVELS = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Upper or lower case, as Powertools accepted (`npm start -- --log-level debug`). */
const LEVEL_VALUES = [...LOG_LEVELS, ...LOG_LEVELS.map((level) => level.toLowerCase() as Lowercase<LogLevel>)] as const;

/** Set per function by the stack (context `logLevel`) and by the local server (`--log-level`). */
const levelSetting = /* @__PURE__ */ optional('LOG_LEVEL', LEVEL_VALUES);
const serviceSetting = /* @__PURE__ */ optional('SERVICE_NAME');

export const DEFAULT_SERVICE_NAME = 'dpp-service';
/** The `service` of every log line and metric. */
export const serviceName = (): string => serviceSetting() ?? DEFAULT_SERVICE_NAME;

export type LogAttributes = Record<string, unknown>;

export interface LoggerOptions {
  service: () => string;
  /** The lowest level written; read on the first entry, once. */
  level: () => string | undefined;
  /** Writes one line (with its newline). */
  write: (line: string) => void;
}

function errorFields(error: Error, depth = 0): LogAttributes {
  const fields: LogAttributes = { name: error.name, message: error.message, stack: error.stack };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') fields.code = code;
  if (error.cause instanceof Error && depth < 3) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}

/** Any Error, at any depth of the attributes, as `{name, message, stack}`. */
const replacer = (_key: string, value: unknown): unknown => (value instanceof Error ? errorFields(value) : value);

export class Logger {
  readonly #options: LoggerOptions;
  readonly #request = new AsyncLocalStorage<LogAttributes>();
  #threshold?: number;

  constructor(options: LoggerOptions) {
    this.#options = options;
  }

  /**
   * The keys every entry of the current invocation carries, until the next call. Set at the
   * start of an invocation, before anything can log (Middy's `requestStart`).
   */
  setRequestKeys(keys: LogAttributes): void {
    this.#request.enterWith(keys);
  }

  isEnabled(level: LogLevel): boolean {
    if (this.#threshold === undefined) {
      const configured = LOG_LEVELS.indexOf(this.#options.level()?.toUpperCase() as LogLevel);
      this.#threshold = configured === -1 ? LOG_LEVELS.indexOf('INFO') : configured;
    }
    return LOG_LEVELS.indexOf(level) >= this.#threshold;
  }

  trace(message: string, attributes?: LogAttributes): void {
    this.#log('TRACE', message, attributes);
  }
  debug(message: string, attributes?: LogAttributes): void {
    this.#log('DEBUG', message, attributes);
  }
  info(message: string, attributes?: LogAttributes): void {
    this.#log('INFO', message, attributes);
  }
  warn(message: string, attributes?: LogAttributes): void {
    this.#log('WARN', message, attributes);
  }
  error(message: string, attributes?: LogAttributes): void {
    this.#log('ERROR', message, attributes);
  }
  critical(message: string, attributes?: LogAttributes): void {
    this.#log('CRITICAL', message, attributes);
  }

  /** Never throws: attributes that cannot be serialized are replaced by a note saying so. */
  #log(level: LogLevel, message: string, attributes?: LogAttributes): void {
    if (level === 'SILENT' || !this.isEnabled(level)) return;
    const head = { level, message, timestamp: new Date().toISOString(), service: this.#options.service() };
    let line: string;
    try {
      // The head is spread last as well, so an attribute cannot overwrite it (its keys keep their place).
      line = JSON.stringify({ ...head, ...this.#request.getStore(), ...attributes, ...head }, replacer);
    } catch (error) {
      line = JSON.stringify({
        ...head,
        ...this.#request.getStore(),
        log_error: `attributes not serializable: ${(error as Error).message}`,
      });
    }
    this.#options.write(`${line}\n`);
  }
}

/** The logger of every function. */
export const logger = new Logger({
  service: serviceName,
  level: levelSetting,
  write: (line) => {
    process.stdout.write(line);
  },
});
