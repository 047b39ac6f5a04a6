import {
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  REVIEW_PHOTOS_MAX,
  REVIEW_PHOTOS_MAX_BYTES,
} from '../../common/schemas/photo-rules';

/**
 * The review form's photos with JavaScript (issue 26.1 and 26.3; ADR 048, update). The form
 * (`/business/:slug/review/`) is a plain multipart `<form method="post">`; without script its
 * photos may weigh `REVIEW_PHOTOS_MAX_BYTES` (4 MB) together, the size a Netlify function takes.
 * This page script, loaded after the first paint, makes the same form take up to 3 photos of up to
 * 10 MB each: when photos are chosen it imports the downscaler (`photo-downscale.ts`, then
 * `browser-image-compression`), downscales each one to at most 2,560 px and
 * `REVIEW_UPLOAD_TARGET_BYTES` (1.25 MiB), one after the other, and puts the results back into the
 * same input (`DataTransfer`), so the form still posts natively. A photo the browser cannot decode
 * is left as it is (the server's rules and messages apply). While it works the field says
 * "Preparing photos…"; a submit in the meantime waits for it, then sends the form (the typed
 * review stays on the page). A choice the server would refuse (more than 3 photos, one over
 * 10 MB, still over 4 MB together once prepared) is cleared with the server's message, as the
 * server's refusal would leave the form, without sending the photos first. If this script never
 * runs, the form behaves as without it.
 */

/** What the field says while its photos are downscaled. */
export function preparingText(count: number): string {
  return count === 1 ? 'Preparing photo…' : 'Preparing photos…';
}

/** Bytes as the field says them: megabytes (of 1,048,576 bytes, as "4 MB") with one decimal. */
export function megabytes(bytes: number): string {
  const mb = Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10);
  return `${mb.toFixed(1)} MB`;
}

/** What the field says once its photos are ready, e.g. "3 photos ready to send (3.5 MB together)." */
export function readyText(files: readonly { size: number }[]): string {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length === 1) return `Your photo is ready to send (${megabytes(total)}).`;
  return `${files.length} photos ready to send (${megabytes(total)} together).`;
}

/**
 * Why the chosen photos cannot be sent (the server refuses them too, with the same messages).
 * Before any work (`prepared` false): more than `REVIEW_PHOTOS_MAX`, or one over
 * `PHOTO_MAX_BYTES` (the spec's 10 MB is about the photo chosen, not what it is downscaled to).
 * Once prepared: over `REVIEW_PHOTOS_MAX_BYTES` together (photos this browser could not shrink).
 * Null when they may be sent.
 */
export function reviewPhotosProblem(
  files: readonly { size: number }[],
  prepared = false,
  tooMany: string = PHOTO_MESSAGES.tooManyForReview,
): string | null {
  if (files.length > REVIEW_PHOTOS_MAX) return tooMany;
  if (!prepared && files.some((file) => file.size > PHOTO_MAX_BYTES))
    return PHOTO_MESSAGES.tooLarge;
  if (prepared && files.reduce((sum, file) => sum + file.size, 0) > REVIEW_PHOTOS_MAX_BYTES)
    return PHOTO_MESSAGES.reviewTooLarge;
  return null;
}

/** Puts `files` into `input` (its `files`, as if chosen); false when this browser cannot. */
function replaceFiles(input: HTMLInputElement, files: readonly File[]): boolean {
  try {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.files = transfer.files;
    return input.files.length === files.length;
  } catch {
    return false;
  }
}

/**
 * Enhances the review form's photo field `input` (see the module's comment). Its hint (an element
 * named by the input's `aria-describedby`, `data-with-script` holding the text that is true with
 * this script) and its status line (`[data-photos-status]`, a `role="status"` in the field) must
 * be in the field; its form's submit button is the first `button[type="submit"]`. Find It's
 * photo field uses it too (ADR 083), with its own `tooMany` message (3 photos alike).
 */
export function enhanceReviewPhotos(
  input: HTMLInputElement,
  tooMany: string = PHOTO_MESSAGES.tooManyForReview,
): void {
  const form = input.form;
  const field = input.closest('.field');
  const status = field?.querySelector<HTMLElement>('[data-photos-status]');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !field || !status || !button) return;
  const hint = field.querySelector<HTMLElement>('[data-with-script]');
  if (hint?.dataset.withScript) hint.textContent = hint.dataset.withScript;
  const buttonText = button.textContent;

  /** The work on the current choice, null once it is done (or when there is none). */
  let work: Promise<void> | null = null;
  /** Bumped on each choice: work on an older choice never touches the input. */
  let choice = 0;
  let sending = false;
  const error = document.createElement('p');
  error.className = 'field-error';
  error.id = `${input.id}-check`;
  error.setAttribute('role', 'alert');

  /** Shows `message` under the field (none: removes it); a refused choice is cleared. */
  function showProblem(message: string | null) {
    if (message) input.value = '';
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== error.id);
    if (message) {
      error.textContent = message;
      if (!error.isConnected) field!.append(error);
      described.push(error.id);
      input.setAttribute('aria-invalid', 'true');
    } else {
      error.remove();
      input.removeAttribute('aria-invalid');
    }
    input.setAttribute('aria-describedby', described.join(' '));
  }

  async function prepare(files: File[], mine: number) {
    const { preparePhoto, REVIEW_UPLOAD_TARGET_BYTES } = await import('./photo-downscale');
    const prepared: File[] = [];
    // One after the other: a phone holds one decoded 12 MP photo at a time, not three.
    for (const file of files) prepared.push(await preparePhoto(file, REVIEW_UPLOAD_TARGET_BYTES));
    if (mine !== choice) return;
    const changed = prepared.some((file, i) => file !== files[i]);
    const sent = changed && replaceFiles(input, prepared) ? prepared : files;
    const problem = reviewPhotosProblem(sent, true, tooMany);
    status!.textContent = problem ? '' : readyText(sent);
    showProblem(problem);
  }

  function chosen() {
    choice += 1;
    const mine = choice;
    const files = [...(input.files ?? [])];
    status!.textContent = '';
    const problem = reviewPhotosProblem(files, false, tooMany);
    showProblem(problem);
    if (files.length === 0 || problem) {
      work = null;
      return;
    }
    status!.textContent = preparingText(files.length);
    const done = prepare(files, mine)
      .catch(() => {
        // The downscaler could not load (offline): the photos go as they are; the server decides.
        if (mine === choice) status!.textContent = '';
      })
      .finally(() => {
        if (work === done) work = null;
      });
    work = done;
  }

  input.addEventListener('change', chosen);
  // Photos chosen before this script ran (it loads after the first paint).
  if (input.files?.length) chosen();

  form.addEventListener('submit', (event) => {
    if (!work && !sending) return;
    // Half-prepared photos are never sent: wait, then send the form as the visitor asked.
    event.preventDefault();
    if (sending) return;
    sending = true;
    const submitter = event.submitter;
    button.textContent = 'Please wait…';
    button.setAttribute('aria-disabled', 'true');
    void (async () => {
      while (work) await work;
      button.textContent = buttonText;
      button.removeAttribute('aria-disabled');
      sending = false;
      // A refused choice was cleared with its message: the visitor reads it before sending.
      if (error.isConnected) input.focus();
      else form.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : button);
    })();
  });
}
