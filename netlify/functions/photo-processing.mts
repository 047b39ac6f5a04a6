import { checkEnv } from '../../functions/_lib/env.ts';
import { processPhoto } from '../../functions/photos/photo-processing.ts';
import { photoProcessingHandler } from '../../functions/photos/photo-processor.ts';

/**
 * `POST /.netlify/functions/photo-processing`: the photo pipeline on Netlify (issue 34.4,
 * ADR 056). The SSR function posts an upload's bytes here, signed with the auth secret, and reads
 * back its variants (functions/photos/photo-processor.ts). Only this function's zip carries sharp
 * and libheif (heic-decode); the SSR function that renders every page no longer does. No
 * database, no session: bytes in, variants out. Its default URL, not a `path`.
 */
const handler = photoProcessingHandler(processPhoto);

export default function photoProcessing(request: Request): Promise<Response> {
  checkEnv();
  return handler(request);
}
