import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { serverMessage } from '../../src/service/server-message.ts';
import { RUNS } from '../support/runs.ts';

describe('serverMessage', () => {
  it('reads code and message of a WordPress-style error', () => {
    const body = JSON.stringify({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
    expect(serverMessage(body, 'application/json')).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
  });

  it('reads the error text of {success: false, error}', () => {
    expect(serverMessage(JSON.stringify({ success: false, error: 'User not found' }))).toEqual({
      message: 'User not found',
    });
  });

  it('reads the message of {success: false, message}', () => {
    expect(serverMessage(JSON.stringify({ success: false, message: 'User not active' }))).toEqual({
      message: 'User not active',
    });
  });

  it('reads data.message of {success: false, data: {message}}', () => {
    const body = JSON.stringify({ success: false, data: { message: 'Too many assets to invalidate' } });
    expect(serverMessage(body)).toEqual({ message: 'Too many assets to invalidate' });
  });

  it('reads code and message of {error: {code, message}}', () => {
    const body = JSON.stringify({ error: { code: 'rate_limited', message: 'Slow down' } });
    expect(serverMessage(body)).toEqual({ code: 'rate_limited', message: 'Slow down' });
  });

  it('reads a plain-text body as the message', () => {
    expect(serverMessage('Too many assets to invalidate\n', 'text/plain')).toEqual({
      message: 'Too many assets to invalidate',
    });
  });

  it('reads a JSON string body as the message', () => {
    expect(serverMessage('"User not found"')).toEqual({ message: 'User not found' });
  });

  it('reads the visible text of an HTML page, without script and style, whitespace collapsed', () => {
    const html = `<!DOCTYPE html>
<html>
  <head><title>502 Bad Gateway</title>
    <style>body { color: red; }</style>
    <script type="text/javascript">var secret = "x";</script>
  </head>
  <body>
    <!-- upstream down -->
    <h1>Bad&nbsp;Gateway</h1>
    <p>The proxy &amp; its   upstream &lt;origin&gt;</p>
  </body>
</html>`;
    expect(serverMessage(html)).toEqual({
      message: '502 Bad Gateway Bad Gateway The proxy & its upstream <origin>',
    });
  });

  it('reads an HTML page by its content type even without a doctype', () => {
    expect(
      serverMessage('<h1>Service   Unavailable</h1>\n<p>try later</p>', 'text/html; charset=utf-8'),
    ).toEqual({
      message: 'Service Unavailable try later',
    });
  });

  it.each(['', '   ', '\n\r\n'])('gives nothing for the empty body %j', (body) => {
    expect(serverMessage(body)).toEqual({});
  });

  it('gives nothing for a JSON body without a message or code', () => {
    expect(serverMessage(JSON.stringify({ success: false, data: { status: 500 } }))).toEqual({});
  });

  it('cuts a long message to 300 characters and an ellipsis', () => {
    const text = 'x'.repeat(250) + 'y'.repeat(250);
    expect(serverMessage(text)).toEqual({ message: `${'x'.repeat(250)}${'y'.repeat(50)}…` });
  });

  it('keeps a message of exactly 300 characters whole', () => {
    const text = 'z'.repeat(300);
    expect(serverMessage(text)).toEqual({ message: text });
  });

  it('makes a message with line breaks one line', () => {
    expect(serverMessage(JSON.stringify({ message: 'first\nsecond\r\n\tthird' }))).toEqual({
      message: 'first second third',
    });
  });

  it('gives any body as at most one line of at most 301 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 700 }),
          fc.string({ maxLength: 700 }).map((message) => JSON.stringify({ success: false, message })),
          fc.string({ maxLength: 700 }).map((text) => `<html><body><p>${text}</p></body></html>`),
        ),
        (body) => {
          const { message } = serverMessage(body);
          if (message === undefined) return;
          expect(message).not.toMatch(/[\r\n]/);
          expect(message.length).toBeLessThanOrEqual(301);
          expect(message).toBe(message.trim());
          expect(message).not.toBe('');
        },
      ),
      { numRuns: RUNS },
    );
  });
});
