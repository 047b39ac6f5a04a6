import type { AstroGlobal } from 'astro';
import type { AuthTab } from '../islands/auth/AuthScreen';
import { alreadyRegistered } from '../islands/auth/SignUpForm';
import { safeNextPath, SignInSchema, SignUpSchema } from '../../common/schemas/auth';
import { emptyFormState, type FormState } from '../../common/schemas/form-state';
import { newIdempotencyKey } from '../../common/schemas/idempotency';
import { handleFormPost } from './form-post';

export interface AuthScreenProps {
  path: string;
  tab: AuthTab;
  signIn: FormState;
  signUp: FormState;
  accountExists: boolean;
  next?: string | undefined;
}

export { safeNextPath };

/**
 * The Access Business Contacts screen (`/auth/`; `/user-auth/` redirects there) without
 * JavaScript (issue 22.1):
 * Sign In posts to the page, Create Account to `?tab=signup`; each goes through the API in-process
 * and, accepted, answers 303 to the home page (SPEC §9) with the session cookie. A refused
 * sign-up whose account exists shows the Sign In tab with the e-mail and Account Already Exists.
 * Returns the redirect to send, or the island's props.
 */
export async function authScreen(astro: AstroGlobal): Promise<Response | AuthScreenProps> {
  const next = safeNextPath(astro.url.searchParams.get('next'));
  const path = next ? `${astro.url.pathname}?next=${encodeURIComponent(next)}` : astro.url.pathname;
  const tab: AuthTab = astro.url.searchParams.get('tab') === 'signup' ? 'signup' : 'signin';
  const fresh = () => emptyFormState(newIdempotencyKey());
  const post = await handleFormPost(astro, {
    endpoint: tab === 'signup' ? '/api/auth/sign-up' : '/api/auth/sign-in',
    schema: tab === 'signup' ? SignUpSchema : SignInSchema,
    secret: ['password', 'confirmPassword'],
    done: () => next ?? '/',
  });
  if (post.kind === 'answer') return post.response;
  if (tab === 'signin')
    return { path, tab, signIn: post.state, signUp: fresh(), accountExists: false, next };
  if (post.state.error && alreadyRegistered(post.state.error)) {
    astro.response.status = 200;
    const signIn = { ...fresh(), values: { email: post.state.values.email ?? '' } };
    return { path, tab: 'signin', signIn, signUp: fresh(), accountExists: true, next };
  }
  return { path, tab, signIn: fresh(), signUp: post.state, accountExists: false, next };
}
