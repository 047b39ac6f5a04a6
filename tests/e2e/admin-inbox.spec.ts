import { expect, type Locator, type Page } from '@playwright/test';
import {
  adminTab,
  adminTest as test,
  expectToast,
  openAdmin,
  readOutbox,
  waitForIsland,
  waitForMail,
} from './helpers';

/**
 * Admin Requests, Contacts and Messaging tabs (SPEC §2). One real Find It request and one real
 * contact message (rate limits 10/hour each per IP; forms.spec.ts uses one of each).
 */

const RUN = Date.now().toString(36);

/** The number in the tile whose label is `label` ("Total Requests", "Pending", "Handled"). */
function tile(page: Page, label: string): Locator {
  return page
    .locator('.tile')
    .filter({ hasText: new RegExp(`^\\s*\\d+\\s*${label}\\s*$`) })
    .locator('strong');
}

async function tileValue(page: Page, label: string): Promise<number> {
  return Number(await tile(page, label).innerText());
}

test.describe('admin Requests and Contacts', () => {
  test('a Find It request is marked as handled, then Clear All empties the list', async ({
    page,
  }) => {
    const customer = `E2E Inbox Customer ${RUN}`;
    await page.goto('/find-it/');
    const submit = page.getByRole('button', { name: 'Submit Request', exact: true });
    await waitForIsland(page, submit);
    await page.getByLabel('Your Name *', { exact: true }).fill(customer);
    await page.getByLabel('Email *', { exact: true }).fill(`inbox-${RUN}@admin.e2e.example.com`);
    await page.getByLabel('Phone *', { exact: true }).fill('+234 803 555 0000');
    await page.getByLabel('Location *', { exact: true }).fill(`Ikeja ${RUN}`);
    await page.getByRole('checkbox', { name: 'Tyre Services', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Mechanic / Repair Services', exact: true }).check();
    await page
      .getByLabel('Additional Information', { exact: true })
      .fill(`Two new tyres please. ${RUN}`);
    await submit.click();
    await expectToast(page, 'Request Submitted Successfully', { type: 'success' });

    await openAdmin(page, 'Requests');
    await expect(
      page.getByRole('heading', { name: 'Service Requests', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Requests from the Find It feature')).toBeVisible();
    const total = await tileValue(page, 'Total Requests');
    const pending = await tileValue(page, 'Pending');
    const handled = await tileValue(page, 'Handled');
    expect(total).toBeGreaterThan(0);
    expect(pending + handled).toBe(total);
    await expect(adminTab(page, 'Requests')).toHaveText(`Requests (${total})`);

    const item = page.locator('li.card').filter({ hasText: customer });
    await expect(item).toContainText('Tyre Services');
    await expect(item).toContainText(`Ikeja ${RUN}`);
    await expect(item).not.toHaveClass(/handled/);

    // Claimed listings of the trade heard of it at once, without the customer's details (issue
    // 36.2); the admin forwards it to the other matching businesses (issue 12.7).
    const businessMail = () =>
      readOutbox().filter((m) => m.subject.startsWith('New request for') && m.body.includes(RUN));
    const atOnce = businessMail().length;
    for (const mail of businessMail()) expect(mail.body).not.toContain('+234 803 555 0000');
    await item.getByRole('button', { name: 'Forward to matching businesses', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Forward to matching businesses' });
    const shown = dialog.getByRole('status');
    await expect(shown).toContainText(/^Showing the first (\d+) of \1 matching businesses\./);
    const count = Number((await shown.innerText()).match(/first (\d+)/)![1]);
    expect(count, 'sample businesses offering the services').toBeGreaterThan(0);
    const toSend = await dialog.getByRole('checkbox', { checked: true, disabled: false }).count();
    expect(toSend).toBeGreaterThan(0);
    await dialog
      .getByRole('button', { name: `Forward to ${toSend} business(es)`, exact: true })
      .click();
    await expectToast(page, `Request forwarded to ${toSend} business(es)`, { type: 'success' });
    await expect(item).toContainText(`Sent to ${atOnce + toSend} business(es)`);
    await expect.poll(() => businessMail().length).toBe(atOnce + toSend);

    await item.getByRole('button', { name: 'Mark as Handled', exact: true }).click();
    await expectToast(page, 'Service request marked as handled', { type: 'success' });
    await expect(
      page.getByRole('heading', { name: 'Recently Handled', exact: true }),
    ).toBeVisible();
    const handledItem = page.locator('li.card.handled').filter({ hasText: customer });
    await expect(handledItem).toBeVisible();
    await expect(handledItem.getByRole('button', { name: 'Mark as Handled' })).toHaveCount(0);
    await expect(handledItem).toContainText(/Handled \w+/);
    await expect(tile(page, 'Pending')).toHaveText(String(pending - 1));
    await expect(tile(page, 'Handled')).toHaveText(String(handled + 1));

    // Stored: still handled after a reload.
    await openAdmin(page, 'Requests');
    await expect(page.locator('li.card.handled').filter({ hasText: customer })).toBeVisible();

    await page.getByRole('button', { name: 'Clear All', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Delete every service request? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Clear All', exact: true }).click();
    await expectToast(page, 'All service requests cleared successfully', { type: 'success' });
    await expect(page.getByRole('heading', { name: 'No service requests yet' })).toBeVisible();
    await expect(tile(page, 'Total Requests')).toHaveText('0');
    await expect(adminTab(page, 'Requests')).toHaveText('Requests (0)');
    await expect(page.getByRole('button', { name: 'Clear All', exact: true })).toHaveCount(0);

    await openAdmin(page, 'Requests');
    await expect(page.getByRole('heading', { name: 'No service requests yet' })).toBeVisible();
  });

  test('a contact message is marked as handled, then Clear All Contacts empties the list', async ({
    page,
  }) => {
    const subject = `E2E inbox subject ${RUN}`;
    await page.goto('/contact/');
    const submit = page.getByRole('button', { name: 'Send Message', exact: true });
    await waitForIsland(page, submit);
    await page.getByLabel('Name *', { exact: true }).fill('Inbox Writer');
    await page.getByLabel('Email *', { exact: true }).fill(`writer-${RUN}@admin.e2e.example.com`);
    await page.getByLabel('Subject *', { exact: true }).fill(subject);
    await page
      .getByLabel('Message *', { exact: true })
      .fill('Please check my listing details, thank you.');
    await submit.click();
    await expectToast(page, 'Message sent successfully!', { type: 'success' });

    await openAdmin(page, 'Contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', exact: true })).toBeVisible();
    const total = await tileValue(page, 'Total Contacts');
    const pending = await tileValue(page, 'Pending');
    const handled = await tileValue(page, 'Handled');
    expect(total).toBeGreaterThan(0);
    await expect(adminTab(page, 'Contacts')).toHaveText(`Contacts (${total})`);

    const item = page.locator('li.card').filter({ hasText: subject });
    await expect(item).toContainText('Please check my listing details, thank you.');
    await item.getByRole('button', { name: 'Mark as Handled', exact: true }).click();
    await expectToast(page, 'Contact marked as handled', { type: 'success' });
    await expect(
      page.getByRole('heading', { name: 'Recently Handled', exact: true }),
    ).toBeVisible();
    await expect(page.locator('li.card.handled').filter({ hasText: subject })).toBeVisible();
    await expect(tile(page, 'Pending')).toHaveText(String(pending - 1));
    await expect(tile(page, 'Handled')).toHaveText(String(handled + 1));

    await page.getByRole('button', { name: 'Clear All Contacts', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Delete every contact message? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Clear All Contacts', exact: true }).click();
    await expectToast(page, 'All contacts cleared successfully', { type: 'success' });
    await expect(page.getByRole('heading', { name: 'No contacts found' })).toBeVisible();
    await expect(
      page.getByText('No contact submissions have been received yet.', { exact: true }),
    ).toBeVisible();
    await expect(tile(page, 'Total Contacts')).toHaveText('0');
    await expect(adminTab(page, 'Contacts')).toHaveText('Contacts (0)');
  });
});

test.describe('admin Messaging', () => {
  test('empty subject is refused; a custom list of two gets the message through the outbox', async ({
    page,
  }) => {
    const subject = `E2E admin message ${RUN}`;
    const recipients = ['a@example.com', 'b@example.com'];
    await openAdmin(page, 'Messaging');
    await expect(
      page.getByText('Search is not available for Messaging', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Compose Message', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const sentTab = page.getByRole('tab', { name: /^Sent Messages \(\d+\)$/ });
    await expect(sentTab).toBeVisible();
    const api = await page.request.get('/api/admin/messages');
    expect(api.status()).toBe(200);
    const sentBefore = ((await api.json()) as { total: number }).total;
    await expect(sentTab).toHaveText(`Sent Messages (${sentBefore})`);

    await page
      .getByRole('combobox', { name: /^Recipients/ })
      .selectOption({ label: 'Custom list' });
    const emails = page.getByRole('textbox', { name: /^Email addresses \(comma-separated\)/ });
    await emails.fill(recipients.join(', '));
    await page.getByRole('textbox', { name: /^Message/ }).fill('Hello from the e2e admin.');
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expectToast(page, 'Please fill in subject and message', { type: 'error' });
    await expect(emails).toHaveValue(recipients.join(', '));

    await page.getByRole('textbox', { name: /^Subject/ }).fill(subject);
    await page.getByRole('button', { name: 'Send Message', exact: true }).click();
    await expectToast(page, 'Message sent to 2 recipient(s)', { type: 'success' });
    await expect(page.getByRole('textbox', { name: /^Subject/ })).toHaveValue('');
    await expect(sentTab).toHaveText(`Sent Messages (${sentBefore + 1})`);

    const mail = await waitForMail((m) => m.subject === subject, `admin message "${subject}"`);
    for (const address of recipients) {
      expect(
        mail.some((m) => m.to.includes(address)),
        `mail to ${address}`,
      ).toBe(true);
    }
    expect(mail.every((m) => m.body.includes('Hello from the e2e admin.'))).toBe(true);

    await sentTab.click();
    const sent = page.locator('li.card').filter({ hasText: subject });
    await expect(sent).toContainText('custom');
    await expect(sent).toContainText('2 sent');
  });
});
