/**
 * Answers for requests that never reach a route: HTTP the parser refuses (unknown method, two
 * Content-Lengths, headers too large, bad chunking), URLs the router cannot decode, and requests
 * arriving while the server closes. Fastify answers these with its own `{error, message,
 * statusCode}` JSON (echoing the URL); here every one is the `{code, msg, data}` envelope.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../domain/errors.ts';

function envelopeText(msg: string): string {
  return JSON.stringify({ code: ResponseCode.FAILED, msg, data: null });
}

/** Status and message for an error of Node's HTTP parser. */
function parserAnswer(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, '请求超时，请重试'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, '请求头过大'];
  if (code === 'HPE_INVALID_METHOD') return [405, '请求方法不正确'];
  if (code === 'HPE_INVALID_URL') return [400, '请求地址不正确'];
  if (code === 'HPE_INVALID_CHUNK_SIZE' || code === 'HPE_INVALID_TRANSFER_ENCODING')
    return [400, '请求内容编码不正确'];
  if (code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || code === 'HPE_INVALID_CONTENT_LENGTH')
    return [400, '请求长度不正确'];
  return [400, '请求格式不正确'];
}

/**
 * The server's `clientError` handler: a raw HTTP response with the envelope, then the socket is
 * closed (the parser cannot go on after an error). Nothing is written when the socket is gone or
 * a response to this connection has already started (its bytes would corrupt that response).
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const [status, msg] = parserAnswer(err.code);
    const body = envelopeText(msg);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

const FRAMEWORK_ANSWERS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, '请求地址不正确'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址过长'],
};

/** Fastify's `frameworkErrors`: router failures before any route (bad URL encoding, long params). */
export function frameworkErrors(
  err: FastifyError,
  _req: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, msg] = FRAMEWORK_ANSWERS[err.code] ?? [400, '请求不正确'];
  reply.status(status).send({ code: ResponseCode.FAILED, msg, data: null });
}

/**
 * While the server closes, a request on a kept-alive connection gets a 503 envelope and the
 * connection is closed (Fastify's own 503 is not the envelope: `return503OnClosing: false`).
 */
export function answerWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!closing) return;
    reply.header('Connection', 'close');
    return reply
      .status(503)
      .send({ code: ResponseCode.FAILED, msg: '系统维护中，请稍后再试', data: null });
  });
}
