import { expect, test, type Page, type Route } from '@playwright/test';
import { expectToast, readOutbox, waitForIsland, waitForMail } from './helpers';

/**
 * The three public forms (SPEC §2 Register / Find It / Contact, §5 validation, §8 toasts, §9 lists).
 *
 * The server rate-limits per IP per hour (registrations 5, Find It 10, contact 10) and all e2e
 * traffic comes from 127.0.0.1, so this file sends few real submissions: registrations 2,
 * Find It 1, contact 1. Failure paths are answered by page.route and never reach the server;
 * client-side validation failures are asserted to send nothing.
 */

const CATEGORIES = [
  'Car Dealership / Sales',
  'Auto Parts & Accessories',
  'Mechanic / Repair Services',
  'Body Work & Paint',
  'Breakdown Recovery / Towing',
  'Listing Websites',
  'Car Wash & Detailing',
  'Auto Electrical',
  'Tyre Services',
  'Auto Insurance',
  'Car Rental',
  'Vehicle Inspection',
  'Air Conditioning Repair',
  'Windscreen / Glass - Repair / Replacement',
];
const FIND_IT_SERVICES = CATEGORIES.filter((c) => c !== 'Listing Websites');

const RUN = Date.now().toString(36);
const INTERNAL_ERROR = { error: { code: 'INTERNAL', message: 'Server down', requestId: 'x' } };

/** Opens `path` and waits for the form island to hydrate (before that, clicks would submit natively). */
async function openForm(page: Page, path: string, submitName: string): Promise<void> {
  await page.goto(path);
  await waitForIsland(page, page.getByRole('button', { name: submitName, exact: true }));
}

/** Counts POSTs to `path` made by the page (to prove client-side validation sends nothing). */
function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

