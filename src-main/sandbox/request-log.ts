export interface RequestLogEntry {
  seq: number;
  /** Sandbox time. */
  at: number;
  method: string;
  path: string;
  /** HTTP status sent, or `reset` when a fault cut the connection. */
  status: number | 'reset';
  requestId: string | null;
  authorized: boolean;
  contentType: string | null;
  ip: string;
}

/** The last N requests the sandbox answered, so tests can see what a client actually sent. */
export class RequestLog {
  private readonly entries: RequestLogEntry[] = [];
  private seq = 0;

  constructor(private readonly capacity = 20_000) {}

  add(entry: Omit<RequestLogEntry, 'seq'>): void {
    this.entries.push({ seq: ++this.seq, ...entry });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(sinceSeq = 0): RequestLogEntry[] {
    return this.entries.filter((e) => e.seq > sinceSeq);
  }
}
