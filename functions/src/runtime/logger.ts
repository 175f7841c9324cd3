import { config } from './config';

type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

/** One JSON line per entry, tagged with the request id (CloudWatch-friendly). */
export function createLogger(base: Record<string, unknown> = {}): Logger {
  const write = (level: Level, msg: string, data?: Record<string, unknown>) => {
    if (order[level] < order[config().LOG_LEVEL]) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...base, ...data });
    (level === 'error' || level === 'warn' ? console.error : console.log)(line);
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