function fulfilJson(status: number, body: unknown) {
  return (route: Route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
      : route.fallback();
}

// ---------------------------------------------------------------------------------------------
// /register — List Your Business
// ---------------------------------------------------------------------------------------------

test.describe('List Your Business form (/register)', () => {
  const SUBMIT = 'Submit Listing Request';
  const emailBox = (page: Page) => page.getByRole('textbox', { name: 'Email' });

  async function fillValidRegistration(page: Page, name: string, email: string): Promise<void> {
    await page.getByLabel('Business Name *', { exact: true }).fill(name);
    await page
      .getByLabel('Description *', { exact: true })
      .fill('Friendly fictional workshop for e2e tests in Yaba.');
    await page.getByRole('checkbox', { name: 'Mechanic / Repair Services', exact: true }).check();
    await page
      .getByLabel('Specific Services *', { exact: true })
      .fill('Engine diagnostics, brake pads');
    await page.getByLabel('Contact Name', { exact: true }).fill('Tunde Test');
    await emailBox(page).fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('+234 809 000 0000');
    await page.getByLabel('City / Area', { exact: true }).fill('Yaba');
    await page
      .getByRole('radio', { name: 'Public: anyone can see my phone, email and address' })
      .check();
  }

  test('shows the fields, the 14 categories of SPEC §9 and State prefilled with Lagos', async ({
    page,
  }) => {
    await openForm(page, '/register/', SUBMIT);
    for (const label of [
      'Business Name *',
      'Description *',
      'Specific Services *',
      'Service Tags',
      'Contact Name',
      'Phone',
      'Website',
      'Address',
      'City / Area',
      'State',
    ]) {
      await expect(page.getByLabel(label, { exact: true }), label).toBeVisible();
    }
    await expect(emailBox(page)).toBeVisible();
    const group = page.getByRole('group', { name: 'Service Categories *' });
    await expect(group.getByRole('checkbox')).toHaveCount(14);
    for (const [i, category] of CATEGORIES.entries()) {
      await expect(group.getByRole('checkbox').nth(i)).toHaveAccessibleName(category);
      await expect(group.getByRole('checkbox').nth(i)).not.toBeChecked();
    }
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('Lagos');
    await expect(
      page.getByRole('radio', { name: 'Public: anyone can see my phone, email and address' }),
    ).not.toBeChecked();
    await expect(
      page.getByRole('radio', {
        name: 'Registered users only: visitors must create a free account first',
      }),
    ).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
  });

  test('empty submit shows the inline messages and sends nothing; a bad e-mail is refused', async ({
    page,
  }) => {
    await openForm(page, '/register/', SUBMIT);
    const posts = countPosts(page, '/api/listings');
    await page.getByRole('button', { name: SUBMIT }).click();
    for (const message of [
      'Business name must be at least 2 characters',
      'Description must be at least 10 characters',
      'Please select at least one service category',
      'Please describe your specific services',
      'Please select contact visibility preference',
    ]) {
      await expect(page.getByText(message, { exact: true }), message).toBeVisible();
    }
    await expect(page.getByText('Invalid email address', { exact: true })).toHaveCount(0);

    await fillValidRegistration(page, `Bad Mail Motors ${RUN}`, 'not-an-email');
    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(page.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(emailBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Business name must be at least 2 characters', { exact: true }),
    ).toHaveCount(0);
    await expect(
      page.getByText('Please select contact visibility preference', { exact: true }),
    ).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(posts(), 'client-side validation failures must not reach the server').toBe(0);
  });

  test('service tags: Add button and Enter add, blanks and duplicates are ignored, Remove removes', async ({
    page,
  }) => {
    await openForm(page, '/register/', SUBMIT);
    const input = page.getByLabel('Service Tags', { exact: true });
    const badges = page.getByRole('list', { name: 'Service tags' }).getByRole('listitem');

    await input.fill('Toyota');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(badges).toHaveText(['Toyota']);
    await expect(input).toHaveValue('');

    await input.fill('  24/7  ');
    await input.press('Enter');
    await expect(badges).toHaveText(['Toyota', '24/7']);

    await input.fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await input.fill('Toyota');
    await input.press('Enter');
    await expect(badges).toHaveText(['Toyota', '24/7']);

    // Enter in the tag box adds a tag; it must not submit the form.
    await expect(
      page.getByText('Business name must be at least 2 characters', { exact: true }),
    ).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove Toyota', exact: true }).click();
    await expect(badges).toHaveText(['24/7']);
    await expect(page.getByRole('button', { name: 'Remove Toyota' })).toHaveCount(0);
  });

  test('success toast, form reset and admin e-mail; the same e-mail again is refused', async ({
    page,
  }) => {
    const name = `E2E Forms Garage ${RUN}`;
    const email = `owner-${RUN}@forms.e2e.example.com`;
    await openForm(page, '/register/', SUBMIT);
    await fillValidRegistration(page, name, email);
    await page.getByLabel('Service Tags', { exact: true }).fill('Honda');
    await page.getByRole('button', { name: 'Add', exact: true }).click();

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/listings')),
      page.getByRole('button', { name: SUBMIT }).click(),
    ]);
    const sent = request.postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      businessName: name,
      email,
      serviceCategories: ['Mechanic / Repair Services'],
      serviceTags: ['Honda'],
      contactVisibility: 'public',
      state: 'Lagos',
    });

    await expectToast(page, 'Listing Request Submitted!', {
      description:
        "Your business listing request has been submitted for review. We will contact you once it's approved.",
      type: 'success',
    });
    await expect(page.getByLabel('Business Name *', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Description *', { exact: true })).toHaveValue('');
    await expect(emailBox(page)).toHaveValue('');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('Lagos');
    await expect(
      page.getByRole('checkbox', { name: 'Mechanic / Repair Services', exact: true }),
    ).not.toBeChecked();
    await expect(
      page.getByRole('radio', { name: 'Public: anyone can see my phone, email and address' }),
    ).not.toBeChecked();
    await expect(page.getByRole('list', { name: 'Service tags' })).toHaveCount(0);

    const [mail] = await waitForMail(
      (m) => m.subject === `New listing request: ${name}`,
      `New listing request: ${name}`,
    );
    expect(mail!.to, 'admin notification, not to the business').not.toContain(email);
    expect(mail!.body).toContain('Mechanic / Repair Services');
    expect(mail!.body).toContain(email);

    // Second submission, same e-mail → refused (SPEC §5 duplicate check, §8).
    await fillValidRegistration(page, `${name} Again`, email);
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'Registration Failed', {
      description: 'A business with this email already exists.',
      type: 'error',
    });
    await expect(page.getByLabel('Business Name *', { exact: true })).toHaveValue(`${name} Again`);
  });

  test('an insert error shows the error toast and keeps the input', async ({ page }) => {
    await page.route('**/api/listings', fulfilJson(500, INTERNAL_ERROR));
    await openForm(page, '/register/', SUBMIT);
    await fillValidRegistration(
      page,
      `Broken Insert Motors ${RUN}`,
      `broken-${RUN}@forms.e2e.example.com`,
    );
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'There was an error submitting your registration. Please try again.', {
      type: 'error',
    });
    await expect(page.getByLabel('Business Name *', { exact: true })).toHaveValue(
      `Broken Insert Motors ${RUN}`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// /find-it — Find It
// ---------------------------------------------------------------------------------------------

test.describe('Find It form (/find-it)', () => {
  const SUBMIT = 'Submit Request';

  async function fillContactFields(
    page: Page,
    email: string,
    location = 'Surulere, Lagos',
  ): Promise<void> {
    await page.getByLabel('Your Name *', { exact: true }).fill('Chidi Customer');
    await page.getByLabel('Email *', { exact: true }).fill(email);
    await page.getByLabel('Phone *', { exact: true }).fill('+234 803 000 0000');
    await page.getByLabel('Location *', { exact: true }).fill(location);
  }

  test('has a Find It title, a meta description, the fields and 13 services (no Listing Websites)', async ({
    page,
  }) => {
    await openForm(page, '/find-it/', SUBMIT);
    await expect(page).toHaveTitle(/Find It/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.trim().length ?? 0, 'meta description').toBeGreaterThan(20);
    for (const label of [
      'Your Name *',
      'Email *',
      'Phone *',
      'Location *',
      'Additional Information',
    ]) {
      await expect(page.getByLabel(label, { exact: true }), label).toBeVisible();
    }
    const group = page.getByRole('group', { name: 'Services you need *' });
    await expect(group.getByRole('checkbox')).toHaveCount(13);
    for (const [i, service] of FIND_IT_SERVICES.entries()) {
      await expect(group.getByRole('checkbox').nth(i)).toHaveAccessibleName(service);
    }
    await expect(group.getByRole('checkbox', { name: 'Listing Websites' })).toHaveCount(0);
  });

  test('empty submit → Missing Information; no service → No Services Selected; nothing is sent', async ({
    page,
  }) => {
    await openForm(page, '/find-it/', SUBMIT);
    const posts = countPosts(page, '/api/service-requests');
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'Missing Information', {
      description: 'Please fill in all required fields.',
      type: 'error',
    });

    await fillContactFields(page, `nosvc-${RUN}@forms.e2e.example.com`);
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'No Services Selected', {
      description: 'Please select at least one service you need.',
      type: 'error',
    });
    await page.waitForTimeout(300);
    expect(posts(), 'client-side validation failures must not reach the server').toBe(0);
  });

  test('success toast, reset, and e-mails to the customer and the admin only', async ({ page }) => {
    const email = `customer-${RUN}@forms.e2e.example.com`;
    const location = `Surulere ${RUN}`;
    const service = 'Mechanic / Repair Services';
    await openForm(page, '/find-it/', SUBMIT);
    await fillContactFields(page, email, location);
    await page.getByRole('checkbox', { name: service, exact: true }).check();
    await page
      .getByLabel('Additional Information', { exact: true })
      .fill(`Toyota Corolla 2012, brakes squeal. ${RUN}`);
    await page.getByRole('button', { name: SUBMIT }).click();

    await expectToast(page, 'Request Submitted Successfully', {
      description: 'Businesses offering your requested services will contact you soon!',
      type: 'success',
    });
    for (const label of [
      'Your Name *',
      'Email *',
      'Phone *',
      'Location *',
      'Additional Information',
    ]) {
      await expect(page.getByLabel(label, { exact: true }), `${label} reset`).toHaveValue('');
    }
    await expect(page.getByRole('checkbox', { name: service, exact: true })).not.toBeChecked();

    const [customerMail] = await waitForMail(
      (m) => m.to === email && m.subject === 'We received your Find It request',
      'customer confirmation',
    );
    expect(customerMail!.body).toContain(location);
    const [adminMail] = await waitForMail(
      (m) => m.subject.startsWith('New Find It request') && m.body.includes(email),
      'admin copy',
    );
    expect(adminMail!.to, 'admin copy goes to the admin, not the customer').not.toContain(email);
    expect(adminMail!.subject).toContain(service);

    // Businesses that hear of it (claimed listings of the trade, issue 36.2) get the job, never
    // the customer's e-mail or phone.
    const toBusinesses = readOutbox().filter(
      (m) => m.subject.startsWith('New request for') && m.body.includes(RUN),
    );
    for (const mail of toBusinesses) {
      expect(mail.body).toContain('brakes squeal');
      expect(mail.body, 'no contact details reach a business').not.toContain(email);
    }
  });

  test('an insert failure shows Submission Failed and keeps the input', async ({ page }) => {
    await page.route('**/api/service-requests', fulfilJson(500, INTERNAL_ERROR));
    await openForm(page, '/find-it/', SUBMIT);
    await fillContactFields(page, `fail-${RUN}@forms.e2e.example.com`);
    await page.getByRole('checkbox', { name: 'Tyre Services', exact: true }).check();
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'Submission Failed', {
      description: 'There was an error submitting your request. Please try again.',
      type: 'error',
    });
    await expect(page.getByLabel('Your Name *', { exact: true })).toHaveValue('Chidi Customer');
  });

  test('saved but e-mail failed shows Request Submitted and resets', async ({ page }) => {
    await page.route(
      '**/api/service-requests',
      fulfilJson(201, { id: 'x', emailStatus: 'failed' }),
    );
    await openForm(page, '/find-it/', SUBMIT);
    await fillContactFields(page, `mailfail-${RUN}@forms.e2e.example.com`);
    await page.getByRole('checkbox', { name: 'Car Rental', exact: true }).check();
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'Request Submitted', {
      description: "Your request has been saved. We'll contact you soon with business matches.",
    });
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Request Submitted Successfully' }),
    ).toHaveCount(0);
    await expect(page.getByLabel('Your Name *', { exact: true })).toHaveValue('');
  });
});

