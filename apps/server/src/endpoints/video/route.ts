// POST /openrtb2/video (contract "POST /openrtb2/video"; notes §14): video request + stored data →
// the shared auction pipeline (category mapping and competitive separation included) → `adPods`
// built from the targeting the auction wrote. Bad input is a 400 with `Invalid request:` lines (G: 500).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGavelError, type Clock, type IdSource, withProps } from '@gavel/common';
import { runAuction, type PipelineServices } from '../../auction/pipeline.js';
import type { StoredSource } from '../../stored/types.js';
import { applyMergePatch } from '../../openrtb/merge-patch.js';
import { httpFactsOf } from '../http-facts.js';
import { sendErrorLines } from '../auction.js';
import { JSON_UTF8, jsonBody } from '../json-body.js';
import { acceptRawBodies, parseJsonObject, readBodyText } from '../request-body.js';
import { allPodsMessage, isObj, validateVideoRequest, type Obj } from './validate.js';
import { buildVideoAuction } from './build-request.js';
import { MAX_VIDEO_JSON_DEPTH, tooDeepField } from './json-depth.js';
import { toVideoResponse } from './response.js';
import { auctionEventFields } from '../../auction/steps/analytics-event.js';
import { readTargeting } from '../../targeting/targeting-config.js';
import { targetingKeySettings } from '../../targeting/key-settings.js';
import type { AuctionContext } from '../../auction/types.js';

export interface VideoRouteOptions {
  pipeline: PipelineServices;
  store: StoredSource;
  clock: Clock;
  ids: IdSource;
  enabled: boolean;
  storedRequestRequired: boolean;
  /** Most imps the pods may make (video.max-imps); default DEFAULT_VIDEO_MAX_IMPS. */
  maxImps?: number;
  defaultTmaxMs: number;
  bodyLimitBytes: number;
  gzipEnabled: boolean;
  serverHeader: string;
}

const DISABLED =
  'The video endpoint is disabled on this host. It can be enabled with the configuration setting video.enabled';

/** The stored video request under the body (RFC 7386, incoming wins), or the error line. */
async function withStoredRequest(body: Obj, store: StoredSource): Promise<Obj | string> {
  const id = body['storedrequestid'];
  if (typeof id !== 'string' || id === '') return body;
  const { found } = await store.fetch('request', [id]);
  const stored = found.get(id);
  // G's text, then the field (a long id is shortened: the answer need not echo a 70 kB id).
  const shown = id.length > 128 ? `${id.slice(0, 128)}…` : id;
  if (!isObj(stored)) return `Stored Request with ID="${shown}" not found. (request.storedrequestid)`;
  return applyMergePatch(stored, body) as Obj;
}

async function handleVideo(
  req: FastifyRequest,
  reply: FastifyReply,
  o: VideoRouteOptions,
): Promise<FastifyReply> {
  const startMonotonic = o.clock.monotonic() - reply.elapsedTime;
  reply.header('x-prebid', o.serverHeader);
  if (!o.enabled) return reply.code(501).type('text/plain; charset=utf-8').send(DISABLED);
  const text = await readBodyText(req, { limitBytes: o.bodyLimitBytes, gzip: o.gzipEnabled });
  const body = parseJsonObject(text);
  const deep = tooDeepField(body);
  if (deep !== undefined)
    return sendErrorLines(reply, 400, [
      `request.${deep} is nested more than ${MAX_VIDEO_JSON_DEPTH} levels deep`,
    ]);
  const merged = await withStoredRequest(body, o.store);
  if (typeof merged === 'string') return sendErrorLines(reply, 400, [merged]);
  const checked = validateVideoRequest(merged, {
    storedRequestRequired: o.storedRequestRequired,
    maxImps: o.maxImps,
  });
  if (!checked.ok) return sendErrorLines(reply, 400, checked.errors);
  const pc = checked.podconfig;
  const { found } = await o.store.fetch('imp', [...new Set(pc.pods.map((p) => p.configid))]);
  const built = buildVideoAuction(merged, pc, found, {
    ns: o.pipeline.ns,
    ids: o.ids,
    defaultTmaxMs: o.defaultTmaxMs,
  });
  const podErrors = [...checked.podErrors, ...built.podErrors];
  if (built.request.imp.length === 0) return sendErrorLines(reply, 400, [allPodsMessage(podErrors)]);
  const outcome = await runAuction(
    { endpoint: 'video', request: built.request, http: httpFactsOf(req), startMonotonic },
    o.pipeline,
  );
  // The video endpoint runs no module stages (G), so no module can reject it.
  if (outcome.status === 'rejected') return reply.code(200).type(JSON_UTF8).send(jsonBody(outcome.response));
  if (outcome.status !== 200) return sendErrorLines(reply, outcome.status, outcome.errors);
  const ns = o.pipeline.ns;
  const out: Record<string, unknown> = toVideoResponse({
    response: outcome.response,
    ns,
    // Pods whose stored imp failed to load are only reported as errors.
    podconfig: withProps(pc, {
      pods: pc.pods.filter((p) => !built.podErrors.some((e) => e.podid === p.podid)),
    }),
    podErrors,
    ...keySettingsOf(outcome.ctx),
  });
  // The auction's ext (errors, warnings, debug) only for test requests (G).
  if (outcome.ctx.request.test === 1 && outcome.response.ext) out['ext'] = outcome.response.ext;
  o.pipeline.analytics?.record(
    Object.assign(auctionEventFields(outcome.ctx, outcome.response, o.pipeline.activities), {
      kind: 'video' as const,
      videoRequest: merged,
      videoResponse: out,
    }),
  );
  return reply.code(200).type(JSON_UTF8).send(jsonBody(out));
}

/** The key prefix and length the auction's targeting used (targeting/key-settings.ts). */
function keySettingsOf(ctx: AuctionContext): { prefix: string; maxKeyLength: number } {
  const { prefix, maxKeyLength } = targetingKeySettings({
    requestPrefix: readTargeting(ctx.request.ext, ctx.ns)?.prefix,
    accountPrefix: ctx.account.targetingPrefix,
    truncateTargetAttr: ctx.account.truncateTargetAttr,
  });
  return { prefix, maxKeyLength };
}

export async function registerVideoRoute(app: FastifyInstance, opts: VideoRouteOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptRawBodies(scope);
    scope.post('/openrtb2/video', async (req, reply) => {
      try {
        return await handleVideo(req, reply, opts);
      } catch (err) {
        if (isGavelError(err) && err.status === 413) throw err;
        if (isGavelError(err)) return sendErrorLines(reply, err.status, [err.message]);
        req.log.error({ err }, 'video auction failed');
        const message = err instanceof Error ? err.message : String(err);
        return reply
          .code(500)
          .type('text/plain; charset=utf-8')
          .send(`Critical error while running the video endpoint: ${message}\n`);
      }
    });
  });
}
