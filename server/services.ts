import 'server-only';
import { BUILD_INFO } from '@/lib/build-info';
import { type Budgets, budgetsOf } from './budget-port';
import { type Clock, startedClock, systemClock } from './clock';
import type { Config } from './config';
import { openDb, type DbHandle } from './db/open-db';
import { type Jobs, lazyJobs } from './jobs/jobs';
import { createMetrics, type Metrics } from './metrics';
import { consoleAndMonitoring, type ErrorReporter } from './monitoring';
import type { MailTransport } from './notifications/deliver';
import { type RenderQueue, renderQueue } from './notifications/pdf/render-queue';
import { smtpTransport } from './notifications/smtp';
import { demandApi } from './booking/demand-api/client';
import { demandApiPortal } from './booking/demand-api/portal';
import type { BookingPortal } from './booking/portal';
import { type BookingWebsite, bookingWebsite } from './booking/website';
import { type BankStatement, httpBankStatement } from './payments/bank-statement';
import type { Gateway, GatewayType } from './payments/gateways/gateway';
import type { PaymentOwner, VoucherWallet } from './payments/owner';

/** What this build is and since when this process runs (the Version call, the start log). */
export interface BuildFacts {
  id: string;
  version: string;
  commit: string;
  branch: string;
  dockerTag: string;
  startedAt: Date;
}

/**
 * Everything the server's handlers, domain functions and jobs may use. They receive it (or the
 * part they need) as an argument and never reach for module globals; tests build their own with
 * a fixed clock, a throwaway database and collected error reports.
 */
export interface Services {
  config: Config;
  clock: Clock;
  /** The database, opened and migrated on first use (a failed open is retried by the next use). */
  db(): Promise<DbHandle>;
  /** The one place unexpected errors go: the log and monitoring, with request and session ids. */
  report: ErrorReporter;
  build: BuildFacts;
  /** The background job queue (pg-boss on the same database). */
  jobs: Jobs;
  /** One adapter per payment gateway; in sandbox mode they talk to the simulators. */
  gateways: Record<GatewayType, Gateway>;
  /** Whatever is paid for, by owner type (voucher_order, hotel_order): the order modules. */
  owners: Record<string, PaymentOwner>;
  /** Value held and spent on vouchers inside payments (the vouchers module). */
  wallet: VoucherWallet;
  /** The operator's bank statement, for incoming transfers. */
  bank: BankStatement;
  /** SMTP delivery (to the sandbox's mail server in sandbox mode); undefined: recorded in the outbox only. */
  mailTransport: MailTransport | undefined;
  /** Booking.com's web site (share links, hotel pages); the look-alike in sandbox mode. */
  website: BookingWebsite;
  /** Booking.com's Demand API (the simulator in sandbox mode). */
  portal: BookingPortal;
  /** What callers may spend (rate limits) and the proof of work asked once a budget is spent. */
  budgets: Budgets;
  /** Counts and gauges for operators (server/metrics.ts), served at /console/metrics. */
  metrics: Metrics;
  /** The PDF renders of this process: a few at once, the rest waiting in a bounded queue. */
  renders: RenderQueue;
}

/** The parts the composition root plugs in that the infrastructure cannot build itself. */
export interface ServiceParts {
  gateways: Record<GatewayType, Gateway>;
  owners: Record<string, PaymentOwner>;
  wallet: VoucherWallet;
  bank?: BankStatement;
  mailTransport?: MailTransport;
  website?: BookingWebsite;
  portal?: BookingPortal;
}

export function createServices(options: {
  config: Config;
  clock?: Clock;
  report?: ErrorReporter;
  /** An open database (tests); otherwise the configured one is opened on first use. */
  db?: DbHandle;
  startedAt?: Date;
  parts: (services: Services) => ServiceParts;
}): Services {
  const { config } = options;
  let opening: Promise<DbHandle> | undefined;
  const db = () => {
    opening ??= (options.db ? Promise.resolve(options.db) : openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, pool: config.limits.dbPool }))
      .then(async (handle) => {
        await services.jobs.attach(handle);
        return handle;
      })
      .catch((error: unknown) => {
        opening = undefined;
        throw error;
      });
    return opening;
  };
  const clock = options.clock ?? (config.clockStart ? startedClock(config.clockStart) : systemClock);
  // The domain parts (owners, wallet, gateways) close over the services, so they are built on
  // first use, once, from the finished object.
  let built: BuiltParts | undefined;
  let jobs: Jobs | undefined;
  let budgets: Budgets | undefined;
  const metrics = createMetrics();
  metrics.watch(db);
  const parts = (): BuiltParts => (built ??= withDefaults(options.parts(services), config));
  const services: Services = {
    config,
    clock,
    db,
    report: options.report ?? consoleAndMonitoring,
    build: {
      id: BUILD_INFO.id,
      version: BUILD_INFO.version,
      commit: BUILD_INFO.commit,
      branch: BUILD_INFO.branch,
      dockerTag: BUILD_INFO.dockerTag,
      // On the site's clock, so that the uptime it reports is the process's, whatever CLOCK_START says.
      startedAt: options.startedAt ?? new Date(clock.now().getTime() - process.uptime() * 1000),
    },
    get jobs() {
      return (jobs ??= lazyJobs(services, db));
    },
    get gateways() {
      return parts().gateways;
    },
    get owners() {
      return parts().owners;
    },
    get wallet() {
      return parts().wallet;
    },
    get bank() {
      return parts().bank;
    },
    get mailTransport() {
      return parts().mailTransport;
    },
    get website() {
      return parts().website;
    },
    get portal() {
      return parts().portal;
    },
    get budgets() {
      return (budgets ??= budgetsOf(services));
    },
    metrics,
    renders: renderQueue(config.limits.renders),
  };
  return services;
}

type BuiltParts = Pick<Services, 'gateways' | 'owners' | 'wallet' | 'bank' | 'mailTransport' | 'website' | 'portal'>;

/** The parts handed in, with the configured infrastructure for whatever was left out. */
function withDefaults(parts: ServiceParts, config: Config): BuiltParts {
  return {
    gateways: parts.gateways,
    owners: parts.owners,
    wallet: parts.wallet,
    bank: parts.bank ?? httpBankStatement(config.payments.bankStatement.url, config.payments.bankStatement.token),
    mailTransport: parts.mailTransport ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined),
    website: parts.website ?? bookingWebsite(config.booking.websiteBase),
    portal:
      parts.portal ??
      demandApiPortal(demandApi({ baseUrl: config.booking.apiUrl, apiKey: config.booking.apiKey, affiliateId: config.booking.affiliateId })),
  };
}