// ---------------------------------------------------------------------------------------------
// /contact — Contact Us
// ---------------------------------------------------------------------------------------------

test.describe('Contact form (/contact)', () => {
  const SUBMIT = 'Send Message';

  async function fillContact(
    page: Page,
    subject: string,
    email = `writer-${RUN}@forms.e2e.example.com`,
  ): Promise<void> {
    await page.getByLabel('Name *', { exact: true }).fill('Ngozi Writer');
    await page.getByLabel('Email *', { exact: true }).fill(email);
    await page.getByLabel('Phone (optional)', { exact: true }).fill('+234 805 000 0000');
    await page.getByLabel('Subject *', { exact: true }).fill(subject);
    await page
      .getByLabel('Message *', { exact: true })
      .fill('Please update the opening hours of my listing.');
  }

  test('heading, fields and validation messages; nothing is sent', async ({ page }) => {
    await openForm(page, '/contact/', SUBMIT);
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    const posts = countPosts(page, '/api/contacts');
    await page.getByRole('button', { name: SUBMIT }).click();
    for (const message of [
      'Name must be at least 2 characters',
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      await expect(page.getByText(message, { exact: true }), message).toBeVisible();
    }

    // Just below the minimums, and a malformed e-mail.
    await page.getByLabel('Name *', { exact: true }).fill('N');
    await page.getByLabel('Email *', { exact: true }).fill('ngozi@');
    await page.getByLabel('Subject *', { exact: true }).fill('Hiya');
    await page.getByLabel('Message *', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: SUBMIT }).click();
    await expect(
      page.getByText('Name must be at least 2 characters', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Please enter a valid email address', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Subject must be at least 5 characters', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Message must be at least 10 characters', { exact: true }),
    ).toBeVisible();

    // Phone is optional: with the other fields valid, no message remains.
    await fillContact(page, 'Valid subject');
    await page.getByLabel('Phone (optional)', { exact: true }).fill('');
    await page.route('**/api/contacts', fulfilJson(201, { id: 'x', emailStatus: 'sent' }));
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'Message sent successfully!');
    await expect(page.locator('.field-error')).toHaveCount(0);
    expect(posts(), 'only the last (mocked) submission is sent').toBe(1);
  });

  test('button reads Sending... while in flight; success toast, reset and admin e-mail', async ({
    page,
  }) => {
    const subject = `Listing hours ${RUN}`;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contacts', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await released;
      await route.continue();
    });
    await openForm(page, '/contact/', SUBMIT);
    await fillContact(page, subject);
    await page.getByRole('button', { name: SUBMIT }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    await page.waitForTimeout(1_000);
    await expect(sending).toBeVisible();
    release();

    await expectToast(page, 'Message sent successfully!', {
      description: "Thank you for contacting us. We'll get back to you soon.",
      type: 'success',
    });
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled();
    for (const label of ['Name *', 'Email *', 'Phone (optional)', 'Subject *', 'Message *']) {
      await expect(page.getByLabel(label, { exact: true }), `${label} reset`).toHaveValue('');
    }
    const [mail] = await waitForMail(
      (m) => m.subject.includes(subject),
      `contact notification for "${subject}"`,
    );
    expect(mail!.to, 'to the admin, not the writer').not.toContain('writer-');
    expect(mail!.body).toContain('Please update the opening hours of my listing.');
  });

  test('a server failure shows Error sending message with the reason and keeps the input', async ({
    page,
  }) => {
    await page.route('**/api/contacts', fulfilJson(500, INTERNAL_ERROR));
    await openForm(page, '/contact/', SUBMIT);
    await fillContact(page, 'Server will fail');
    await page.getByRole('button', { name: SUBMIT }).click();
    await expectToast(page, 'Error sending message', {
      description: 'Failed to send message: Server down',
      type: 'error',
    });
    await expect(page.getByLabel('Subject *', { exact: true })).toHaveValue('Server will fail');
    await expect(page.getByRole('button', { name: SUBMIT })).toBeEnabled();
  });
});
