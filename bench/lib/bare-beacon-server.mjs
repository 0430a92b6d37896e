// The yardstick for the heartbeats' CPU (bench/audience.mjs): a bare node:http server that
// reads each beacon, parses its JSON and answers 202 with the real route's headers and body
// shape; nothing is counted or stored. Listens on PORT like the compiled server.
import http from 'node:http';

const server = http.createServer((req, res) => {
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (d) => (raw += d));
  req.on('end', () => {
    const body = JSON.stringify({ accepted: JSON.parse(raw).events.length, refused: 0 });
    res.writeHead(202, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    });
    res.end(body);
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`Listening on ${process.env.PORT}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
