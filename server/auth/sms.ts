import type { ServerConfig } from '../config.js';

/** Sends a one-time code by SMS. The development provider writes it to the log instead. */
export interface SmsProvider {
  send(mobile: string, code: string, mode: string): Promise<void>;
}

export interface SentSms {
  mobile: string;
  code: string;
  mode: string;
}

/** Development provider: logs the code, and remembers the last ones so tests and demos can read them. */
export class LogSmsProvider implements SmsProvider {
  readonly sent: SentSms[] = [];
  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}
  async send(mobile: string, code: string, mode: string): Promise<void> {
    this.sent.push({ mobile, code, mode });
    if (this.sent.length > 100) this.sent.shift();
    this.log(`[sms] code ${code} for ${mobile} (mode ${mode})`);
  }
}

/** Posts {mobile, code, mode} as JSON to a configured gateway, with a bearer token when one is set. */
export class HttpSmsProvider implements SmsProvider {
  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}
  async send(mobile: string, code: string, mode: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ mobile, code, mode }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}

export function createSmsProvider(config: ServerConfig): SmsProvider {
  if (config.smsProvider === 'http') {
    if (!config.smsHttpUrl) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return new HttpSmsProvider(config.smsHttpUrl, config.smsHttpToken);
  }
  return new LogSmsProvider();
}
