/**
 * A fake WebSocket for the chat tests: every socket the page opens is kept in `FakeSocket.all`, and a
 * test plays the server by opening it and sending it frames. Stub it with
 * `vi.stubGlobal('WebSocket', FakeSocket)` after emptying `FakeSocket.all`.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  /** What the page sent, in order. */
  sent: string[] = [];
  onmessage: ((ev: { data: string }) => void) | null = null;
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  frame(f: unknown) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
}
