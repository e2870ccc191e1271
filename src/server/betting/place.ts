/**
 * Placing bet submissions with group commit: concurrent submissions wait in an in-process queue and
 * one writer puts a whole batch in one transaction with a handful of statements (stored-request
 * lookup, groups, issue checks, one wallet lock, one bet insert, one bulk ledger write), so the
 * commit cost and the house-account lock are paid once per batch instead of once per bet.
 *
 * Each submission is all or nothing, decided on its own inside the batch: its entries are priced at
 * the bettor's group, its issues must be on sale, and its total must fit the wallet as left by the
 * submissions before it in the batch (wallets are locked first, so nothing else moves them). A
 * refused submission is left out of the writes, so it never fails the others.
 *
 * Idempotency: a submission is keyed by (user, requestId). The same key waiting or in flight shares
 * one result; one already stored answers its stored orders; a concurrent writer elsewhere (another
 * instance) that wins the unique index makes the batch retry, and the retry finds the stored orders.
 * Each of these first compares the request's fingerprint (its entries and stake type): a key
 * repeated with a different slip is refused, never answered with the first slip's orders.
 */
import { formatFen } from '../../domain/money.ts';
import type { Sql, Tx } from '../db/client.ts';
import { AppError } from '../http/envelope.ts';
import { requestFingerprint, reusedRequestError, sameFingerprint } from '../http/idempotency.ts';
import { insufficientBalance, playerBalance } from '../ledger/ledger.ts';
import { issueForSale } from '../lottery/issues.ts';
import { prizeGroupsOf } from './groups.ts';
import {
  allocateBetIds,
  lockWallets,
  storedOrders,
  storedOrdersOf,
  writeBets,
  type BetInsert,
  type StoredSubmission,
} from './store.ts';
import {
  priceTicket,
  ticketFingerprintFields,
  type PricedTicket,
  type TicketInput,
} from './tickets.ts';

export interface Submission {
  userId: number;
  requestId: string;
  tickets: TicketInput[];
  /** ledger type of the stakes: 301 bet, 303 quick, 304 long dragon */
  stakeType: number;
}

export interface PlacedSubmission {
  orders: { id: number; orderNo: string }[];
  balance: string;
}

type Outcome = { ok: PlacedSubmission } | { err: unknown };

/** Submissions and bets per transaction: bounded so one transaction stays short. */
export const MAX_BATCH = 200;
export const MAX_BATCH_BETS = 2_000;
/** Submissions waiting for the writer beyond which new ones are turned away (overload). */
export const MAX_WAITING = 5_000;
export const BUSY_MSG = '系统繁忙，请稍后再试';

interface Job extends Submission {
  key: string;
  fingerprint: string;
  resolve(v: PlacedSubmission): void;
  reject(e: unknown): void;
}

const keyOf = (s: { userId: number; requestId: string }) => `${s.userId}:${s.requestId}`;

/** The fingerprint of a submission: its entries in canonical form and where it was placed. */
export function submissionFingerprint(s: Submission): string {
  return requestFingerprint({
    stakeType: s.stakeType,
    tickets: s.tickets.map(ticketFingerprintFields),
  });
}

/** The stored answer of a request id, or the refusal when this job is a different request under it. */
function replay(job: Job, prior: StoredSubmission, balanceFen: number): Outcome {
  if (!sameFingerprint(prior.requestHash, job.fingerprint)) return { err: reusedRequestError() };
  return { ok: { orders: prior.orders, balance: formatFen(balanceFen) } };
}

/** Prices every ticket of a job at its bettor's group; a refusal fails the whole job. */
function priceJob(job: Job, groups: Map<string, number>): PricedTicket[] {
  return job.tickets.map((t) => {
    const own = groups.get(`${job.userId}:${t.lottery.family}`)!;
    return priceTicket(t, Math.min(own, t.lottery.prizeGroupCap));
  });
}

/** Checks each distinct (lottery, issue) once, all at once; a refused pair fails the jobs using it. */
async function checkIssues(
  tx: Tx,
  jobs: readonly Job[],
  nowMs: number,
): Promise<Map<string, unknown>> {
  const refused = new Map<string, unknown>();
  const pairs = new Set<string>();
  for (const j of jobs) for (const t of j.tickets) pairs.add(`${t.lottery.code}|${t.issue}`);
  await Promise.all(
    [...pairs].map(async (pair) => {
      const [code, issue] = pair.split('|') as [string, string];
      try {
        await issueForSale(tx, code, issue, nowMs);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.set(pair, err);
      }
    }),
  );
  return refused;
}

/**
 * One batch in one transaction; returns each job's outcome (the transaction committed). Statements
 * that do not depend on each other go out together (postgres.js pipelines them on the connection):
 * (1) stored requests, groups, issue checks; (2) wallet locks and bet ids once the issues are held;
 * (3) bets and ledger rows. Bet ids are drawn for every entry; refused ones leave gaps.
 */
