// The yardstick for the API throughput figure: a bare node:http server answering the same
// bytes (body and headers captured once from the real server) from memory. Run as a child
// process so it gets a process of its own, like the real server. Prints its port on stdout.
import fs from 'node:fs';
import http from 'node:http';

const answers = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byPath = new Map(answers.map((a) => [a.path, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }]));

const server = http.createServer((req, res) => {
  const a = byPath.get(req.url);
  if (!a) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(a.status, a.headers);
  res.end(a.body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
