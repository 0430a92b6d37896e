// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../components/toasts';
import { jsonResponse, mockFetchEachTest } from '../../test/mock-fetch';
import { PrayerForm } from './prayer-form';

// A component test: fetch is the boundary here. The real server is exercised by e2e/community.spec.ts.
const fetchMock = mockFetchEachTest();
/** The server's 201 answer: the prayer is stored, waiting for review. */
const storedPrayer = (id: string, text: string) =>
  jsonResponse({ id, text, nameOptional: null, hearts: 0, approved: false, createdAt: '2026-01-01T00:00:00.000Z' }, 201);

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PrayerForm />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const toast = () => screen.getByTestId('toast');
const submitButton = () => screen.getByRole('button', { name: 'Submit Prayer Request' });

/** Types the request (and the name, when given), ticks the consent box unless told not to, and submits. */
async function submitPrayer(user: UserEvent, { text, name, consent = true }: { text: string; name?: string; consent?: boolean }) {
  await user.type(screen.getByLabelText('Your prayer request'), text);
  if (name !== undefined) await user.type(screen.getByLabelText('Your name (optional)'), name);
  if (consent) await user.click(screen.getByRole('checkbox'));
  await user.click(submitButton());
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('PrayerForm', () => {
  it('asks for the prayer text when it is blank after trimming, and sends nothing', async () => {
    const user = renderForm();
    await submitPrayer(user, { text: '    ' });
    expect(toast().textContent).toContain('Prayer Text Required');
    expect(toast().textContent).toContain('Please enter your prayer request before submitting.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for consent when the box is not ticked, keeps the text, and sends nothing', async () => {
    const user = renderForm();
    await submitPrayer(user, { text: 'Pray for rain on the Essequibo coast', consent: false });
    expect(toast().textContent).toContain('Consent Required');
    expect(toast().textContent).toContain('Please provide consent to share your prayer request.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Your prayer request') as HTMLInputElement).value).toBe('Pray for rain on the Essequibo coast');
  });

  it('sends the trimmed text without a blank name, with an Idempotency-Key, then clears the form', async () => {
    fetchMock.mockResolvedValue(storedPrayer('p1', 'Peace'));
    const user = renderForm();
    await submitPrayer(user, { text: '  Peace  ', name: '   ' });
    await waitFor(() => expect(toast().textContent).toContain('Prayer Submitted'));
    expect(toast().textContent).toContain('Your prayer request has been submitted for review.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/prayers');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Peace' });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((screen.getByLabelText('Your prayer request') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it("shows the server's error beside the field and keeps what was typed when submission fails", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ error: 'Please check the highlighted fields.', issues: [{ path: 'text', message: 'Please keep your prayer shorter.' }] }, 400),
    );
    const user = renderForm();
    await submitPrayer(user, { text: 'Strength for the week', name: 'Andre' });
    await waitFor(() => expect(toast().textContent).toContain('Submission Failed'));
    expect(toast().textContent).toContain('Please check the highlighted fields.');
    expect(toast().classList.contains('toast-destructive')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({ text: 'Strength for the week', nameOptional: 'Andre' });
    const text = screen.getByLabelText('Your prayer request') as HTMLTextAreaElement;
    expect(text.value).toBe('Strength for the week');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(text.getAttribute('aria-describedby')!)?.textContent).toBe('Please keep your prayer shorter.');
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('queues the prayer while offline and sends it once the connection returns', async () => {
    fetchMock.mockResolvedValue(storedPrayer('p2', 'Rain'));
    const user = renderForm();
    onlineManager.setOnline(false);
    await submitPrayer(user, { text: 'Rain' });
    await screen.findByText(/Your prayer request is saved and will be sent when the connection returns/);
    expect(screen.getByRole('button', { name: 'Waiting for connection...' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    onlineManager.setOnline(true);
    await waitFor(() => expect(toast().textContent).toContain('Prayer Submitted'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Your prayer request') as HTMLTextAreaElement).value).toBe('');
  });
});
