import { Agent, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, request, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { createPageMicrocache, StoredPage } from '../net/page-microcache.ts';
import { createCachedPagePolicy, isCachedPage, notModifiedHeaders, withExtraVary, without } from '../security/cached-page-csp.ts';
import { chosenCoding, compressible, compressingStream, compressWhole } from './compression.ts';
import { addToVary } from './vary.ts';

/**
 * The edge in front of Next for every page request, as a CDN would stand in front of an origin:
 * Next renders pages on a private socket of this process (server.mts) and the edge asks it over
 * HTTP, so it reads Next's answers through Node's HTTP client instead of reaching into the
 * response Next writes. It gives pages Next keeps in its cache their hash-only CSP
 * (server/security/cached-page-csp.ts), keeps such pages a few seconds (server/net/
 * page-microcache.ts), and compresses what it sends (Next is asked for identity bodies, so the
 * edge never has to undo a compression to read a page). Kept free of path aliases.
 */
export interface PageEdgeOptions {
  /** Where Next listens, in this process only. */
  socketPath: string;
  microcache: ReturnType<typeof createPageMicrocache>;
}

/** Headers that belong to one connection (RFC 9110, 7.6.1), never passed across the edge. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-authenticate', 'proxy-authorization']);

function endToEnd<T extends IncomingHttpHeaders | OutgoingHttpHeaders>(headers: T): T {
  const named = String(headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase());
  const kept = {} as Record<string, unknown>;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) kept[name] = value;
  return kept as T;
}

/**
 * Next's notes to itself (`x-middleware-rewrite`: where proxy.ts sent the request) that its
 * server leaves on the answer; no browser or cache reads them, and a page's first round trip on
 * a phone has no bytes to spare.
 */
function withoutNextInternals(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith('x-middleware-')) kept[name] = value;
  return kept;
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    stream.once('error', reject);
    stream.once('close', () => {
      if (!stream.complete) reject(new Error('Next closed the answer before its end'));
    });
  });
}

/** Sends a whole page (fresh from Next or from the microcache), compressed for this client. */
function sendPage(req: IncomingMessage, res: ServerResponse, page: StoredPage): void {
  if (matchesEtag(req.headers['if-none-match'], page.etag)) {
    res.writeHead(304, without(notModifiedHeaders(page.headers), 'content-encoding')).end();
    return;
  }
  const worth = compressible(page.headers, page.status) && page.body.length > 0;
  const coding = worth ? chosenCoding(req.headers['accept-encoding']) : 'identity';
  let body = page.body;
  if (coding !== 'identity') {
    body = page.encoded.get(coding) ?? compressWhole(page.body);
    page.encoded.set(coding, body);
  }
  const headers: OutgoingHttpHeaders = { ...page.headers };
  if (worth) headers.vary = addToVary(headers.vary, ['Accept-Encoding']);
  if (coding !== 'identity') headers['content-encoding'] = coding;
  // A HEAD answer leaves the length out rather than give the length of another coding.
  if (req.method !== 'HEAD') headers['content-length'] = body.length;
  else delete headers['content-length'];
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Streams any other answer on as Next produces it, compressed where that pays. */
function streamOn(req: IncomingMessage, res: ServerResponse, answer: IncomingMessage, headers: OutgoingHttpHeaders): Promise<void> {
  const status = answer.statusCode ?? 502;
  const worth = req.method !== 'HEAD' && compressible(headers, status);
  const coding = worth ? chosenCoding(req.headers['accept-encoding']) : 'identity';
  if (worth) headers.vary = addToVary(headers.vary, ['Accept-Encoding']);
  if (coding !== 'identity') {
    headers['content-encoding'] = coding;
    delete headers['content-length'];
  }
  res.writeHead(status, headers);
  return new Promise((resolve) => {
    const done = () => resolve();
    if (coding === 'identity') return void pipeline(answer, res, done);
    // A page rendered per request streams its suspended parts: each goes out when Next has it.
    const streamed = /^text\/(html|x-component)/.test(String(headers['content-type'] ?? ''));
    pipeline(answer, compressingStream(streamed), res, done);
  });
}

export function createPageEdge({ socketPath, microcache }: PageEdgeOptions) {
  const agent = new Agent({ keepAlive: true });
  const policy = createCachedPagePolicy();

  /** Asks Next for the page over its private socket, the request's own headers but identity coding. */
  function forward(req: IncomingMessage, res: ServerResponse): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const headers = { ...endToEnd(req.headers), 'accept-encoding': 'identity' };
      const upstream = request({ socketPath, agent, method: req.method, path: req.url, headers }, resolve);
      upstream.once('error', reject);
      // A visitor who leaves before the whole answer stops Next's work on it too.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      req.pipe(upstream);
    });
  }

  return async function pageEdge(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const stored = microcache.lookup(req);
    if (stored) return sendPage(req, res, stored);
    try {
      await answerFromNext(req, res);
    } catch (error) {
      // A visitor who left cut the exchange with Next short: nobody is there to answer.
      if (!res.destroyed) throw error;
    }
  };

  async function answerFromNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = await forward(req, res);
    const status = answer.statusCode ?? 502;
    const headers = withExtraVary(withoutNextInternals(endToEnd(answer.headers) as OutgoingHttpHeaders));
    if (status === 304) {
      answer.resume();
      res.writeHead(304, notModifiedHeaders(headers)).end();
      return;
    }
    if (!isCachedPage(headers)) return streamOn(req, res, answer, headers);
    const body = await readAll(answer);
    const page: StoredPage = {
      status,
      headers: policy.headersFor(headers, req.method === 'HEAD' ? undefined : body.toString('utf8')),
      body,
      encoded: new Map(),
      etag: typeof headers.etag === 'string' ? headers.etag : undefined,
    };
    microcache.store(req, page);
    sendPage(req, res, page);
  }
}
