import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/**
 * A real TLS-ending reverse proxy (Debian's caddy or nginx) in front of a test app, configured
 * as docs/deploy.md tells a station to: only the listen address, the ports and the test
 * certificate differ. A missing binary fails the suite; .ci/run installs both.
 */
export type ProxyKind = 'caddy' | 'nginx';

export interface ReverseProxy {
  /** The origin a browser would use: https://localhost:<port>. */
  origin: string;
  port: number;
  /** The certificate authority the proxy's certificate chains to. */
  ca: Buffer;
  close(): Promise<void>;
}

/**
 * A port free on 127.0.0.1 right now (the proxy binds it a moment later), taken below the
 * kernel's ephemeral range: a port from `listen(0)` is one the kernel also hands to outgoing
 * connections and to other tests' servers, and on a loaded machine one of them took it between
 * this check and the proxy's bind ("address already in use").
 */
export async function freePort(): Promise<number> {
  const ephemeralLow = lowestEphemeralPort();
  const low = Math.max(1024, ephemeralLow - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (ephemeralLow - low));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port found between ${low} and ${ephemeralLow}`);
}

/** Where the kernel's ephemeral ports begin (Linux's setting, else the IANA range's start). */
function lowestEphemeralPort(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (low > 2048) return low;
  } catch {
    // Not Linux.
  }
  return 49152;
}

async function bindable(port: number): Promise<boolean> {
  const server = net.createServer();
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (ok) await new Promise<void>((resolve) => server.close(() => resolve()));
  return ok;
}

/** Whether starting a proxy failed only because its port was taken meanwhile (worth a new port). */
export function portTaken(err: unknown): boolean {
  return err instanceof Error && /address already in use|EADDRINUSE/i.test(err.message);
}

/** The proxy's binary, or an error saying how to install it (never a skip: the test must run). */
function binary(kind: ProxyKind): string {
  const candidates = kind === 'caddy' ? ['/usr/bin/caddy', '/usr/local/bin/caddy'] : ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`${kind} is not installed: apt-get install ${kind} (.ci/run installs it); the reverse-proxy test needs a real proxy`);
  return found;
}

/** docs/deploy.md "Caddy", with the test's address, port and Caddy's own local CA. */
function caddyfile(dir: string, port: number, upstream: number): string {
  return `{
	admin off
	skip_install_trust
	auto_https disable_redirects
	storage file_system ${path.join(dir, 'data')}
}

localhost:${port} {
	bind 127.0.0.1
	tls internal
	reverse_proxy 127.0.0.1:${upstream}
}
`;
}

/** docs/deploy.md "nginx", with the test's address, port, a self-signed certificate and paths. */
function nginxConf(dir: string, port: number, upstream: number): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;

    client_max_body_size 25m;

    location / {
      proxy_pass http://127.0.0.1:${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_request_buffering off;
    }
  }
}
`;
}

/** Waits until the proxy completes a TLS handshake for localhost with `ca`, or its process ends. */
async function handshake(port: number, ca: () => Buffer | null, child: ChildProcess, log: () => string): Promise<Buffer> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}):\n${log()}`);
    const authority = ca();
    if (authority) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca: authority }, () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (ok) return authority;
    }
    if (Date.now() > deadline) throw new Error(`the proxy did not answer TLS on ${port} within 20 s:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `kind` on 127.0.0.1:`port`, ending TLS for localhost and passing to 127.0.0.1:`upstream`. */
export async function startProxy(kind: ProxyKind, port: number, upstream: number): Promise<ReverseProxy> {
  const bin = binary(kind);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `radio-${kind}-`));
  let child: ChildProcess;
  let ca: () => Buffer | null;
  if (kind === 'caddy') {
    fs.writeFileSync(path.join(dir, 'Caddyfile'), caddyfile(dir, port, upstream));
    // Caddy writes its config and data under HOME / XDG_*; keep both in the test's folder.
    const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'config'), XDG_DATA_HOME: path.join(dir, 'xdg') };
    child = spawn(bin, ['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const root = path.join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
    ca = () => (fs.existsSync(root) ? fs.readFileSync(root) : null);
  } else {
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, sub));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConf(dir, port, upstream));
    child = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
    ca = () => cert;
  }
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const authority = await handshake(port, ca, child, () => output).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  return {
    origin: `https://localhost:${port}`,
    port,
    ca: authority,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** The client's own address: 127.0.0.2, so it differs from the proxy's (127.0.0.1). */
  localAddress?: string;
}

/** One HTTPS request to the proxy, as a browser on `localAddress` would make it (certificate checked). */
export function viaProxy(proxy: ReverseProxy, pathname: string, o: RequestOptions = {}): Promise<Answer> {
  return send(https.request, { host: '127.0.0.1', port: proxy.port, servername: 'localhost', ca: proxy.ca, headers: { Host: `localhost:${proxy.port}` } }, pathname, o);
}

/** One plain HTTP request straight to the app (no proxy in between), with whatever headers it likes. */
export async function direct(appUrl: string, pathname: string, o: RequestOptions = {}): Promise<Answer> {
  const { request } = await import('node:http');
  const url = new URL(appUrl);
  return send(request, { host: url.hostname, port: Number(url.port), headers: { Host: `localhost:${url.port}` } }, pathname, o);
}

type RequestFn = typeof https.request;

function send(request: RequestFn, base: https.RequestOptions, pathname: string, o: RequestOptions): Promise<Answer> {
  const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
  const headers: Record<string, string> = { ...(base.headers as Record<string, string>), ...(payload ? { 'Content-Type': 'application/json' } : {}), ...o.headers };
  return new Promise((resolve, reject) => {
    const req = request({ ...base, agent: false, localAddress: o.localAddress ?? '127.0.0.2', method: o.method ?? (payload ? 'POST' : 'GET'), path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          /* not JSON: the text as it is */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