async function writeBatch(sql: Sql, jobs: readonly Job[]): Promise<Map<Job, Outcome>> {
  return sql.begin(async (tx) => {
    const out = new Map<Job, Outcome>();
    const nowMs = Date.now();
    const pairs = jobs.flatMap((j) =>
      j.tickets.map((t) => ({ userId: j.userId, family: t.lottery.family })),
    );
    // Lock order everywhere: issue rows (FOR SHARE here), then ledger accounts in id order.
    const locked = checkIssues(tx, jobs, nowMs).then(async (refusedIssues) => {
      const [balances, ids] = await Promise.all([
        lockWallets(
          tx,
          jobs.map((j) => j.userId),
        ),
        allocateBetIds(
          tx,
          jobs.reduce((n, j) => n + j.tickets.length, 0),
        ),
      ]);
      return { refusedIssues, balances, ids };
    });
    const [stored, groups, { refusedIssues, balances, ids }] = await Promise.all([
      storedOrdersOf(tx, jobs),
      prizeGroupsOf(tx, pairs),
      locked,
    ]);
    const priced = new Map<Job, PricedTicket[]>();
    for (const j of jobs) {
      if (stored.has(j.key)) continue;
      try {
        priced.set(j, priceJob(j, groups));
      } catch (err) {
        out.set(j, { err });
      }
    }
    const rows: BetInsert[] = [];
    const accepted: { job: Job; balanceFen: number; from: number; count: number }[] = [];
    for (const [job, tickets] of priced) {
      const badIssue = tickets
        .map((t) => refusedIssues.get(`${t.lottery.code}|${t.issue}`))
        .find((e) => e !== undefined);
      if (badIssue) {
        out.set(job, { err: badIssue });
        continue;
      }
      const balanceFen = balances.get(job.userId)! - tickets.reduce((s, t) => s + t.amountFen, 0);
      if (balanceFen < 0) {
        out.set(job, { err: insufficientBalance() });
        continue;
      }
      balances.set(job.userId, balanceFen);
      accepted.push({ job, balanceFen, from: rows.length, count: tickets.length });
      tickets.forEach((ticket, i) => {
        rows.push({
          userId: job.userId,
          requestId: job.requestId,
          requestIndex: i,
          ticket,
          stakeType: job.stakeType,
          chaseId: null,
          requestHash: job.fingerprint,
        });
      });
    }
    const orders = await writeBets(tx, rows, ids, nowMs);
    for (const a of accepted) {
      const mine = orders
        .slice(a.from, a.from + a.count)
        .map((o) => ({ id: o.id, orderNo: o.orderNo }));
      out.set(a.job, { ok: { orders: mine, balance: formatFen(a.balanceFen) } });
    }
    for (const j of jobs) {
      const prior = stored.get(j.key);
      if (prior) out.set(j, replay(j, prior, balances.get(j.userId)!));
    }
    return out;
  });
}

const RETRYABLE = new Set(['23505', '40P01', '40001']);

/**
 * Runs a batch; when the transaction fails as a whole, each job is retried alone so one odd
 * submission cannot fail the others (a lost unique-index race then finds the stored orders).
 */
async function runBatch(sql: Sql, jobs: readonly Job[]): Promise<void> {
  let outcomes: Map<Job, Outcome>;
  try {
    outcomes = await writeBatch(sql, jobs);
  } catch (err) {
    if (jobs.length === 1) {
      const job = jobs[0]!;
      if (!RETRYABLE.has((err as { code?: string }).code ?? '')) return job.reject(err);
      return runAlone(sql, job);
    }
    for (const job of jobs) await runBatch(sql, [job]);
    return;
  }
  for (const job of jobs) {
    const o = outcomes.get(job)!;
    if ('ok' in o) job.resolve(o.ok);
    else job.reject(o.err);
  }
}

/** A job whose batch lost a race: its stored orders if it was written elsewhere, else one more try. */
async function runAlone(sql: Sql, job: Job): Promise<void> {
  const prior = await storedOrders(sql, job.userId, job.requestId);
  if (prior) {
    const o = replay(job, prior, await playerBalance(sql, job.userId));
    return 'ok' in o ? job.resolve(o.ok) : job.reject(o.err);
  }
  try {
    const o = (await writeBatch(sql, [job])).get(job)!;
    if ('ok' in o) job.resolve(o.ok);
    else job.reject(o.err);
  } catch (err) {
    job.reject(err);
  }
}

/** The in-process queue: one writer drains it a batch at a time. */
export class BetQueue {
  private waiting: Job[] = [];
  private inFlight = new Map<string, { fingerprint: string; placed: Promise<PlacedSubmission> }>();
  private running = 0;
  private idle: (() => void)[] = [];

  constructor(
    private readonly sql: Sql,
    private readonly writers = 1,
  ) {}

  submit(s: Submission): Promise<PlacedSubmission> {
    const key = keyOf(s);
    const fingerprint = submissionFingerprint(s);
    const same = this.inFlight.get(key);
    if (same)
      return sameFingerprint(same.fingerprint, fingerprint)
        ? same.placed
        : Promise.reject(reusedRequestError());
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(new AppError(BUSY_MSG));
    const p = new Promise<PlacedSubmission>((resolve, reject) => {
      this.waiting.push({ ...s, key, fingerprint, resolve, reject });
    });
    this.inFlight.set(key, { fingerprint, placed: p });
    const forget = () => this.inFlight.delete(key);
    p.then(forget, forget);
    this.pump();
    return p;
  }

  private pump(): void {
    while (this.running < this.writers && this.waiting.length > 0) {
      let n = 0;
      let bets = 0;
      while (
        n < this.waiting.length &&
        n < MAX_BATCH &&
        (n === 0 || bets + this.waiting[n]!.tickets.length <= MAX_BATCH_BETS)
      ) {
        bets += this.waiting[n]!.tickets.length;
        n++;
      }
      const batch = this.waiting.splice(0, n);
      this.running++;
      runBatch(this.sql, batch)
        .catch((err) => {
          for (const j of batch) j.reject(err);
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0)
            for (const f of this.idle.splice(0)) f();
        });
    }
  }

  /** Resolves when nothing is waiting or being written (graceful close). */
  drained(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }
}
