// A stand-in for Sentry's ingest endpoint: keeps every envelope it receives so tests can see
// what the site reported. GET /envelopes lists them (newest last); GET /health answers 200.
import http from 'node:http';

const PORT = Number(process.env.FAKE_SENTRY_PORT ?? 3199);
const envelopes = [];

http
  .createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end();
    if (req.method === 'GET' && req.url === '/health') return res.writeHead(200, cors).end('ok');
    if (req.method === 'GET' && req.url === '/envelopes') {
      return res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(envelopes));
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      envelopes.push({ url: req.url, body });
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end('{}');
    });
  })
  .listen(PORT, '127.0.0.1');
