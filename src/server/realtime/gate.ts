/**
 * At most `limit` tasks at once, the rest waiting in order. Socket connects bypass the HTTP
 * in-flight limit (an upgrade holds no request slot), so a reconnect storm of thousands of
 * sockets would otherwise put thousands of queries on the pool at once (TOOLCHAIN.md: postgres.js
 * degrades when saturated).
 */
export class Gate {
  private running = 0;
  private waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
