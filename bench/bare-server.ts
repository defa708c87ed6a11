/**
 * The yardstick: the least an HTTP server on Node can do with an ingest request. It reads the whole body,
 * parses it as JSON and answers 202 with a small JSON body, nothing else. It runs as its own process so it
 * competes with the load generator for CPU exactly as `cqm serve` does.
 *
 * Usage: PORT=... node --import tsx bench/bare-server.ts  (prints "listening <port>" when ready)
 */
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
let accepted = 0;

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let externalId: unknown;
    try {
      externalId = JSON.parse(Buffer.concat(chunks).toString('utf8')).external_id;
    } catch {
      externalId = undefined;
    }
    if (typeof externalId !== 'string') {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"type":"invalid_json"}}');
      return;
    }
    accepted++;
    // The same shape and about the same size as the service's answer.
    const body = JSON.stringify({ id: `conv_bare${String(accepted).padStart(20, '0')}`, status: 'queued' });
    response.writeHead(202, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
});

server.keepAliveTimeout = 30_000;
server.listen(port, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
});
