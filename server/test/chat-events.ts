import http from 'node:http';

/** An open GET /api/chat/events: the events as they arrive, parsed. */
export function openChatEvents(url: string): Promise<{ events: { event: string; data: unknown }[]; raw: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/chat/events`, { headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
      const events: { event: string; data: unknown }[] = [];
      let text = '';
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          // No event line is a `message` (the SSE spec's default, as EventSource reads it).
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? (block.startsWith(':') ? undefined : 'message');
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data: JSON.parse(data) });
        }
      });
      resolve({ events, raw: () => text, close: () => req.destroy() });
    });
    req.on('error', () => {});
  });
}
