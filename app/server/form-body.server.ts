import type {
  Request as ExpressRequest,
  RequestHandler,
  Response as ExpressResponse,
} from 'express'
import getRawBody, { type RawBodyError } from 'raw-body'

/**
 * Every action of the site reads an HTML form, and the largest form (the contact
 * message, 5,000 characters) stays far below this. A larger body is refused
 * unread, so a client cannot make the process hold it in memory.
 */
export const formBodyLimit = 64 * 1024

/** The methods React Router hands to an action; their bodies pass through this gate. */
const actionMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const formTypes = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/** Bodies that passed the gate, read whole, for the React Router handler. */
const formBodies = new WeakMap<ExpressRequest, Uint8Array<ArrayBuffer>>()

/** The body the gate read for this request; undefined for a request without one. */
export function formBodyOf(req: ExpressRequest): Uint8Array<ArrayBuffer> | undefined {
  return formBodies.get(req)
}

function mediaTypeOf(req: ExpressRequest): string {
  return (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase()
}

/**
 * How long a refused request's remaining body is still read (and thrown away)
 * before the connection is closed. Closing a socket with unread data makes the
 * kernel reset the connection, and a reset can discard the answer before the
 * client has read it; lingering a moment lets it arrive.
 */
const lingerMs = 2_000

/**
 * Sends the whole answer at once, then ends the connection (`Connection: close`)
 * without keeping any of the body: what the client still sends is discarded until
 * it stops or the linger time is over.
 */
function refuse(req: ExpressRequest, res: ExpressResponse, status: number, text: string) {
  if (res.headersSent) return
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    Connection: 'close',
  })
  res.write(text)
  if (req.readableEnded || req.destroyed) {
    res.end()
    return
  }
  const close = () => {
    clearTimeout(timer)
    if (!res.writableEnded) res.end()
  }
  const timer = setTimeout(close, lingerMs)
  req.once('end', close)
  req.once('close', close)
  req.resume()
}

/**
 * The gate in front of every action (before React Router), so no route can be
 * reached with a body it cannot read:
 *
 * - a body type other than an HTML form's (JSON, text, none) answers 415, as does
 *   a compressed body;
 * - a Content-Length over the limit answers 413 before a byte is read; a body sent
 *   without a length (chunked) is read up to the limit and answers 413 past it;
 * - a multipart body that does not parse answers 400.
 *
 * What passes is read whole (it is small) and handed to React Router as the
 * request's body, so the route's `request.formData()` cannot fail on it.
 */
export function formBodyGate(limit = formBodyLimit): RequestHandler {
  return async (req, res, next) => {
    if (!actionMethods.has(req.method)) return next()
    const type = mediaTypeOf(req)
    if (!formTypes.has(type)) {
      return refuse(req, res, 415, 'Unsupported Media Type: send an HTML form.')
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase()
    if (encoding !== 'identity') {
      return refuse(req, res, 415, 'Unsupported Media Type: send the form uncompressed.')
    }
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > limit) {
      return refuse(
        req,
        res,
        413,
        `Payload Too Large: a form may carry ${limit / 1024} kB at most.`,
      )
    }

    let body: Uint8Array<ArrayBuffer>
    try {
      // A copy the Fetch API accepts as a body (Node's Buffer type does not qualify).
      body = new Uint8Array(await getRawBody(req, { length: declared ?? null, limit }))
    } catch (error) {
      const failure = error as RawBodyError
      // The client went away mid-body: nobody is left to answer.
      if (failure.type === 'request.aborted') return
      if (failure.type === 'entity.too.large') {
        return refuse(
          req,
          res,
          413,
          `Payload Too Large: a form may carry ${limit / 1024} kB at most.`,
        )
      }
      return refuse(req, res, 400, 'Bad Request: the form body could not be read.')
    }

    if (type === 'multipart/form-data') {
      try {
        const probe = new Response(body, {
          headers: { 'content-type': req.headers['content-type']! },
        })
        await probe.formData()
      } catch {
        return refuse(req, res, 400, 'Bad Request: the form body could not be read.')
      }
    }

    formBodies.set(req, body)
    next()
  }
}
