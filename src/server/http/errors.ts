/**
 * Turns every failure into the envelope with a Chinese message: schema errors, bad bodies,
 * unknown paths, wrong methods and anything unexpected (logged, answered with a generic text).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseCode } from '../../domain/errors.ts';
import { labelOf, messages } from '../../domain/validation.ts';
import { AppError } from './envelope.ts';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/**
 * Messages never repeat a value the client sent. An unknown field's name is named back only when
 * it is shaped like an identifier (it names a parameter, it cannot carry markup or a sentence).
 */
export function namedField(prefix: string, name: string): string {
  return /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name) ? `${prefix}：${name}` : prefix;
}

export const unsupportedParam = (name: string): string => namedField('不支持的参数', name);

function schemaMessage(errors: AjvError[]): string {
  const e = errors[0];
  if (!e) return '参数错误';
  const field = e.instancePath.replace(/^\//, '').split('/')[0];
  if (e.keyword === 'required') return messages.empty(labelOf(String(e.params.missingProperty)));
  if (e.keyword === 'additionalProperties')
    return unsupportedParam(String(e.params.additionalProperty));
  if (e.keyword === 'maxLength' || e.keyword === 'minLength') {
    return `${labelOf(field)}长度不正确`;
  }
  if (e.keyword === 'type' && field === '') return '参数格式不正确';
  return messages.format(labelOf(field || '参数'));
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '提交的内容过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的内容类型'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容为空'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度不正确'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求内容格式不正确'],
  FST_ERR_INVALID_URL: [400, '请求地址不正确'],
  FST_REQ_FILE_TOO_LARGE: [413, '上传的文件过大'],
  FST_FILES_LIMIT: [413, '上传的文件过多'],
  FST_PARTS_LIMIT: [413, '上传的内容过多'],
  FST_FIELDS_LIMIT: [413, '上传的字段过多'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, '请以文件方式上传'],
  FST_PROTO_VIOLATION: [400, '请求内容格式不正确'],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(
    (err: FastifyError & { validation?: AjvError[] }, req: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof AppError) {
        return reply.status(err.status).send({ code: err.code, msg: err.message, data: err.data });
      }
      if (err.validation) {
        return reply
          .status(400)
          .send({ code: ResponseCode.FAILED, msg: schemaMessage(err.validation), data: null });
      }
      if (err.statusCode === 429) {
        return reply
          .status(429)
          .send({ code: ResponseCode.FAILED, msg: '请求过于频繁，请稍后再试', data: null });
      }
      const known = err.code ? FASTIFY_CODES[err.code] : undefined;
      if (known)
        return reply
          .status(known[0])
          .send({ code: ResponseCode.FAILED, msg: known[1], data: null });
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        return reply
          .status(err.statusCode)
          .send({ code: ResponseCode.FAILED, msg: '请求不正确', data: null });
      }
      req.log.error({ err }, 'unhandled error');
      return reply
        .status(500)
        .send({ code: ResponseCode.FAILED, msg: '系统繁忙，请稍后再试', data: null });
    },
  );

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path === '/v1/__bad_enpath') {
      return reply
        .status(400)
        .send({ code: ResponseCode.FAILED, msg: '请求地址编码不正确', data: null });
    }
    if (path.startsWith('/v1/')) {
      const other = ['GET', 'POST', 'PUT', 'DELETE'].some(
        (m) => m !== req.method && app.hasRoute({ url: path, method: m as 'GET' }),
      );
      if (other)
        return reply
          .status(405)
          .send({ code: ResponseCode.FAILED, msg: '请求方法不正确', data: null });
      return reply.status(404).send({ code: ResponseCode.FAILED, msg: '接口不存在', data: null });
    }
    return reply.status(404).send({ code: ResponseCode.FAILED, msg: '页面不存在', data: null });
  });
}
