/**
 * `npm run operator -- <command>`: the only way operators of the console come to be.
 *
 *   add EMAIL support|finance   creates the operator and e-mails a one-time link to create a passkey
 *   enrol EMAIL                 a new link for an active operator (another device, a lost passkey)
 *   disable EMAIL               ends their sessions and their access; the audit log keeps their name
 *   list                        every operator, with role and state
 *   audit-verify                walks the audit log's hash chain; names the first entry that breaks
 *                               it and exits 1, or prints the chain's head (keep it elsewhere, compare)
 *
 * The link is printed too, for the first operator of a site whose mail is not set up yet. It uses
 * the site's configuration (DATABASE_URL, CONSOLE_URL, …); with the embedded database, stop the
 * server first (PGlite serves one process; the command says so if it is running).
 */
import { addOperator, disableOperator, enrolAgain, listOperators, OperatorCommandRefused } from '../server/operators/accounts.ts';
import { verifyAuditChain } from '../server/operators/audit-chain.ts';
import { isOperatorRole, OPERATOR_ROLES } from '../server/operators/roles.ts';
import { appConfigOrExit } from '../server/runtime.ts';
import { createServices } from '../server/services.ts';
import { productionParts } from '../server/wiring.ts';

const USAGE = `usage: npm run operator -- add EMAIL ${OPERATOR_ROLES.join('|')} | enrol EMAIL | disable EMAIL | list | audit-verify`;

const [command, email, role] = process.argv.slice(2);
const services = createServices({ config: appConfigOrExit(), parts: productionParts });

async function run(): Promise<void> {
  switch (command) {
    case 'add': {
      if (!email || !role || !isOperatorRole(role)) throw new OperatorCommandRefused(USAGE);
      const enrolment = await addOperator(services, email, role);
      console.log(`${enrolment.operator.email} is an operator (${role}). Enrolment link, e-mailed, valid once until ${enrolment.expiresAt.toISOString()}:\n${enrolment.link}`);
      return;
    }
    case 'enrol': {
      if (!email) throw new OperatorCommandRefused(USAGE);
      const enrolment = await enrolAgain(services, email);
      console.log(`New enrolment link for ${enrolment.operator.email}, e-mailed, valid once until ${enrolment.expiresAt.toISOString()}:\n${enrolment.link}`);
      return;
    }
    case 'disable':
      if (!email) throw new OperatorCommandRefused(USAGE);
      await disableOperator(services, email);
      console.log(`${email} can no longer sign in; their sessions have ended.`);
      return;
    case 'list':
      for (const operator of await listOperators(services)) {
        console.log(`${operator.email}\t${operator.role}\t${operator.disabledAt ? `disabled ${operator.disabledAt.toISOString()}` : 'active'}`);
      }
      return;
    case 'audit-verify': {
      const verdict = await verifyAuditChain(services);
      const earlier = verdict.beforeChain > 0 ? `, after ${verdict.beforeChain} written before the chain began` : '';
      if (!verdict.intact) {
        const { seq, id, at, action, why } = verdict.broken;
        throw new OperatorCommandRefused(
          `The audit log was changed behind the application's back: entry seq ${seq} (id ${id}, ${action} at ${at.toISOString()}) breaks the chain: ${why}. The ${verdict.chained} chained entries before it are intact${earlier}.`,
        );
      }
      console.log(`The audit log is intact: ${verdict.chained} chained entries${earlier}.${verdict.head ? `\nHead: seq ${verdict.head.seq} hash ${verdict.head.hash}` : ''}`);
      return;
    }
    default:
      throw new OperatorCommandRefused(USAGE);
  }
}

let code = 0;
try {
  await run();
} catch (error) {
  console.error(error instanceof OperatorCommandRefused ? error.message : error);
  code = 1;
}
try {
  const queue = await services.jobs.queue();
  await queue.stop();
  await (await services.db()).close();
} catch {
  // The database never opened: the error above said why.
}
process.exit(code);
