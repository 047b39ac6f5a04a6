import type { APIRoute, GetStaticPaths } from 'astro';
import { logo, ogCard, pngResponse, profilePicture, socialPost } from '../../render/brand-images';
import { SITE } from '../../../common/config/site';

/** Brand images generated at build time: /images/social-post.png, profile-picture.png, logo.png, og-default.png. */
const IMAGES = {
  'social-post': socialPost,
  'profile-picture': profilePicture,
  logo,
  'og-default': () =>
    ogCard({ kicker: 'Lagos automotive directory', title: SITE.name, subtitle: SITE.tagline }),
} as const;

export const getStaticPaths: GetStaticPaths = () =>
  Object.keys(IMAGES).map((name) => ({ params: { name } }));

export const GET: APIRoute = async ({ params }) =>
  pngResponse(await IMAGES[params.name as keyof typeof IMAGES]());
